// @ts-check
// The game in progress (one slot a game) and the person's choices, in
// localStorage. A stored game is only its settings and its moves: the engine
// replays them, so a damaged store can only fail to load, never bend a rule.
//
// A stored game says its format (`format`, GAME_FORMAT). A page reads every
// older format by migrating it (format 1, before the field: `word`,
// `assists`, `deadline` and `game` could be missing); a newer one it cannot
// read is reported, never overwritten (docs/offline.md).

/** The format this page writes; the formats before it are migrated on load. */
export const GAME_FORMAT = 2;

/**
 * @typedef {object} SavedGame a game in progress as a slot keeps it
 * @property {number} [format] GAME_FORMAT when written (absent in format 1)
 * @property {string} [game]
 * @property {number} [size]
 * @property {string} seats
 * @property {number} level
 * @property {number|string} clock seconds a turn, or a game clock in its notation (`180+2`)
 * @property {{times: number[], left: [number, number], since: number}} [timed] a game clock under way: each ply's time left (tenths), each colour's milliseconds left when last stopped, when the running one started (ms since the epoch)
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
/** The match in progress (match/store.js keeps it; the page asks only whether there is one). */
export const MATCH_KEY = 'virada.match.v1';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A stored game of format 1 brought to the current one: the fields it could
 * leave out get the values they meant.
 * @param {Record<string, any>} g
 * @param {string} slot
 */
function migrate(g, slot) {
  if (g.format === undefined) {
    g = { game: slot, word: '', assists: '', deadline: null, ...g, format: 2 };
  }
  return g;
}

/** A stored game clock's shape (the engine checks that it fits the moves). */
const timedOk = (t) =>
  t && typeof t === 'object' &&
  Array.isArray(t.times) && t.times.length <= 200 && t.times.every((x) => Number.isInteger(x) && x >= 0) &&
  Array.isArray(t.left) && t.left.length === 2 && t.left.every((x) => Number.isFinite(x) && x >= 0) &&
  Number.isFinite(t.since);

/**
 * Reads the saved game of `slot`: {status:'none'} | {status:'ok', game,
 * from} (from: the format it was stored in) | {status:'broken'} |
 * {status:'newer', format} (stored by a newer version of the page).
 * @param {string} [slot]
 * @returns {{status: 'none'|'broken', game?: undefined} | {status: 'newer', format: number, game?: undefined} | {status: 'ok', game: SavedGame, from: number}}
 */
export function loadGame(slot = 'othello') {
  const s = storage();
  const raw = s?.getItem(gameKey(slot));
  if (raw == null) return { status: 'none' };
  try {
    const stored = JSON.parse(raw);
    if (stored && typeof stored === 'object' && stored.format !== undefined) {
      if (!Number.isInteger(stored.format) || stored.format < 2) return { status: 'broken' };
      if (stored.format > GAME_FORMAT) return { status: 'newer', format: stored.format };
    }
    const from = stored?.format ?? 1;
    const g = stored && typeof stored === 'object' ? migrate(stored, slot) : stored;
    const ok =
      g && typeof g === 'object' &&
      typeof g.seats === 'string' &&
      Number.isInteger(g.level) && (Number.isInteger(g.clock) || (typeof g.clock === 'string' && g.clock.length <= 16)) &&
      (g.timed === undefined || timedOk(g.timed)) &&
      typeof g.seed === 'string' && /^[0-9a-f]{64}$/.test(g.seed) &&
      typeof g.seedChosen === 'boolean' &&
      typeof g.word === 'string' &&
      (g.handicap === undefined || typeof g.handicap === 'string') &&
      typeof g.game === 'string' &&
      (g.size === undefined || Number.isInteger(g.size)) &&
      typeof g.moves === 'string' &&
      typeof g.assists === 'string' &&
      (g.deadline == null || Number.isFinite(g.deadline)) &&
      Array.isArray(g.byTable) && g.byTable.every(Number.isInteger);
    return ok ? { status: 'ok', game: g, from } : { status: 'broken' };
  } catch {
    return { status: 'broken' };
  }
}

/**
 * Saves the game in progress in `slot`, in the current format.
 * @param {SavedGame} game
 * @param {string} [slot]
 */
export function saveGame(game, slot = 'othello') {
  try {
    storage()?.setItem(gameKey(slot), JSON.stringify({ format: GAME_FORMAT, ...game }));
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

/**
 * Whether a match is stored (read or not): the page then loads match play
 * (match/match.js) at once, which reads it (match/store.js).
 * @returns {boolean}
 */
export function matchStored() {
  try {
    return storage()?.getItem(MATCH_KEY) != null;
  } catch {
    return false;
  }
}
