// @ts-check
// The top level's search on several threads where the page is
// cross-origin isolated, for the bot's worker (worker.js): how many threads
// (from the device's cores, which the page passes), the helper workers
// (more copies of worker.js, started by helpers.js's pool with the shared
// module and memory of threads.js), and one move: the plan made in wasm
// (TeamSearch), the team's number posted to the helpers, each of which
// joins it (threads.js `help`), and the search led here. The review's
// analysis of the position on the board the same way, a step at a time
// (`teamAnalysis`). No rule and no search in this file: it only starts
// workers and posts numbers.

import { ready, readyWithWeights, botChoose, teamSearch, analyzer } from './threads.js';
import { helpers } from './helpers.js';

/** The most threads searching, the bot's worker's included, whatever the device's cores. */
export const THREADS_MAX = 8;

/**
 * How many threads search for the top level on a device with `cores`
 * logical cores: one core is left to the page, at least one searches (the
 * bot's worker), at most THREADS_MAX.
 * @param {number|undefined} cores navigator.hardwareConcurrency as the page sees it
 * @returns {number}
 */
export function threadCount(cores) {
  const n = Math.floor(Number(cores) || 1) - 1;
  return Math.max(1, Math.min(THREADS_MAX, n));
}

/**
 * Whether this worker can run the top level on several threads: the page
 * is cross-origin isolated (so a memory may be shared) and the device
 * leaves it more than one core.
 * @param {number|undefined} cores
 */
export function teamWanted(cores) {
  return self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' && threadCount(cores) > 1;
}

/** Why the threaded package could not be loaded here, once it failed (then never tried again). */
let unavailable = null;

/**
 * The threaded package, its weights and book loaded in this worker: what
 * the helpers need to join. Null when it cannot be (said once, after
 * `fallback`).
 * @param {string} fallback what is done instead, for the console
 * @returns {Promise<import('./threads.js').Shared|null>}
 */
async function loaded(fallback) {
  if (unavailable) return null;
  let shared;
  try {
    shared = await ready();
  } catch (e) {
    unavailable = String(e?.message ?? e);
    console.warn(`${fallback} (${unavailable})`);
    return null;
  }
  const problem = await readyWithWeights();
  if (problem) console.warn(`bot: searching without a file (${problem})`);
  return shared;
}

/**
 * The top level's move on `threadCount(q.cores)` threads: this worker
 * leads, the helpers that have started join (until they have, this worker
 * searches alone on the same package). `helpers` in the answer: how many
 * joined the search (0 for a move that needed none, as a book move). Null
 * when the threaded package cannot be loaded or instantiated here (a
 * shared memory refused, say): the caller then plays as where the page is
 * not isolated.
 * @param {import('./engine.js').OthelloBotQuestion & {cores?: number}} q
 * @returns {Promise<{move: string, book: boolean, nodes: number, depth: number, helpers: number}|null>}
 */
export async function teamChoose(q) {
  const shared = await loaded('bot: level 10 without shared memory, split across workers instead');
  if (!shared) return null;
  const list = helpers(threadCount(q.cores) - 1, { type: 'join', ...shared });
  if (!list || list.length === 0) return { ...botChoose(q), helpers: 0 };
  const search = teamSearch(q, list.length);
  const team = search.team();
  if (team !== 0) list.forEach((h, index) => h.worker.postMessage({ type: 'help', team, index }));
  // Synchronous: the helpers got their message, and search on their own threads.
  return JSON.parse(search.run());
}

/**
 * The review's analysis of `q`'s position on `q.threads` threads: an
 * analyzer of the threaded package, and `step(ms)`, which has the helper
 * workers that have started join each step (until they have, this worker
 * steps alone) and answers the step's report (JSON, its `helpers` how many
 * joined). Null where the threaded package cannot be loaded here: the
 * caller then analyses alone on the bots' package.
 * @param {{dark: bigint|string, light: bigint|string, darkToMove: boolean, threads: number}} q
 * @returns {Promise<{step: (ms: number) => string, free: () => void}|null>}
 */
export async function teamAnalysis(q) {
  const shared = await loaded('review: analysing on one thread');
  if (!shared) return null;
  const hello = { type: 'join', ...shared };
  const count = Math.max(1, Math.min(THREADS_MAX, Math.floor(q.threads))) - 1;
  helpers(count, hello);
  const a = analyzer(q);
  return {
    step(ms) {
      const list = helpers(count, hello);
      const crew = list && list.length > 0 ? a.crew() : 0;
      if (crew !== 0) list?.forEach((h) => h.worker.postMessage({ type: 'help', kind: 'analysis', team: crew, index: 0 }));
      return a.step(ms);
    },
    free: () => a.free(),
  };
}
