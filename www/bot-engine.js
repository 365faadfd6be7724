// @ts-check
// The only importer of the bots' wasm package, www/pkg-bot (built beside
// the page's, see the Makefile's `wasm`): the Othello and Nabucodonosor
// bots' moves, the trained weights, the review's reading of a game and its
// analysis. The bots' workers load it, and the review when it opens, so
// none of it is in what the page downloads before its first board.

import init, { bot_choose, load_weights, nabu_bot_move, review_read, Analyzer } from './pkg-bot/virada.js';
import { coded } from './coded.js';

export { Analyzer };

/** @type {Promise<unknown>|null} */
let loading = null;

/**
 * Loads the bots' engine once.
 * @returns {Promise<unknown>}
 */
export function ready() {
  loading ??= init();
  return loading;
}

/** @type {Promise<string|null>|null} */
let weights = null;

/**
 * Loads the engine and the trained evaluation (pkg-bot/eval-weights.vrdw,
 * built beside the wasm) once, for the bot's worker. If the file cannot be
 * had the bot plays on the hand-set weights built into the engine; the
 * returned promise then resolves to the reason.
 * @returns {Promise<string|null>}
 */
export function readyWithWeights() {
  weights ??= ready().then(async () => {
    try {
      const response = await fetch(new URL('./pkg-bot/eval-weights.vrdw', import.meta.url));
      if (!response.ok) throw new Error(`eval-weights.vrdw: HTTP ${response.status}`);
      load_weights(new Uint8Array(await response.arrayBuffer()));
      return null;
    } catch (e) {
      return String(e?.message ?? e);
    }
  });
  return weights;
}

/**
 * The bot's move ("d3" or "PA") for a position given by its disc masks.
 * @param {import('./engine.js').OthelloBotQuestion} question
 * @returns {string}
 */
export function botChoose({ dark, light, darkToMove, level, seed, ply, timeMs }) {
  return coded(() => bot_choose(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs));
}

/**
 * The Nabucodonosor bot's move for the game of side `size` after `moves`.
 * @param {number} size
 * @param {string} moves
 * @param {number} level
 * @param {string} seed
 * @returns {string}
 */
export function nabuBotMove(size, moves, level, seed) {
  return coded(() => nabu_bot_move(size, moves, level, seed));
}

/**
 * A record, GGF game or transcript read for review: {source, plies: [{dark,
 * light, darkToMove, legal, move, byTable}]}, one entry a position (masks as
 * decimal strings), `move` the ply played from it (null after the last).
 * Throws Error("code: message") when the text cannot be read.
 * @param {string} text
 */
export function readGame(text) {
  return JSON.parse(review_read(text));
}
