// @ts-check
// The game in progress (one slot a game) and the person's choices, in
// localStorage. A stored game is only its settings and its moves: the engine
// replays them, so a damaged store can only fail to load, never bend a rule.

/**
 * @typedef {object} SavedGame a game in progress as a slot keeps it
 * @property {string} [game]
 * @property {number} [size]
 * @property {string} seats
 * @property {number} level
 * @property {number} clock
 * @property {string} seed 64 hex
 * @property {boolean} seedChosen
 * @property {string} word
 * @property {string} [handicap] Othello's handicap in its short form ('' for none)
 * @property {string} moves the session's transcript
 * @property {number[]} byTable the plies the table made
 * @property {number|null} [deadline] when the turn's clock runs out (ms since the epoch)
 * @property {string} [assists] hints and undos so far ("hint 3, undo 8 2")
 */

const GAME_KEY = 'virada.game.v1';
/** The key of a game's slot: Othello keeps the first one. */
const gameKey = (slot) => (slot === 'othello' ? GAME_KEY : `virada.game.${slot}.v1`);
const PREFS_KEY = 'virada.prefs.v1';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads the saved game of `slot`: {status:'none'} | {status:'ok', game} | {status:'broken'}.
 * @param {string} [slot]
 * @returns {{status: 'none'|'broken', game?: undefined} | {status: 'ok', game: SavedGame}}
 */
export function loadGame(slot = 'othello') {
  const s = storage();
  const raw = s?.getItem(gameKey(slot));
  if (raw == null) return { status: 'none' };
  try {
    const g = JSON.parse(raw);
    const ok =
      g && typeof g === 'object' &&
      typeof g.seats === 'string' &&
      Number.isInteger(g.level) && Number.isInteger(g.clock) &&
      typeof g.seed === 'string' && /^[0-9a-f]{64}$/.test(g.seed) &&
      typeof g.seedChosen === 'boolean' &&
      (g.word === undefined || typeof g.word === 'string') &&
      (g.handicap === undefined || typeof g.handicap === 'string') &&
      (g.size === undefined || Number.isInteger(g.size)) &&
      typeof g.moves === 'string' &&
      (g.assists === undefined || typeof g.assists === 'string') &&
      Array.isArray(g.byTable) && g.byTable.every(Number.isInteger);
    return ok ? { status: 'ok', game: { ...g, word: g.word ?? '' } } : { status: 'broken' };
  } catch {
    return { status: 'broken' };
  }
}

/**
 * Saves the game in progress in `slot`.
 * @param {SavedGame} game
 * @param {string} [slot]
 */
export function saveGame(game, slot = 'othello') {
  try {
    storage()?.setItem(gameKey(slot), JSON.stringify(game));
  } catch {
    // A full or disabled store only loses the reload feature.
  }
}

/**
 * Forgets the saved game of `slot`.
 * @param {string} [slot]
 */
export function clearGame(slot = 'othello') {
  try {
    storage()?.removeItem(gameKey(slot));
  } catch {
    // nothing to do
  }
}

/**
 * The person's remembered choices ({lang, muted}).
 * @returns {{lang?: string, muted?: boolean} & Record<string, unknown>}
 */
export function loadPrefs() {
  try {
    const p = JSON.parse(storage()?.getItem(PREFS_KEY) ?? '{}');
    return p && typeof p === 'object' ? p : {};
  } catch {
    return {};
  }
}

/**
 * Remembers one choice.
 * @param {string} name
 * @param {unknown} value
 */
export function savePref(name, value) {
  const p = loadPrefs();
  p[name] = value;
  try {
    storage()?.setItem(PREFS_KEY, JSON.stringify(p));
  } catch {
    // nothing to do
  }
}
