// @ts-check
// The match in progress (V1), in localStorage beside the game in progress
// (core/store.js): its kind and target, the finished games' records, the
// fingerprint of the game at the table and, between games, the next game's
// seed (drawn, its fingerprint shown, not yet played). The engine scores the
// records again on every load, so a damaged store can only fail to load.

/**
 * @typedef {object} SavedMatch
 * @property {'points'|'games'} kind
 * @property {number} target
 * @property {string[]} records the finished games' records, in order
 * @property {string} current the fingerprint of the match's game at the table
 * @property {string|null} next between games: the next game's seed (64 hex)
 * @property {string|null} record once over: the match record
 */

import { MATCH_KEY } from '../core/store.js';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored match, or null when there is none or it does not read.
 * @returns {SavedMatch|null}
 */
export function loadMatch() {
  try {
    const m = JSON.parse(storage()?.getItem(MATCH_KEY) ?? 'null');
    const hex = (v, n) => typeof v === 'string' && new RegExp(`^[0-9a-f]{${n}}$`).test(v);
    const ok =
      m && typeof m === 'object' &&
      (m.kind === 'points' || m.kind === 'games') && Number.isInteger(m.target) &&
      Array.isArray(m.records) && m.records.every((r) => typeof r === 'string') &&
      hex(m.current, 64) && (m.next === null || hex(m.next, 64)) &&
      (m.record === null || typeof m.record === 'string');
    return ok ? m : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the match.
 * @param {SavedMatch} match
 */
export function saveMatch(match) {
  try {
    storage()?.setItem(MATCH_KEY, JSON.stringify(match));
  } catch {
    // A full or disabled store only loses the reload.
  }
}

/** Forgets the match. */
export function clearMatch() {
  try {
    storage()?.removeItem(MATCH_KEY);
  } catch {
    // nothing to do
  }
}
