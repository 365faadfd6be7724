// @ts-check
// The only importer of the tournament file's wasm package, www/pkg-trf
// (built beside the others, see the Makefile's `wasm-trf`): "Verify a
// game" loads it, by import(), only when the text is a TRF, so neither the
// verifier's first view nor the bots' package carries the Dutch system.

import init, { trf_verify } from '../pkg-trf/virada.js';

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
 * Checks a tournament's file (trf.js's `isTrf`) as `virada swiss check`
 * does: a report like games/engine.js's `verifyRecord`, with `trf: true`
 * and the players the file names.
 * @param {string} text
 * @returns {import('./trf.js').TrfReport}
 */
export function verifyTrf(text) {
  return JSON.parse(trf_verify(text));
}
