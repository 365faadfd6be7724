// Level 10 on one worker and across helper workers in headless Chromium:
// nodes a second on the same midgame positions at level 10's time, and the
// longest main-thread task while they think (PerformanceObserver
// 'longtask'). The page is the table (two people, no bot of its own); the
// benchmark starts the bot's worker (www/bot/worker.js) itself and asks it
// as the table's seat does, with `cores` standing for
// navigator.hardwareConcurrency: 1 core gives the bot's worker alone, N + 1
// cores N helpers (worker.js leaves one core to the page). Prints the
// figures; asserts nothing.
//
//   node tests/bench/workers.mjs [--positions 12] [--time-ms 1000] [--helpers 2,4]
//
// The positions: each of the first XOT openings (tests/data/xot-openings.txt)
// played on by 10, 14, 18 or 22 moves drawn from the legal ones by a fixed
// generator (the bots' package, read as the review reads a transcript, says
// which are legal): 30–42 empties, midgame searches with no solve at the
// root, out of the opening book (a move the book answers all the same is
// left out of the figures).

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { closeAll, newContext, open } from '../browser/harness.mjs';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '12' },
    'time-ms': { type: 'string', default: '1000' },
    helpers: { type: 'string', default: '2,4' },
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
    last = JSON.parse(wasm.review_read(transcript)).plies.at(-1);
    if (k === 10 + 4 * (i % 4) || last.legal.length === 0) break;
    state = (state * 1103515245 + 12345) % 2147483648;
    transcript += squareName(last.legal[state % last.legal.length]);
  }
  if (last.legal.length > 0) positions.push({ dark: last.dark, light: last.light, darkToMove: last.darkToMove });
}

function observe() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** Runs every position with `cores` on a fresh bot worker; the figures. */
async function run(cores) {
  const context = await newContext({ reducedMotion: 'no-preference' });
  await context.addInitScript(observe);
  const page = await open(context, '?lang=en&seats=person,person&clock=0');
  const result = await page.evaluate(
    async ({ positions, cores, timeMs }) => {
      const worker = new Worker(new URL('www/bot/worker.js', location.href), { type: 'module' });
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
      const want = cores > 1 ? Math.min(4, cores - 1) : 0;
      for (let i = 0; i < 40; i++) {
        const a = await ask({ ...positions[0], timeMs: 200 });
        if ((a.helpers > 0) === (want > 0)) break;
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
      }
      worker.terminate();
      const tasks = window.__longtasks.filter(([s]) => s >= t0);
      return { nodes, ms, depth, searched, longtasks: tasks.length, longest: Math.max(0, ...tasks.map(([, d]) => d)) };
    },
    { positions, cores, timeMs },
  );
  if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  await context.close();
  return result;
}

try {
  const counts = [0, ...values.helpers.split(',').map(Number).filter((n) => n > 1)];
  let base = 0;
  console.log(`level 10, ${timeMs} ms a move, ${positions.length} positions (XOT openings played on); headless Chromium (Debian /usr/bin/chromium), ${cpus().length} cores here`);
  for (const n of counts) {
    const r = await run(n === 0 ? 1 : n + 1);
    const rate = r.nodes / (r.ms / 1000) / 1e6;
    base ||= rate;
    const who = n === 0 ? '1 worker (the bot\'s alone)' : `${n} helper workers`;
    console.log(
      `${who}: ${r.searched} moves searched, ${(r.ms / r.searched).toFixed(0)} ms a move, ${r.nodes} nodes, ${rate.toFixed(2)} M nodes/s (${(rate / base).toFixed(2)}x), depth ${(r.depth / r.searched).toFixed(1)} mean; main-thread long tasks > 50 ms: ${r.longtasks}, longest ${r.longest.toFixed(0)} ms`,
    );
  }
} finally {
  await closeAll();
}
