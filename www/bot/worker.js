// @ts-check
// The bot's thread: loads the engine and answers
// {type:'think', id, dark, light, darkToMove, level, seed, ply, timeMs}
// with {type:'move', id, move, book} ("d3" or "PA"; book: from the opening
// book) or {type:'error', id, message}.
//
// The review's analysis runs in a second worker of this module:
// {type:'analyse', id, dark, light, darkToMove, threads} starts it (and drops any
// earlier one); with `threads` over 1 where the page is cross-origin
// isolated, on that many threads over one memory (team.js `teamAnalysis`:
// helper workers join each step, {type:'help', kind:'analysis', team}); it
// works in short slices, posting
// {type:'analysis', id, report} (see Analyzer.step) after each depth or
// exactly solved move, so a {type:'stop'} or a new position between two
// slices cancels it at once.
//
// A hint: {type:'hint', id, dark, light, darkToMove, timeMs} is answered
// with the same analysis's best move after about timeMs (sooner when
// solved): {type:'hint', id, sq, v, exact} (v in discs, the mover's view).
//
// Level 10 searches on several threads when the page's `cores`
// (navigator.hardwareConcurrency) leave more than one to it. Where the page
// is cross-origin isolated (team.js), this worker and its helpers share one
// memory and one set of tables (www/pkg-threads): a helper answers
// {type:'join', module, memory} with {type:'ready'} once it runs the same
// module over that memory, and {type:'help', team, index} by searching
// beside this worker until the move is found. Elsewhere (helpers.js) the
// search is split across helpers that share nothing: they answer
// {type:'helper'} with {type:'ready'} once loaded, and
// {type:'job', tag, job} with {type:'result', tag, result} (wasm's lines).
// Until the helpers have started, and if too few could, this worker
// searches alone. A move's answer says how many helpers searched it
// (`helpers`, 0 for none) with its `nodes` and `depth`.
//
// {type:'isolated'} is answered {type:'isolated', isolated}: whether this
// worker's context is cross-origin isolated (its threads can share memory).

import { readyWithWeights, botChoose, Analyzer, splitJob } from './engine.js';
import { helperCount, helpers, splitChoose } from './helpers.js';

/** The level whose search is split across helpers. */
const SPLIT_LEVEL = 10;

// A slice of work between two looks at the message queue; it doubles, up to
// the most, while a step makes no progress (a deep iteration or a long solve).
const SLICE_MS = 120;
const SLICE_MAX_MS = 1500;

let analysis = null; // {id, analyzer, slice}
/** The analysis asked for last (its id; 0 after a stop). */
let wanted = 0;

function stopAnalysis() {
  analysis?.analyzer.free();
  analysis = null;
}

function work(id) {
  const a = analysis;
  if (!a || a.id !== id) return;
  let report;
  try {
    report = JSON.parse(a.analyzer.step(a.slice));
  } catch (e) {
    self.postMessage({ type: 'error', id, message: String(e?.message ?? e) });
    stopAnalysis();
    return;
  }
  a.slice = report.progressed ? SLICE_MS : Math.min(SLICE_MAX_MS, a.slice * 2);
  if (report.progressed || report.done) self.postMessage({ type: 'analysis', id, report });
  if (report.done) stopAnalysis();
  else setTimeout(() => work(id), 0);
}

/**
 * A helper's answer to a job line (worker.js started as a helper).
 * @param {{tag: number, job: string}} q
 */
async function answerJob(q) {
  try {
    await readyWithWeights();
    self.postMessage({ type: 'result', tag: q.tag, result: splitJob(q.job) });
  } catch (e) {
    self.postMessage({ type: 'result', tag: q.tag, result: null, message: String(e?.message ?? e) });
  }
}

/**
 * The bot's move: split across helpers at level 10 when the device has
 * the cores and they have started, else on this worker alone.
 * @param {import('./engine.js').OthelloBotQuestion & {cores?: number}} q
 */
async function think(q) {
  if (q.level === SPLIT_LEVEL && self.crossOriginIsolated === true) {
    const team = await import('./team.js');
    const answer = team.teamWanted(q.cores) ? await team.teamChoose(q) : null;
    if (answer) return answer;
  }
  const count = q.level === SPLIT_LEVEL ? helperCount(q.cores) : 1;
  const list = count > 1 ? helpers(count) : null;
  if (list && list.length >= 2) return splitChoose(list, q);
  return { ...botChoose(q), helpers: 0 };
}

/**
 * A team helper's messages (team.js): join the bot's worker's memory, then
 * search beside it, one move at a time.
 * @param {{type: string, kind?: string, module?: WebAssembly.Module, memory?: WebAssembly.Memory, team?: number, index?: number}} q
 */
async function teamHelper(q) {
  const threads = await import('./threads.js');
  if (q.type === 'join') {
    try {
      threads.join(/** @type {import('./threads.js').Shared} */ ({ module: q.module, memory: q.memory }));
      self.postMessage({ type: 'ready' });
    } catch (e) {
      // Not ready: the pool drops this helper.
      self.postMessage({ type: 'failed', message: String(e?.message ?? e) });
    }
    return;
  }
  if (q.kind === 'analysis') threads.helpAnalysis(q.team ?? 0);
  else threads.help(q.team ?? 0, q.index ?? 0);
}

/** @param {MessageEvent<import('./engine.js').OthelloBotQuestion & {type: 'think' | 'analyse' | 'stop' | 'hint' | 'helper' | 'job' | 'join' | 'help' | 'isolated', id: number, cores?: number, threads?: number, kind?: string, tag?: number, job?: string, module?: WebAssembly.Module, memory?: WebAssembly.Memory, team?: number, index?: number}>} event */
self.onmessage = async (event) => {
  const q = event.data;
  if (!q) return;
  if (q.type === 'isolated') {
    self.postMessage({ type: 'isolated', isolated: self.crossOriginIsolated === true });
    return;
  }
  if (q.type === 'join' || q.type === 'help') {
    await teamHelper(q);
    return;
  }
  if (q.type === 'helper') {
    const problem = await readyWithWeights();
    if (problem) console.warn(`bot helper: searching without a file (${problem})`);
    self.postMessage({ type: 'ready' });
    return;
  }
  if (q.type === 'job') {
    answerJob({ tag: q.tag ?? 0, job: q.job ?? '' });
    return;
  }
  if (q.type === 'stop') {
    wanted = 0;
    stopAnalysis();
    return;
  }
  if (q.type !== 'think' && q.type !== 'analyse' && q.type !== 'hint') return;
  if (q.type === 'analyse') wanted = q.id;
  try {
    const problem = await readyWithWeights();
    if (problem) console.warn(`bot: playing without a file (${problem})`);
    if (q.type === 'hint') {
      const analyzer = new Analyzer(BigInt(q.dark), BigInt(q.light), q.darkToMove);
      const until = performance.now() + (q.timeMs ?? 1000);
      let report = null;
      try {
        do report = JSON.parse(analyzer.step(SLICE_MS));
        while (!report.done && performance.now() < until);
      } finally {
        analyzer.free();
      }
      const best = report.moves[0];
      self.postMessage({ type: 'hint', id: q.id, sq: best?.sq ?? -1, v: best?.v ?? 0, exact: best?.exact ?? false });
      return;
    }
    if (q.type === 'analyse') {
      if (wanted !== q.id) return;
      stopAnalysis();
      const threaded = (q.threads ?? 1) > 1 && self.crossOriginIsolated === true
        ? await (await import('./team.js')).teamAnalysis({ ...q, threads: q.threads ?? 1 })
        : null;
      // A newer question, or a stop, came while the threaded package loaded: this one is dropped.
      if (wanted !== q.id) {
        threaded?.free();
        return;
      }
      analysis = { id: q.id, analyzer: threaded ?? new Analyzer(BigInt(q.dark), BigInt(q.light), q.darkToMove), slice: SLICE_MS };
      work(q.id);
      return;
    }
    const { move, book, nodes, depth, helpers: n } = await think(q);
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'move', id: q.id, move, book, nodes, depth, helpers: n }));
  } catch (e) {
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'error', id: q.id, message: String(e?.message ?? e) }));
  }
};
