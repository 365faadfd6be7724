// @ts-check
// The library's clock rules that the pages ask (crate/src/wasm/clock.rs):
// a clock as people type it (`3+2`, minutes + seconds a move) read into the
// notation the record and the API keep (`180+2`), a clock's speed, and the
// score of a game ended early (rule T24). They come with the small
// tournament file's package, www/pkg-trf, loaded by import() only when a
// page needs them (a typed clock in the address or a form, the online
// table), so the first board's download carries none of it. Beside
// verify/trf-engine.js, the other importer of that package.

import init, { clock_from_players, clock_speed, score_ended_early } from '../pkg-trf/virada.js';
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

/** A clock's speed (`blitz` …), '' for none. @param {string|number} notation */
export function clockSpeed(notation) {
  return coded(() => clock_speed(String(notation)));
}

/**
 * An early end's score (T24): [loser's, winner's] from the loser's discs.
 * @param {number} loserDiscs @param {number} squares
 * @returns {[number, number]}
 */
export function scoreEndedEarly(loserDiscs, squares) {
  const [loser, winner] = score_ended_early(loserDiscs, squares);
  return [loser, winner];
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
