// The game in progress and the person's choices, in localStorage. A stored
// game is only its settings and its moves: the engine replays them, so a
// damaged store can only fail to load, never bend a rule.

const GAME_KEY = 'virada.game.v1';
const PREFS_KEY = 'virada.prefs.v1';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the saved game: {status:'none'} | {status:'ok', game} | {status:'broken'}. */
export function loadGame() {
  const s = storage();
  const raw = s?.getItem(GAME_KEY);
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
      typeof g.moves === 'string' &&
      Array.isArray(g.byTable) && g.byTable.every(Number.isInteger);
    return ok ? { status: 'ok', game: { ...g, word: g.word ?? '' } } : { status: 'broken' };
  } catch {
    return { status: 'broken' };
  }
}

/** Saves the game in progress. */
export function saveGame(game) {
  try {
    storage()?.setItem(GAME_KEY, JSON.stringify(game));
  } catch {
    // A full or disabled store only loses the reload feature.
  }
}

/** Forgets the saved game. */
export function clearGame() {
  try {
    storage()?.removeItem(GAME_KEY);
  } catch {
    // nothing to do
  }
}

/** The person's remembered choices ({lang, muted}). */
export function loadPrefs() {
  try {
    const p = JSON.parse(storage()?.getItem(PREFS_KEY) ?? '{}');
    return p && typeof p === 'object' ? p : {};
  } catch {
    return {};
  }
}

/** Remembers one choice. */
export function savePref(name, value) {
  const p = loadPrefs();
  p[name] = value;
  try {
    storage()?.setItem(PREFS_KEY, JSON.stringify(p));
  } catch {
    // nothing to do
  }
}
