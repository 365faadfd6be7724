// @ts-check
// A streak (puzzle.html?streak=1) kept across a reload of the same tab
// (sessionStorage: the count, the puzzles solved, the puzzle on the board,
// the last solved one's rating), and the best streak kept on this device
// (localStorage). Nothing here is rated.

const RUN = 'virada.puzzles.streak.v1';
const BEST = 'virada.puzzles.best-streak.v1';

/**
 * @typedef {object} Run a streak under way
 * @property {number} streak puzzles solved in a row
 * @property {string[]} ids those puzzles
 * @property {number} above the last solved one's rating (-1: none yet)
 * @property {string} at the puzzle on the board ('' between two)
 */

/** @returns {Run} */
export function runningStreak() {
  try {
    const r = JSON.parse(sessionStorage.getItem(RUN) ?? 'null');
    if (r && Number.isSafeInteger(r.streak) && r.streak >= 0 && Array.isArray(r.ids) && Number.isSafeInteger(r.above) && typeof r.at === 'string') {
      return { streak: r.streak, ids: r.ids.filter((id) => typeof id === 'string'), above: r.above, at: r.at };
    }
  } catch {
    // A damaged store starts a new streak.
  }
  return { streak: 0, ids: [], above: -1, at: '' };
}

/** @param {Run} run */
export function keepStreak(run) {
  try {
    sessionStorage.setItem(RUN, JSON.stringify(run));
  } catch {
    // Storage refused: the streak lives as long as the page.
  }
}

/** The best streak on this device. */
export function bestStreak() {
  try {
    const n = Number(localStorage.getItem(BEST) ?? 0);
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** Keeps `n` as the best streak when it is. */
export function noteStreak(n) {
  if (n <= bestStreak()) return;
  try {
    localStorage.setItem(BEST, String(n));
  } catch {
    // Storage refused: not kept.
  }
}
