// Main-thread long tasks (> 50 ms, PerformanceObserver 'longtask') while the
// bot thinks: bot vs bot in headless Chromium, the bot in its Web Worker.
// Prints the figures; nothing is asserted (the machine is shared and noisy).
//
//   node tests/bench/longtask.mjs [level] [plies]      (defaults: 6, 30)

import { serve, launch } from '../browser/table-util.mjs';

const level = Number(process.argv[2] ?? 6);
const plies = Number(process.argv[3] ?? 30);

const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    window.__longtasks = [];
    window.__thinking = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    addEventListener('DOMContentLoaded', () => {
      window.__since = null;
      new MutationObserver(() => {
        const on = document.body.dataset.thinking === 'true';
        if (on && window.__since == null) window.__since = performance.now();
        if (!on && window.__since != null) {
          window.__thinking.push([window.__since, performance.now()]);
          window.__since = null;
        }
      }).observe(document.body, { attributes: true, attributeFilter: ['data-thinking'] });
    });
  });
  const started = Date.now();
  await page.goto(`${server.url}/?lang=en&seats=bot,bot&clock=0&level=${level}`);
  await page.waitForFunction(
    (n) => Number(document.body.dataset.ply) >= n || document.body.dataset.over === 'true',
    plies,
    { timeout: 600_000 },
  );
  const { tasks, thinking, ply } = await page.evaluate(() => {
    if (window.__since != null) window.__thinking.push([window.__since, performance.now()]);
    return { tasks: window.__longtasks, thinking: window.__thinking, ply: Number(document.body.dataset.ply) };
  });
  const during = tasks.filter(([s, d]) => thinking.some(([a, b]) => s < b && s + d > a));
  const thinkMs = thinking.reduce((sum, [a, b]) => sum + (b - a), 0);
  const max = (xs) => (xs.length ? Math.max(...xs.map(([, d]) => d)) : 0);
  console.log(`bot vs bot, level ${level}: ${ply} plies in ${((Date.now() - started) / 1000).toFixed(1)} s wall clock`);
  console.log(`time with a bot to move (thinking, then its visible pause): ${(thinkMs / 1000).toFixed(1)} s`);
  console.log(`long tasks (> 50 ms) on the main thread while the bot thinks: ${during.length}, longest ${max(during).toFixed(0)} ms`);
  console.log(`long tasks in the whole run (page load included): ${tasks.length}, longest ${max(tasks).toFixed(0)} ms`);
  console.log('measured with PerformanceObserver({type: "longtask"}) in headless Chromium (Debian /usr/bin/chromium)');
} finally {
  await browser.close();
  await server.close();
}
