// @ts-check
// The person's puzzle rating: a signed-in person's is the server's (each
// attempt posted, the server judges it again and answers the new ratings,
// docs/puzzles.md); anyone else's is kept on this device, in localStorage,
// and rated by the library's Glicko-2 in the puzzle worker, never here.
// Only a first attempt at a puzzle is rated, in both places. A signed-in
// person's attempt that finds no server (offline) is kept on the device and
// posted when the page is online again (`postKept`), once.

import { who } from '../accounts/header.js';

const KEY = 'virada.puzzles.v1';
/** A signed-in person's attempts not yet posted: [{who, id, moves}]. */
const PENDING = 'virada.puzzles.pending.v1';
/** The most attempts kept to post later. */
const MAX_PENDING = 50;
/** The most puzzle ids the device remembers as tried. */
const MAX_TRIED = 600;
/** A new person's rating, as the library's `Stated::NEW`: 1500, 350, 0.06. */
const NEW = { rating: 150_000, deviation: 35_000, volatility: 60_000_000, shown: '1500?' };

/**
 * @typedef {object} Kept what the device keeps
 * @property {import('./solver.js').Stated} rating
 * @property {string[]} tried the puzzles attempted, oldest first
 *
 * @typedef {object} Rated what an attempt did to the person's rating
 * @property {boolean} rated false: tried before, or the server not reached
 * @property {string} [before] as shown (`1500?`)
 * @property {string} [after]
 * @property {number} [change] whole points
 * @property {boolean} [offline] the server could not be reached
 * @property {boolean} [kept] kept on the device, to be posted when online
 * @property {boolean} [refused] the server refused it (signed out since, a puzzle gone)
 *
 * @typedef {object} Pending a signed-in person's attempt not yet posted
 * @property {string} who the account's name
 * @property {string} id
 * @property {string[]} moves
 */

/** Whether a person is signed in (the server's cookie). */
export function signedIn() {
  return who() !== null;
}

/** @returns {Kept} */
export function kept() {
  try {
    const k = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (k && typeof k === 'object' && k.rating && Array.isArray(k.tried)) {
      const r = k.rating;
      if ([r.rating, r.deviation, r.volatility].every(Number.isSafeInteger)) return { rating: r, tried: k.tried.filter((t) => typeof t === 'string') };
    }
  } catch {
    // A damaged store starts afresh.
  }
  return { rating: { ...NEW }, tried: [] };
}

/** @param {Kept} k */
function keep(k) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ rating: k.rating, tried: k.tried.slice(-MAX_TRIED) }));
  } catch {
    // Storage full or refused: the rating lives as long as the page.
  }
}

/** The rating as shown, `1500?` while provisional, from the library's own words. */
export function shownHere() {
  const r = kept().rating;
  return r.shown ?? NEW.shown;
}

/**
 * Rates an attempt: on the server for a signed-in person, on the device
 * otherwise (through the worker's `rate`).
 * @param {(op: string, ...args: unknown[]) => Promise<any>} ask the worker
 * @param {string} id
 * @param {string[]} moves the person's moves
 * @param {boolean} solved
 * @returns {Promise<Rated>}
 */
export async function rateAttempt(ask, id, moves, solved) {
  const me = who();
  if (me) {
    const r = await post(id, moves);
    if (r) return r;
    const list = pending().filter((p) => !(p.who === me.name && p.id === id));
    list.push({ who: me.name, id, moves });
    keepPending(list);
    return { rated: false, offline: true, kept: true };
  }
  const k = kept();
  if (k.tried.includes(id)) return { rated: false, before: k.rating.shown, after: k.rating.shown, change: 0 };
  const answer = await ask('rate', k.rating, id, solved);
  k.rating = answer.after;
  k.tried.push(id);
  keep(k);
  return { rated: true, before: answer.before.shown, after: answer.after.shown, change: answer.change };
}

/** The puzzles this device tried, for the next choice to skip. */
export function triedHere() {
  return kept().tried;
}

/**
 * The signed-in person's puzzle rating as shown, or null (signed out, offline).
 * @returns {Promise<string|null>}
 */
export async function shownOnServer() {
  if (!signedIn()) return null;
  try {
    const response = await fetch(new URL('api/puzzles/me', location.href), { credentials: 'same-origin' });
    if (!response.ok) return null;
    return String((await response.json()).shown ?? '') || null;
  } catch {
    return null;
  }
}

/**
 * Posts an attempt: the server's answer, or null when it was not reached
 * (no network, or the server away for a moment: 5xx).
 * @param {string} id
 * @param {string[]} moves
 * @returns {Promise<Rated|null>}
 */
async function post(id, moves) {
  let response;
  try {
    response = await fetch(new URL(`api/puzzles/${encodeURIComponent(id)}/attempt`, location.href), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ moves }),
    });
  } catch {
    return null;
  }
  if (response.status >= 500) return null;
  // Refused (signed out since, a puzzle gone): said as not rated, not kept.
  if (!response.ok) return { rated: false, refused: true };
  const a = await response.json().catch(() => ({}));
  return { rated: Boolean(a.rated), before: a.before?.shown, after: a.after?.shown, change: Number(a.change) || 0 };
}

/** @returns {Pending[]} */
function pending() {
  try {
    const list = JSON.parse(localStorage.getItem(PENDING) ?? '[]');
    if (Array.isArray(list)) {
      return list.filter((p) => p && typeof p.who === 'string' && typeof p.id === 'string' && Array.isArray(p.moves) && p.moves.every((m) => typeof m === 'string'));
    }
  } catch {
    // A damaged list is dropped.
  }
  return [];
}

/** @param {Pending[]} list */
function keepPending(list) {
  try {
    if (list.length) localStorage.setItem(PENDING, JSON.stringify(list.slice(-MAX_PENDING)));
    else localStorage.removeItem(PENDING);
  } catch {
    // Storage full or refused: the attempt is not kept.
  }
}

/** The ids of this person's attempts kept to post later. */
export function keptIds() {
  const me = who();
  return me ? pending().filter((p) => p.who === me.name).map((p) => p.id) : [];
}

let posting = false;

/**
 * Posts the signed-in person's kept attempts, each once: one the server
 * answered (rated or refused) leaves the list; the rest wait for the next
 * try. Calls `posted(id, rated)` for each answered.
 * @param {(id: string, rated: Rated) => void} posted
 */
export async function postKept(posted) {
  const me = who();
  if (!me || posting) return;
  posting = true;
  try {
    for (const p of pending().filter((x) => x.who === me.name)) {
      const r = await post(p.id, p.moves);
      if (!r) break;
      keepPending(pending().filter((x) => !(x.who === p.who && x.id === p.id)));
      posted(p.id, r);
    }
  } finally {
    posting = false;
  }
}
