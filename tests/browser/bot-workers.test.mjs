// Level 10 on several workers. With navigator.hardwareConcurrency made 4
// (an init script), the page as served (cross-origin isolated) runs it on
// 3 threads over one shared memory: the bot's worker leads and 2 helper
// workers join (one core left to the page; www/bot/team.js), and the game
// goes on from its moves. That a search on several threads, or split,
// gives a legal move and solves an endgame as one thread does is the
// library's, tested in Rust (crate/src/engine/search/engine/parallel/tests.rs,
// crate/src/engine/search/split/tests.rs); here, that the page wires it up. Where the page is not isolated (the
// isolation headers taken off its answers) it falls back to the search
// split across 3 helpers that share nothing (www/bot/helpers.js), and so
// it does where the threaded package cannot be had. With 1 core the bot's
// worker searches alone, as before. How many helpers
// searched the last move is the body's data-bot-helpers (seat.js; 0 for
// the bot's worker alone).

import test from 'node:test';
import assert from 'node:assert/strict';
import { fakeCores, newContext, open } from './harness.mjs';

// A quarter of a second a move (the page's default is 1 s): level 10 uses
// the whole of its time, on every thread, so a whole game at 1 s a move
// cost each test some 50 s of two cores, and the threads' work is the same
// at any time.
const THINK_S = 0.25;

/**
 * A page with `cores` cores playing level 10 against itself; `isolated`
 * false: its answers without the isolation headers (and no service worker
 * to put them back); `brokenThreads`: the threaded package's module
 * answered with bytes that are not WebAssembly.
 * @param {number} cores
 * @param {{isolated?: boolean, brokenThreads?: boolean}} [options]
 */
async function pageWithCores(cores, { isolated = true, brokenThreads = false } = {}) {
  const context = await newContext(isolated && !brokenThreads ? {} : { serviceWorkers: 'block' });
  await fakeCores(context, cores);
  if (brokenThreads) {
    await context.route('**/www/pkg-threads/virada_bg.wasm', (route) =>
      route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a module' }),
    );
  }
  if (!isolated) {
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      delete headers['cross-origin-opener-policy'];
      await route.fulfill({ response, headers });
    });
  }
  const page = await open(context, `?lang=en&seats=bot,bot&level=10&clock=0&think=${THINK_S}`);
  assert.equal(await page.evaluate(() => crossOriginIsolated), isolated);
  return { context, page };
}

const ply = (page) => page.evaluate(() => Number(document.body.dataset.ply));

/** Waits for a searched move by `helpers` helpers, then for a later one, two plies on or more, searched the same way. */
async function playsOn(page, helpers) {
  // Past the opening book, a move searched with every helper.
  await page.waitForFunction((n) => document.body.dataset.botHelpers === n, String(helpers), { timeout: 120_000 });
  // Then a later move searched the same way (a move that needs no search,
  // forced or from the book, says 0 helpers, so the very next may not).
  const at = await ply(page);
  const later = await page
    .waitForFunction(
      ([p, n]) => Number(document.body.dataset.ply) >= p + 2 && document.body.dataset.botHelpers === n,
      [at, String(helpers)],
      { timeout: 120_000 },
    )
    .then(() => true, () => false);
  assert.ok(later, `the later moves searched by ${helpers} helpers too (the last said ${await page.evaluate(() => document.body.dataset.botHelpers)})`);
  assert.doesNotMatch(await page.getByRole('status').textContent(), /failed/i);
  assert.deepEqual(page.errors, []);
}

test('isolated, with 4 cores level 10 searches on 3 threads sharing one memory, and the game goes on', async () => {
  const { context, page } = await pageWithCores(4);
  await playsOn(page, 2);
  await context.close();
});

test('not isolated, with 4 cores level 10 falls back to the split across 3 helper workers', async () => {
  const { context, page } = await pageWithCores(4, { isolated: false });
  await playsOn(page, 3);
  await context.close();
});

test('isolated, where the threaded package will not compile, level 10 falls back to the split', async () => {
  const { context, page } = await pageWithCores(4, { brokenThreads: true });
  await playsOn(page, 3);
  await context.close();
});

test('with 1 core level 10 searches on the bot worker alone', async () => {
  const { context, page } = await pageWithCores(1);
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 20, null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.botHelpers), '0');
  assert.doesNotMatch(await page.getByRole('status').textContent(), /failed/i);
  assert.deepEqual(page.errors, []);
  await context.close();
});
