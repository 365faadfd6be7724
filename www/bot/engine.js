// @ts-check
// The only importer of the bots' wasm package, www/pkg-bot (built beside
// the page's, see the Makefile's `wasm`): the Othello and Nabucodonosor
// bots' moves (the top level's split across helper workers too), the
// trained weights, the review's reading of a game and its analysis, the history's replay of a game of either kind, match play's
// score and record and the match record's verifier. The bots' workers load
// it, the review when it opens, the history page, match play and the
// verifier of a match record, so none of it is in what the table downloads
// before its first board.

import init, {
  bot_choose, load_weights, load_book, nabu_bot_move, review_read, Analyzer, history_replay, history_summary,
  match_status, match_record, match_verify, SplitSearch, split_job,
} from '../pkg-bot/virada.js';
import { coded } from '../core/coded.js';
import { installBotFiles } from './files.js';

export { Analyzer, SplitSearch };

/**
 * @typedef {{type: 'move', id: number, move: string, book?: boolean, nodes?: number, depth?: number, helpers?: number} | {type: 'error', id: number, message: string}} BotAnswer
 *   what a bot worker (worker.js, nabu-worker.js) answers a `think` question
 *   (`book`: the move came from the Othello bot's opening book; the Othello
 *   bot adds the nodes searched, the depth reached and how many helper
 *   workers searched)
 * @typedef {object} OthelloBotQuestion what worker.js takes (with `type: 'think'` and an `id`)
 * @property {bigint} dark dark's discs, bit 0 = a1
 * @property {bigint} light
 * @property {boolean} darkToMove
 * @property {number} level 1–10
 * @property {string} seed 64 hex
 * @property {number} ply
 * @property {number} timeMs
 */

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
 * Loads the engine, the trained evaluation (pkg-bot/eval-weights.vrdw) and
 * the opening book (pkg-bot/opening-book.vrdb) once, for the bot's worker.
 * If a file cannot be had the bot plays on without it (the hand-set
 * weights built into the engine; no book); the returned promise then
 * resolves to the reasons.
 * @returns {Promise<string|null>}
 */
export function readyWithWeights() {
  weights ??= ready().then(() => installBotFiles(load_weights, load_book));
  return weights;
}

/**
 * The bot's move ("d3" or "PA") for a position given by its disc masks,
 * whether it came from the opening book, the nodes searched and the depth.
 * @param {OthelloBotQuestion} question
 * @returns {{move: string, book: boolean, nodes: number, depth: number}}
 */
export function botChoose({ dark, light, darkToMove, level, seed, ply, timeMs }) {
  return JSON.parse(coded(() => bot_choose(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs)));
}

/**
 * A helper worker's answer to one job line of a split search (its result
 * line), on this worker's own engine; throws `bad-split-job: …`.
 * @param {string} job
 * @returns {string}
 */
export function splitJob(job) {
  return coded(() => split_job(job));
}

/**
 * The Nabucodonosor bot's move for the game of side `size` after `moves`;
 * `timeMs` (not 0) bounds its search: under a game clock, its own time.
 * @param {number} size
 * @param {string} moves
 * @param {number} level
 * @param {string} seed
 * @param {number} [timeMs]
 * @returns {string}
 */
export function nabuBotMove(size, moves, level, seed, timeMs = 0) {
  return coded(() => nabu_bot_move(size, moves, level, seed, timeMs));
}

/**
 * A record, GGF game or transcript read for review: {source, plies: [{dark,
 * light, darkToMove, cells, legal, move, byTable, end}]}, one entry a
 * position (the disc masks as BigInts, the legal squares as a Uint8Array),
 * `move` the ply played from it (null after the last). Throws
 * Error("code: message") when the text cannot be read.
 * @param {string} text
 */
export function readGame(text) {
  return review_read(text);
}

// ---------------------------------------------------------------- history

/**
 * @typedef {object} ReplayStep the position after a ply (crate::replay::Step)
 * @property {string} cells `X` dark, `O` light, `-` empty, reading order
 * @property {'dark'|'light'|null} toMove null once the game is over
 * @property {string|null} move the ply that led here, null at the start
 * @property {'dark'|'light'|null} mover
 * @property {boolean} byTable placed by the table on time-out
 * @property {boolean} pass
 * @property {boolean} swap Nabucodonosor's pie swap
 * @property {number} placed the cell that got a disc, -1 for none
 * @property {number[]} flipped the cells whose disc changed colour
 * @property {{top: number, left: number, bottom: number, right: number}|null} rect a Nabucodonosor capture's rectangle
 */

/**
 * @typedef {object} RecordHeader what a record's header says
 * @property {string[]} seats `person`, `bot N`
 * @property {number} dark the seat that held dark at the end
 * @property {string} fingerprint 64 hex
 * @property {{dark: number, light: number, verdict: string}} result
 * @property {number|null} clock
 */

/**
 * @typedef {object} Replay a game to step through (crate::replay::Replay::to_json)
 * @property {'game'} kind
 * @property {string} source `record`, `ggf` or `transcript`
 * @property {'othello'|'nabucodonosor'} game
 * @property {number} size
 * @property {RecordHeader|null} header
 * @property {{dark: number, light: number, verdict: string}|null} end how the game ended under its rules, once over
 * @property {string} transcript
 * @property {string|null} ggf
 * @property {ReplayStep[]} steps
 */

/**
 * Replays a record (either game), a GGF game or an Othello transcript; throws `code: message`.
 * @param {string} text
 * @returns {Replay}
 */
export function replayGame(text) {
  return JSON.parse(history_replay(text));
}

/**
 * A stored record's line in the history (its header only); throws `code: message`.
 * @param {string} text
 * @returns {{kind: 'game'|'match', game: 'othello'|'nabucodonosor', size: number, plies: number, header: RecordHeader, match?: {kind: string, target: number, seats: string[], total: number[], winner: string, fingerprint: string}, games?: {number: number, points: number[], record: string}[]}}
 */
export function recordSummary(text) {
  return JSON.parse(history_summary(text));
}

// ---------------------------------------------------------------- match play (V1)

/**
 * @typedef {{games: [number, number][], total: [number, number], over: boolean, winner: 'first'|'second'|'draw'|'none'}} MatchStatus
 *   the points of each game and the totals (first seat, second seat)
 */

/**
 * A match so far, from its kind (`points`, `games`), target and finished games' records.
 * @param {string} kind
 * @param {number} target
 * @param {string[]} records
 * @returns {MatchStatus}
 */
export function matchStatus(kind, target, records) {
  return JSON.parse(coded(() => match_status(kind, target, records)));
}

/**
 * The match record (`virada-match 1`) of the games so far.
 * @param {string} kind
 * @param {number} target
 * @param {string[]} records
 * @returns {string}
 */
export function matchRecordOf(kind, target, records) {
  return coded(() => match_record(kind, target, records));
}

/**
 * Checks a match record's text (games/engine.js's `isMatchRecord`): a report like
 * games/engine.js's `verifyRecord`, with `match` and `games` added.
 * @param {string} text
 * @returns {import('../games/engine.js').Report}
 */
export function verifyMatch(text) {
  return JSON.parse(match_verify(text));
}
