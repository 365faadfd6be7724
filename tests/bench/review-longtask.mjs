// Main-thread long tasks (> 50 ms, PerformanceObserver 'longtask') while the
// review analyses a finished game in its workers: the game of
// tests/data/records/good-from-page.txt restored, Review opened, then the
// positions after moves 40, 30, 45 and 20 shown for a few seconds each
// while the workers deepen and solve them and sweep the whole game for the
// graph. Prints the figures; asserts nothing.
//
//   node tests/bench/review-longtask.mjs [seconds a position]   (default: 2.5)
//
// REVIEW_CORES=5 makes navigator.hardwareConcurrency 5 (three sweepers).

import { readFileSync } from 'node:fs';
import { closeAll, fakeCores, newContext, open, restoreFinished, ROOT } from '../browser/harness.mjs';

const wait = Number(process.argv[2] ?? 2.5) * 1000;
const record = readFileSync(`${ROOT}tests/data/records/good-from-page.txt`, 'utf8');

const context = await newContext({ reducedMotion: 'no-preference' });
if (process.env.REVIEW_CORES) await fakeCores(context, Number(process.env.REVIEW_CORES));
const page = await open(context, '?lang=en');
await restoreFinished(page, record);
await page.evaluate(() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
});
const started = Date.now();
await page.locator('#review-open').click();
await page.waitForSelector('body[data-review="true"]');
for (const step of [40, 30, 45, 20]) {
  await page.locator(`#review-moves button[data-step="${step}"]`).evaluate((b) => b.click());
  await page.waitForTimeout(wait);
}
const tasks = await page.evaluate(() => window.__longtasks);
const longest = tasks.length ? Math.max(...tasks.map(([, d]) => d)) : 0;
console.log(`review: ${((Date.now() - started) / 1000).toFixed(1)} s of analysis, ${tasks.length} long tasks, longest ${longest.toFixed(0)} ms`);
if (page.errors.length) console.log(`errors in the page: ${page.errors.join('; ')}`);
await closeAll();
