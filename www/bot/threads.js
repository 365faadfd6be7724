// @ts-check
// The only importer of the threaded bots' package, www/pkg-threads (built
// with WebAssembly threads: one memory shared by the bot's worker and its
// helper workers; see the Makefile's `wasm-threads`). Loaded only where the
// page is cross-origin isolated and the device has cores to spare (team.js):
// the bot's worker compiles the module and makes the shared memory; each
// helper worker instantiates the same module over that memory (`join`), so
// all of them search one set of tables: for the top level's move, and for
// the review's analysis of the position on the board.

import init, { initSync, bot_choose, load_weights, load_book, TeamSearch, team_help, Analyzer, analysis_help } from '../pkg-threads/virada.js';
import { coded } from '../core/coded.js';
import { installBotFiles } from './files.js';

/** @typedef {{module: WebAssembly.Module, memory: WebAssembly.Memory}} Shared what a helper needs to join */

/** @type {Promise<Shared>|null} */
let loading = null;

/**
 * Loads the package in the bot's worker once: the module compiled and
 * instantiated over a new shared memory; resolves to both, for the helpers.
 * @returns {Promise<Shared>}
 */
export function ready() {
  loading ??= (async () => {
    const module = await WebAssembly.compileStreaming(fetch(new URL('../pkg-threads/virada_bg.wasm', import.meta.url)));
    const exports = await init({ module_or_path: module });
    return { module, memory: exports.memory };
  })();
  return loading;
}

/** @type {Promise<string|null>|null} */
let weights = null;

/**
 * ready(), then the trained evaluation and the opening book once, which
 * the helpers then share (files.js: the reasons when a file cannot be had,
 * else null).
 * @returns {Promise<string|null>}
 */
export function readyWithWeights() {
  weights ??= ready().then(() => installBotFiles(load_weights, load_book));
  return weights;
}

/**
 * Makes this worker a helper of the bot's worker whose module and memory
 * these are: the same package instantiated over the same memory (its
 * weights and book already there).
 * @param {Shared} shared
 */
export function join({ module, memory }) {
  initSync({ module, memory });
}

/**
 * A helper's part in the team numbered `team` (TeamSearch.team), as its
 * helper `index`: returns when the bot's worker has its move.
 * @param {number} team
 * @param {number} index
 */
export function help(team, index) {
  team_help(team, index);
}

/**
 * A helper's part in the review's analysis step numbered `crew`
 * (Analyzer.crew): returns when the step is over.
 * @param {number} crew
 */
export function helpAnalysis(crew) {
  analysis_help(crew);
}

/**
 * The review's analysis of a position on this package, to step beside
 * helpers (Analyzer.crew, then Analyzer.step). Throws `bad-position: …`.
 * @param {{dark: bigint|string, light: bigint|string, darkToMove: boolean}} position
 * @returns {Analyzer}
 */
export function analyzer({ dark, light, darkToMove }) {
  return coded(() => new Analyzer(BigInt(dark), BigInt(light), darkToMove));
}

/**
 * The plan of the bot's move with `helpers` helper workers (wasm
 * TeamSearch): its `team()` number for them, then `run()` for the answer.
 * Throws `code: message` (bad-position, bad-seed).
 * @param {import('./engine.js').OthelloBotQuestion} question
 * @param {number} helpers
 * @returns {TeamSearch}
 */
export function teamSearch({ dark, light, darkToMove, level, seed, ply, timeMs }, helpers) {
  return coded(() => new TeamSearch(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs, helpers));
}

/**
 * The bot's move searched by this worker alone (as engine.js's botChoose).
 * @param {import('./engine.js').OthelloBotQuestion} question
 * @returns {{move: string, book: boolean, nodes: number, depth: number}}
 */
export function botChoose({ dark, light, darkToMove, level, seed, ply, timeMs }) {
  return JSON.parse(coded(() => bot_choose(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs)));
}
