// @ts-check
// The library's reading of a clock as people type it (crate/src/wasm/clock.rs):
// `3+2` (minutes + seconds a move) into the notation the record and the API
// keep (`180+2`). It comes with the bots' package, www/pkg-bot, loaded by
// import() only when a page reads a typed clock (the address's `?clock=`,
// the tournament form), so the first board's download carries none of it
// and the whole transfer counts that package once. (A clock's speed and a
// resignation's score come in the online table's `state` frame.)

import init, { clock_from_players } from '../pkg-bot/virada.js';
import { coded } from './coded.js';
import { errorText } from './errors.js';

/** @type {Promise<unknown>|null} */
let loading = null;

/**
 * Loads the package once.
 * @returns {Promise<unknown>}
 */
export function ready() {
  loading ??= init();
  return loading;
}

/**
 * A typed clock (`3+2`, `30s`, `2d`) in the API's notation (`180+2`);
 * throws an Error coded `bad-clock` that says what may be written.
 * @param {string} text
 */
export function clockFromPlayers(text) {
  return coded(() => clock_from_players(text));
}

/**
 * The address's clock (table/boot.js's `params`) when typed as people
 * write it (`3+2`: minutes + seconds a move; a bare number stays seconds a
 * turn): read into the notation the table takes, or, refused, left out and
 * said (`params.bad`, "Write minutes+seconds, like 3+2, …").
 * @param {{clock?: string|number, bad: string[]}} params
 */
export async function readAddressClock(params) {
  try {
    await ready();
    params.clock = clockFromPlayers(String(params.clock));
  } catch (e) {
    params.bad.push(errorText(e));
    params.clock = undefined;
  }
}
