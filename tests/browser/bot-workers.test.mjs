// Level 10 across helper workers: with navigator.hardwareConcurrency made 4
// (an init script), the bot's worker starts 3 helpers (one core left to the
// page) and its searched moves come from them, legal, to the game's end;
// with 1 core the bot's worker searches alone, as before. How many helpers
// searched the last move is the body's data-bot-helpers (seat.js; 0 for
// the bot's worker alone).

import test from 'node:test';
import assert from 'node:assert/strict';
import { fakeCores, newContext, open } from './harness.mjs';

/** @param {number} cores */
async function pageWithCores(cores) {
  const context = await newContext();
  await fakeCores(context, cores);
  const page = await open(context, '?lang=en&seats=bot,bot&level=10&clock=0');
  return { context, page };
}

const ply = (page) => page.evaluate(() => Number(document.body.dataset.ply));

test('with 4 cores level 10 searches on 3 helper workers and plays a whole game', async () => {
  const { context, page } = await pageWithCores(4);
  // Past the opening book, a move searched by all three helpers.
  await page.waitForFunction(() => document.body.dataset.botHelpers === '3', null, { timeout: 120_000 });
  const at = await ply(page);
  await page.waitForSelector('body[data-over="true"]', { timeout: 240_000 });
  assert.ok((await ply(page)) > at, 'the game went on after a move from the helpers');
  assert.match(await page.locator('#result-line').textContent(), /wins|draw/);
  assert.doesNotMatch(await page.getByRole('status').textContent(), /failed/i);
  assert.deepEqual(page.errors, []);
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
