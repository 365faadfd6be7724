// Main-thread long tasks (> 50 ms, PerformanceObserver 'longtask') while the
// bot thinks: bot vs bot in headless Chromium, the bot in its Web Worker.
// A control run with no bot (two people whose 1-second clocks run out, so the
// table plays every move: the same drawing work per move) shows what the
// machine's own noise gives. Prints the figures; asserts nothing.
//
//   node tests/bench/longtask.mjs [level] [plies]      (defaults: 6, 30)

import { closeAll, newContext, open } from '../browser/harness.mjs';

const level = Number(process.argv[2] ?? 6);
const plies = Number(process.argv[3] ?? 30);

function observe() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function run(query) {
  const context = await newContext({ reducedMotion: 'no-preference' });
  await context.addInitScript(observe);
  const page = await open(context, query);
  const from = await page.evaluate(() => performance.now());
  const started = Date.now();
  await page.waitForFunction(
    (n) => Number(document.body.dataset.ply) >= n || document.body.dataset.over === 'true',
    plies,
    { timeout: 600_000, polling: 200 },
  );
  const { tasks, ply } = await page.evaluate((t0) => ({
    tasks: window.__longtasks.filter(([s]) => s >= t0),
    ply: Number(document.body.dataset.ply),
  }), from);
  await context.close();
  if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  const longest = tasks.length ? Math.max(...tasks.map(([, d]) => d)) : 0;
  return { ply, seconds: (Date.now() - started) / 1000, count: tasks.length, longest };
}

try {
  const bot = await run(`?lang=en&seats=bot,bot&clock=0&level=${level}`);
  const control = await run('?lang=en&seats=person,person&clock=1');
  const line = (name, r) =>
    `${name}: ${r.ply} plies in ${r.seconds.toFixed(1)} s; long tasks > 50 ms: ${r.count}, longest ${r.longest.toFixed(0)} ms`;
  console.log(line(`bot vs bot, level ${level} (bot thinking in its worker)`, bot));
  console.log(line('control, no bot (the table plays each move on time-out)', control));
  console.log('after the page is ready; PerformanceObserver({type: "longtask"}), headless Chromium (Debian /usr/bin/chromium)');
} finally {
  await closeAll();
}
