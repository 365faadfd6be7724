// The main thread's tasks while a page loads, from a Chromium trace: every
// task of at least --min ms (default 10) from the navigation until the page
// is ready and --settle ms more (default 3000), each with what it spent its
// time on (a module's evaluation, wasm compilation, style and layout,
// paint, HTML parsing, garbage collection). Lighthouse's simulated mobile
// throttling multiplies each task by 4 and counts what passes 50 ms as
// blocking, so a task over 12.5 ms here is blocking there, and more so on a
// busy machine. No throttling here. Prints the tasks and a summary; asserts
// nothing. Needs `make wasm` and the server binary, as the browser tests do.
//
//   node tests/bench/load-tasks.mjs [index.html] [--runs 1] [--min 10] [--settle 3000]
//   node tests/bench/load-tasks.mjs --trace FILE… [--min 10]
//
// `--trace` reads traces Lighthouse measured instead (tests/bench/lighthouse.mjs
// --save DIR writes them), with its mobile screen and its own timing.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { baseUrl, closeAll, newContext } from '../browser/harness.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    min: { type: 'string', default: '10' },
    settle: { type: 'string', default: '3000' },
    trace: { type: 'string', multiple: true },
  },
});
const page = positionals[0] ?? 'index.html';
const min = Number(values.min);

/** Short name of a script URL: its path on the site. */
const short = (url) => (url ? url.replace(/^[a-z]+:\/\/[^/]+\//, '').replace(/\?.*$/, '') || '(page)' : '');

/** What a trace event spent its time on, or null to look at its children. */
function kind(e) {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `run ${short(d.url ?? e.args?.data?.url ?? '') || 'module'}`;
    case 'FunctionCall':
      return `call ${short(d.url) || '?'}${d.functionName ? ` ${d.functionName}` : ''}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'CacheScript':
      return 'compile js';
    case 'v8.wasm.compiledModule':
    case 'v8.wasm.streamFromResponseCallback':
    case 'wasm.SyncCompile':
    case 'v8.wasm.compileLazy':
      return 'wasm compile';
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
      return null;
    case 'ParseHTML':
      return 'parse html';
    case 'ParseAuthorStyleSheet':
      return 'parse css';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'Commit':
    case 'RasterTask':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MARK_COMPACTOR':
    case 'V8.GC_SCAVENGER':
      return 'gc';
    default:
      return null;
  }
}

async function once() {
  // Lighthouse's phone: its screen, pixel ratio and touch.
  const context = await newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, reducedMotion: 'no-preference' });
  const tab = await context.newPage();
  const browser = context.browser();
  await browser.startTracing(tab, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading'],
  });
  const url = `${await baseUrl()}/${page}?lang=en`;
  await tab.goto(url);
  await tab.waitForFunction(() => document.body.dataset.ready === 'true' || document.readyState === 'complete');
  await tab.waitForTimeout(Number(values.settle));
  const buffer = await browser.stopTracing();
  await context.close();
  analyse(JSON.parse(buffer.toString()).traceEvents, page);
}

/** Prints the long tasks of a trace's page. */
function analyse(events, label) {
  // The page's main thread: the renderer's main thread in the process that
  // navigated to the page (a browser's own pages have renderers too).
  const navigation = events.find((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''));
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation?.pid);
  if (!navigation || !main) throw new Error(`${label}: no navigation to the page in the trace`);
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const nav = navigation.ts;
  // Blocking time counts from the first contentful paint on.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? nav;
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur >= min * 1000 && e.ts >= nav);
  const totals = new Map();
  const lines = [];
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inner = mine.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end && e !== task);
    // Self time by kind: each event's duration less its classified descendants'.
    const parts = new Map();
    const stack = [];
    for (const e of inner) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const k = kind(e);
      if (k) {
        const owner = stack.findLast((s) => s.k);
        if (owner) parts.set(owner.k, (parts.get(owner.k) ?? 0) - e.dur);
        parts.set(k, (parts.get(k) ?? 0) + e.dur);
      }
      stack.push({ ts: e.ts, dur: e.dur, k: k ?? stack.findLast((s) => s.k)?.k });
      if (!k) stack.at(-1).k = null;
    }
    const known = [...parts.values()].reduce((a, b) => a + b, 0);
    const top = inner.filter((e) => e.ts < task.ts + task.dur && !kind(e)).sort((a, b) => b.dur - a.dur)[0];
    if (task.dur - known >= 500) parts.set(`other (${top?.name ?? '?'})`, task.dur - known);
    const named = [...parts].filter(([, d]) => d >= 500).sort((a, b) => b[1] - a[1]);
    for (const [k, d] of named) totals.set(k, (totals.get(k) ?? 0) + d);
    lines.push(`  ${task.ts < fcp ? ' ' : '*'}@${((task.ts - nav) / 1000).toFixed(0).padStart(5)} ms ${(task.dur / 1000).toFixed(1).padStart(6)} ms: ` +
      named.map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`).join(', '));
  }
  const sum = tasks.reduce((s, t) => s + t.dur, 0) / 1000;
  const blocking = tasks.filter((t) => t.ts >= fcp).reduce((s, t) => s + Math.max(0, (t.dur / 1000) * 4 - 50), 0);
  // All the main thread's tasks: their wall time, and their thread time (the
  // CPU they had: what the page asked for, whatever the machine's load).
  const all = mine.filter((e) => e.name === 'RunTask' && e.ts >= nav);
  const wall = all.reduce((s, t) => s + t.dur, 0) / 1000;
  const cpu = all.reduce((s, t) => s + (t.tdur ?? t.dur), 0) / 1000;
  console.log(
    `${label}: ${tasks.length} tasks ≥ ${min} ms, ${sum.toFixed(0)} ms in all; first contentful paint at ${((fcp - nav) / 1000).toFixed(0)} ms; ` +
      `after it, ×4 less 50 ms each: ${blocking.toFixed(0)} ms; every task: ${wall.toFixed(0)} ms, of which the thread ran ${cpu.toFixed(0)} ms`,
  );
  console.log(lines.join('\n'));
  console.log('  by kind:', [...totals].sort((a, b) => b[1] - a[1]).map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`).join(', '));
}

if (values.trace) {
  for (const file of values.trace) {
    const trace = JSON.parse(readFileSync(file, 'utf8'));
    analyse(trace.traceEvents ?? trace, file);
  }
} else {
  for (let run = 0; run < Number(values.runs); run++) await once();
  await closeAll();
}
