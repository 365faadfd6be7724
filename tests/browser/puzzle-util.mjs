// Helpers for the puzzle page's browser tests: the library's own answers,
// asked of the puzzle package (www/pkg-puzzle, the page's worker's) under
// Node, so that a test knows which moves solve a puzzle and what a miss
// costs without writing any down; and the page's state as it shows it.

import { readFileSync } from 'node:fs';
import { initSync, PuzzleSession } from '../../www/pkg-puzzle/virada.js';

initSync({ module: readFileSync(new URL('../../www/pkg-puzzle/virada_bg.wasm', import.meta.url)) });
const SET = readFileSync(new URL('../../www/puzzle/puzzles.txt', import.meta.url), 'utf8');

/** The shipped set's puzzles: {id, rating, empties}, in the file's order. */
export const PUZZLES = SET.split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => ({
    id: /id=([0-9a-f]+)/.exec(l)[1],
    rating: Number(/rating=(\d+)/.exec(l)[1]),
    empties: [...l.slice(0, 64)].filter((c) => c === '-').length,
  }));

/** Runs `f` with a session of the set, freed after. */
function withSession(f) {
  const s = new PuzzleSession();
  try {
    s.load_set(SET);
    return f(s);
  } finally {
    s.free();
  }
}

/** Opens `id` and plays `moves`: the last answer (the opening's when none). */
function after(s, id, moves) {
  let answer = JSON.parse(s.open(id));
  for (const m of moves) answer = JSON.parse(s.play(m));
  return answer;
}

/**
 * The person's moves that solve `id`, each found by the solver: after the
 * moves so far, the first legal square that the line keeps.
 * @returns {string[]}
 */
export function solution(id) {
  const moves = [];
  for (;;) {
    const legal = withSession((s) => after(s, id, moves).position.legal.map((l) => l.move));
    let found = null;
    for (const move of legal) {
      const answer = withSession((s) => after(s, id, [...moves, move]));
      if (answer.outcome !== 'missed') {
        found = answer;
        moves.push(move);
        break;
      }
    }
    if (!found) throw new Error(`no move keeps ${id} after ${moves.join(' ')}`);
    if (found.outcome === 'solved') return moves;
  }
}

/**
 * A first move of `id` that misses, and what the library says of it:
 * {move, ends, bestEnds, best, plies}.
 */
export function aMiss(id) {
  return withSession((s) => {
    const opened = JSON.parse(s.open(id));
    for (const l of opened.position.legal) {
      const answer = withSession((t) => after(t, id, [l.move]));
      if (answer.outcome === 'missed') return { move: l.move, ...answer, start: opened.position.cells };
    }
    throw new Error(`${id} has no wrong move`);
  });
}

/** The empty squares of `id`'s start where the side to move cannot play, as the library says. */
export function illegalSquares(id) {
  return withSession((s) => {
    const { position } = JSON.parse(s.open(id));
    const legal = new Set(position.legal.map((l) => l.move));
    return [...position.cells]
      .map((c, sq) => (c === '-' ? `${String.fromCharCode(97 + (sq % 8))}${Math.floor(sq / 8) + 1}` : ''))
      .filter((name) => name && !legal.has(name));
  });
}

/** A streak's next after `rating` (-1 for its first), none of `skip`. */
export function harder(rating, skip = []) {
  return withSession((s) => s.harder(rating, skip.join(',')));
}

/** The square index of `d3`. */
export const sqOf = (name) => (name.charCodeAt(0) - 97) + 8 * (Number(name.slice(1)) - 1);

/** The cell of square `name` on the page's board. */
export const cell = (page, name) => page.locator(`#grid [data-sq="${sqOf(name)}"]`);

/** The board's discs as the page names them: 64 of X, O, -. */
export async function shownCells(page) {
  return page.locator('#grid [data-sq]').evaluateAll((els) => els.map((e) => ({ dark: 'X', light: 'O' })[e.dataset.disc] ?? '-').join(''));
}

/**
 * Plays `moves` on the page by `how` ('tap': preview, then the same square
 * again; 'click': a mouse click places), waiting after each for the person's
 * turn again or the end; `done` moves were played before.
 */
export async function playMoves(page, moves, how, done = 0) {
  for (const [i, move] of moves.entries()) {
    const c = cell(page, move);
    if (how === 'tap') {
      await c.tap();
      await page.waitForSelector(`#grid [data-sq="${sqOf(move)}"][data-preview]`);
      await c.tap();
    } else {
      await c.click();
    }
    const last = i === moves.length - 1;
    await page.waitForSelector(last ? 'body[data-state="solved"], body[data-state="missed"]' : `body[data-state="play"][data-accepted="${done + i + 1}"]`);
  }
}
