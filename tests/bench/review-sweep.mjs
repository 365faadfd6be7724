// How long the review takes to fill its graph (every position analysed by
// the sweep: no `.g-unknown` point left) with one sweeping worker and with
// several: navigator.hardwareConcurrency made each of the given counts (an
// init script; review.js `sweepers` gives 1 for 2 cores, 3 for 5), the game
// of tests/data/records/good-from-page.txt restored, Review opened at the
// end, where the board's own analysis has nothing to do. Each count is
// timed `runs` times, alternately; prints each time, the medians and their
// ratio to the first count's. Asserts nothing: the machine's cores and load
// decide the figures.
//
//   node tests/bench/review-sweep.mjs [--cores 2,5] [--runs 3]

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { closeAll, fakeCores, newContext, open, restoreFinished, ROOT } from '../browser/harness.mjs';

const { values } = parseArgs({ options: { cores: { type: 'string', default: '2,5' }, runs: { type: 'string', default: '3' } } });
const counts = values.cores.split(',').map(Number);
const runs = Number(values.runs);
const record = readFileSync(`${ROOT}tests/data/records/good-from-page.txt`, 'utf8');

/** Seconds from Review to a full graph with `cores` cores. */
async function fill(cores) {
  const context = await newContext({ reducedMotion: 'no-preference' });
  await fakeCores(context, cores);
  const page = await open(context, '?lang=en');
  await restoreFinished(page, record);
  const started = performance.now();
  await page.locator('#review-open').click();
  await page.waitForFunction(() => document.body.dataset.review === 'true'
    && document.querySelectorAll('#review-graph .g-dot').length > 0
    && document.querySelectorAll('#review-graph .g-dot.g-unknown').length === 0, null, { timeout: 300_000, polling: 50 });
  const seconds = (performance.now() - started) / 1000;
  await context.close();
  return seconds;
}

const times = new Map(counts.map((c) => [c, []]));
for (let r = 0; r < runs; r++) {
  for (const c of counts) {
    const s = await fill(c);
    times.get(c).push(s);
    console.log(`run ${r + 1}, ${c} cores: ${s.toFixed(2)} s`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times.get(counts[0]));
for (const c of counts) {
  const m = median(times.get(c));
  console.log(`${c} cores: median ${m.toFixed(2)} s, ${(m / base).toFixed(2)} of ${counts[0]} cores' time`);
}
await closeAll();
