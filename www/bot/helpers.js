// @ts-check
// The top level's helper workers, for the bot's worker (worker.js): how
// many (from the device's cores, which the page passes), starting them
// (more copies of worker.js, nested in the bot's), and carrying a split
// search's job and result lines between the plan (wasm SplitSearch, in the
// bot's worker) and them. No rule and no search here: the plan decides
// every job, the helpers' wasm answers them; this file only posts lines.
// The split is the fallback where the page is not cross-origin isolated;
// where it is, the helpers share the bot's memory instead (team.js), started
// by the same pool with another first message.

import { SplitSearch } from './engine.js';

/** The most helper workers, whatever the device's cores. */
export const HELPERS_MAX = 4;

/** How long a helper may take to start (its package, weights and book) before it is dropped. */
const HELPER_START_MS = 20_000;

/** After the move's time, how long to wait for the last results before deciding without them. */
const GRACE_MS = 300;

/**
 * How many helper workers search for the top level on a device with
 * `cores` logical cores: one core is left to the page, at least one
 * searches, at most HELPERS_MAX. One means no helper: the bot's worker
 * searches alone, as every other level does.
 * @param {number|undefined} cores navigator.hardwareConcurrency as the page sees it
 * @returns {number}
 */
export function helperCount(cores) {
  const n = Math.floor(Number(cores) || 1) - 1;
  return Math.max(1, Math.min(HELPERS_MAX, n));
}

/**
 * @typedef {object} Helper a started helper worker
 * @property {Worker} worker
 * @property {number} out jobs posted to it and not yet answered (of any search)
 * @property {((data: any) => void)|null} listen the running search's listener
 * @property {boolean} lost it failed after it started
 */

/** @type {{count: number, kind: string, ready: Promise<(Helper|null)[]>, list: Helper[]|null}|null} */
let pool = null;

/**
 * Starts one helper with the first message `hello` and resolves once it
 * answers {type: 'ready'} (it has its engine: null if it fails or takes too
 * long; it is then terminated).
 * @param {object} hello
 * @returns {Promise<Helper|null>}
 */
function startHelper(hello) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    /** @type {Helper} */
    const helper = { worker, out: 0, listen: null, lost: false };
    const fail = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve(null);
    };
    const timer = setTimeout(fail, HELPER_START_MS);
    worker.onerror = fail;
    worker.onmessage = (event) => {
      if (event.data?.type !== 'ready') return fail();
      clearTimeout(timer);
      worker.onerror = () => {
        // A helper lost: a search under way decides without it, later ones go on without it.
        helper.lost = true;
        helper.listen?.({ type: 'lost' });
      };
      worker.onmessage = (e) => {
        if (e.data?.type === 'result') helper.out = Math.max(0, helper.out - 1);
        helper.listen?.(e.data);
      };
      resolve(helper);
    };
    worker.postMessage(hello);
  });
}

/**
 * The started helpers for `count`, or null while they are starting (the
 * first call starts them, each with the message `hello`: {type: 'helper'}
 * for a split's, by default; the pool starts again when the count or the
 * kind of message changes). Those that failed to start, or were lost
 * since, are left out.
 * @param {number} count
 * @param {{type: string}} [hello]
 * @returns {Helper[]|null}
 */
export function helpers(count, hello = { type: 'helper' }) {
  if (pool && (pool.count !== count || pool.kind !== hello.type)) {
    const old = pool.ready;
    old.then((list) => list.forEach((h) => h?.worker.terminate()));
    pool = null;
  }
  if (!pool) {
    const starting = Array.from({ length: count }, () => startHelper(hello));
    const started = { count, kind: hello.type, ready: Promise.all(starting), list: null };
    started.ready.then((list) => {
      started.list = /** @type {Helper[]} */ (list.filter(Boolean));
    });
    pool = started;
  }
  return pool.list?.filter((h) => !h.lost) ?? null;
}

let searches = 0;

/**
 * The top level's move by a split search across `list`: the plan (wasm)
 * hands out jobs, the helpers answer, until the plan decides or the time
 * (plus a grace for the last answers) is up. `helpers` in the answer: how
 * many were given a job (0 when the move needed no search, as a book move).
 * @param {Helper[]} list
 * @param {{dark: bigint|string, light: bigint|string, darkToMove: boolean, level: number, seed: string, ply: number, timeMs: number}} q
 * @returns {Promise<{move: string, book: boolean, nodes: number, depth: number, helpers: number}>}
 */
export function splitChoose(list, { dark, light, darkToMove, level, seed, ply, timeMs }) {
  const search = new SplitSearch(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs);
  searches += 1;
  const tag = searches;
  return new Promise((resolve, reject) => {
    let finished = false;
    /** Which helper holds a job of this search. */
    const mine = list.map(() => false);
    /** Which helpers were given a job in this search. */
    const used = list.map(() => false);
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      list.forEach((h) => {
        h.listen = null;
      });
      try {
        resolve({ ...JSON.parse(search.answer()), helpers: used.filter(Boolean).length });
      } catch (e) {
        reject(e);
      } finally {
        search.free();
      }
    };
    const feed = () => {
      if (!search.done()) {
        list.forEach((h, i) => {
          if (h.out > 0) return;
          const job = search.next_job(i);
          if (job === undefined) return;
          h.out += 1;
          mine[i] = true;
          used[i] = true;
          h.worker.postMessage({ type: 'job', tag, job });
        });
      }
      // Decided, or nothing out, nothing to give and no helper still busy
      // with an earlier search: the plan decides now.
      if (search.done() || (!mine.includes(true) && list.every((h) => h.out === 0))) {
        search.stop();
        finish();
      }
    };
    list.forEach((h, i) => {
      h.listen = (data) => {
        if (finished) return;
        if (data?.type === 'lost') {
          search.stop();
          finish();
          return;
        }
        if (data?.type !== 'result') return;
        if (data.tag === tag) {
          mine[i] = false;
          try {
            if (typeof data.result !== 'string') throw new Error(data.message ?? 'a helper failed');
            search.take(data.result);
          } catch {
            search.stop();
          }
        }
        // A result of an earlier search frees its helper for this one.
        feed();
      };
    });
    const timer = setTimeout(() => {
      search.stop();
      finish();
    }, timeMs + GRACE_MS);
    feed();
  });
}
