// Nabucodonosor's door into the wasm package: the page asks the Rust engine
// (legal placements, captures at a cell, flips, play, bot, record) and never
// applies a rule itself.

import init, {
  NabuGame,
  fair_new_seed,
  fair_fingerprint,
  record_verify,
  nabu_bot_move,
} from './pkg/virada.js';

let loading = null;

/** Loads the engine once. */
export function ready() {
  loading ??= init();
  return loading;
}

const COLUMNS = 'abcdefghijklmno';

/** Index (row * n + col) → "c3" on an n×n board. */
export function cellName(index, n) {
  return COLUMNS[index % n] + String(Math.floor(index / n) + 1);
}

/** "c3" → index on an n×n board, or -1. */
export function cellIndex(name, n) {
  const m = /^([a-o])([1-9][0-9]?)$/.exec(String(name));
  if (!m) return -1;
  const col = COLUMNS.indexOf(m[1]);
  const row = Number(m[2]) - 1;
  return col < n && row < n ? row * n + col : -1;
}

/** "c3:e4" → { top, left, bottom, right } (0-based), or null. */
export function rectOf(text, n) {
  const [a, b] = String(text).split(':');
  const ia = cellIndex(a, n);
  const ib = cellIndex(b, n);
  if (ia < 0 || ib < 0) return null;
  return {
    top: Math.floor(ia / n),
    left: ia % n,
    bottom: Math.floor(ib / n),
    right: ib % n,
  };
}

/** The words of a space-separated list from the engine. */
export function words(text) {
  return String(text).split(' ').filter(Boolean);
}

export {
  NabuGame,
  fair_new_seed as newSeed,
  fair_fingerprint as fingerprintOf,
  record_verify as verifyRecord,
  nabu_bot_move as nabuBotMove,
};
