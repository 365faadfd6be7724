// Level 10 on one thread and on several in headless Chromium: the depth
// reached and the nodes searched on the same midgame positions at level
// 10's time, and the longest main-thread task while they think
// (PerformanceObserver 'longtask'). The page is the table (two people, no
// bot of its own); the benchmark starts the bot's worker (www/bot/worker.js)
// itself and asks it as the table's seat does, with `cores` standing for
// navigator.hardwareConcurrency (the worker leaves one core to the page):
// 1 core gives the bot's worker alone, N + 1 cores N threads. As served,
// the page is cross-origin isolated, so N threads share one memory and one
// table (www/bot/team.js: the bot's worker and N − 1 helpers); with --split
// the same cores also run on a page without the isolation headers, where
// they fall back to the search split across N helpers that share nothing
// while the bot's worker plans (www/bot/helpers.js). Prints the
// figures; asserts nothing.
//
//   node tests/bench/workers.mjs [--positions 24] [--time-ms 1000] [--threads 2,4] [--split]
//
// The positions: each of the first XOT openings (tests/data/xot-openings.txt)
// played on by 10, 14, 18 or 22 moves drawn from the legal ones by a fixed
// generator (the bots' package, read as the review reads a transcript, says
// which are legal): 30–42 empties, midgame searches with no solve at the
// root, out of the opening book (a move the book answers all the same is
// left out of the figures). Each mode runs on a fresh worker.

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { closeAll, newContext, open } from '../browser/harness.mjs';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '24' },
    'time-ms': { type: 'string', default: '1000' },
    threads: { type: 'string', default: '2,4' },
    split: { type: 'boolean', default: false },
  },
});
const timeMs = Number(values['time-ms']);

const pkg = new URL('../../www/pkg-bot/', import.meta.url);
const wasm = await import(new URL('virada.js', pkg));
wasm.initSync({ module: readFileSync(new URL('virada_bg.wasm', pkg)) });
const squareName = (i) => 'abcdefgh'[i % 8] + String(Math.floor(i / 8) + 1);
const openings = readFileSync(new URL('../data/xot-openings.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));
const positions = [];
let state = 12345;
for (const [i, line] of openings.slice(0, Number(values.positions)).entries()) {
  let transcript = line.trim();
  let last = null;
  for (let k = 0; k <= 10 + 4 * (i % 4); k++) {
    last = wasm.review_read(transcript).plies.at(-1);
    if (k === 10 + 4 * (i % 4) || last.legal.length === 0) break;
    state = (state * 1103515245 + 12345) % 2147483648;
    transcript += squareName(last.legal[state % last.legal.length]);
  }
  if (last.legal.length > 0) positions.push({ dark: String(last.dark), light: String(last.light), darkToMove: last.darkToMove });
}

function observe() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Runs every position with `threads` threads on a fresh bot worker (the
 * page isolated or not); the figures.
 */
async function run(threads, isolated) {
  const context = await newContext({ reducedMotion: 'no-preference', ...(isolated ? {} : { serviceWorkers: 'block' }) });
  await context.addInitScript(observe);
  if (!isolated) {
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      delete headers['cross-origin-opener-policy'];
      await route.fulfill({ response, headers });
    });
  }
  const page = await open(context, '?lang=en&seats=person,person&clock=0');
  const result = await page.evaluate(
    async ({ positions, threads, timeMs }) => {
      const worker = new Worker(new URL('www/bot/worker.js', location.href), { type: 'module' });
      const cores = threads === 1 ? 1 : threads + 1;
      let id = 0;
      const ask = (q) =>
        new Promise((resolve, reject) => {
          id += 1;
          const mine = id;
          worker.onmessage = (e) => {
            if (e.data.id !== mine) return;
            if (e.data.type === 'move') resolve(e.data);
            else reject(new Error(e.data.message));
          };
          worker.postMessage({ type: 'think', id: mine, level: 10, seed: '0'.repeat(64), ply: 30, timeMs, cores, ...q });
        });
      // Until the helpers have started the bot's worker searches alone: warm up.
      let helpers = 0;
      for (let i = 0; i < 40; i++) {
        const a = await ask({ ...positions[0], timeMs: 200 });
        helpers = a.helpers;
        if ((a.helpers > 0) === (threads > 1)) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const t0 = performance.now();
      let nodes = 0;
      let ms = 0;
      let depth = 0;
      let searched = 0;
      for (const p of positions) {
        const started = performance.now();
        const a = await ask(p);
        if (a.book) continue;
        ms += performance.now() - started;
        nodes += a.nodes;
        depth += a.depth;
        searched += 1;
        helpers = a.helpers;
      }
      worker.terminate();
      const tasks = window.__longtasks.filter(([s]) => s >= t0);
      return { nodes, ms, depth, searched, helpers, isolated: crossOriginIsolated, longtasks: tasks.length, longest: Math.max(0, ...tasks.map(([, d]) => d)) };
    },
    { positions, threads, timeMs },
  );
  if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  if (result.isolated !== isolated) throw new Error(`the page is ${result.isolated ? '' : 'not '}cross-origin isolated`);
  await context.close();
  return result;
}

try {
  const counts = values.threads.split(',').map(Number).filter((n) => n > 1);
  const modes = [
    { threads: 1, isolated: true, who: '1 thread (the bot\'s worker alone)' },
    ...counts.map((n) => ({ threads: n, isolated: true, who: `${n} threads sharing one memory (isolated)` })),
    ...(values.split ? counts.map((n) => ({ threads: n, isolated: false, who: `${n} helpers splitting the search (not isolated; the bot's worker plans)` })) : []),
  ];
  let base = null;
  console.log(`level 10, ${timeMs} ms a move, ${positions.length} positions (XOT openings played on); headless Chromium (Debian /usr/bin/chromium), ${cpus().length} cores here`);
  for (const mode of modes) {
    const r = await run(mode.threads, mode.isolated);
    const rate = r.nodes / (r.ms / 1000) / 1e6;
    const depth = r.depth / r.searched;
    base ??= { rate, depth };
    console.log(
      `${mode.who}: ${r.searched} moves searched (last with ${r.helpers} helpers), ${(r.ms / r.searched).toFixed(0)} ms a move, ${r.nodes} nodes, ${rate.toFixed(2)} M nodes/s (${(rate / base.rate).toFixed(2)}x), depth ${depth.toFixed(2)} mean (${(depth - base.depth >= 0 ? '+' : '') + (depth - base.depth).toFixed(2)}); main-thread long tasks > 50 ms: ${r.longtasks}, longest ${r.longest.toFixed(0)} ms`,
    );
  }
} finally {
  await closeAll();
}
