// Seats (T17) and fairness on the page (F3, F4): the plain address starts
// person vs bot at once with a fresh secret seed; the bot is labelled and
// answers from its worker; bot vs bot plays to the game's end (from a stored
// game six plies before it: the bot's moves are the library's, tested in
// Rust); New game cancels a thinking bot, ending its worker, and reveals the
// abandoned game's seed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, open } from './harness.mjs';
import { cells, ply, isOver, SEED } from './table-util.mjs';
import { before, openStored, wholeGame } from './stored-game.mjs';

const HEX64 = /^[0-9a-f]{64}$/;

test('the plain address: person vs bot at once, fresh secret seed, bot labelled, bot answers', async () => {
  const context = await newContext();
  // The bot's worker fetches the trained evaluation and the opening book
  // beside the wasm (the service worker's own requests, which keep the site
  // offline, aside).
  const weights = [];
  const book = [];
  context.on('response', (r) => {
    if (r.request().serviceWorker()) return;
    if (r.url().endsWith('/pkg-bot/eval-weights.vrdw')) weights.push(r.status());
    if (r.url().endsWith('/pkg-bot/opening-book.vrdb')) book.push(r.status());
  });
  const page = await open(context, '?lang=en');
  const other = await open(await newContext(), '?lang=en');
  const fp = (await page.locator('#fingerprint').textContent()).trim();
  assert.match(fp, HEX64);
  assert.notEqual(fp, (await other.locator('#fingerprint').textContent()).trim(), 'each game draws its own seed');
  assert.equal((await page.locator('#seed').textContent()).trim(), 'shown when the game ends');
  assert.equal(await page.locator('#seed-chosen').evaluate((e) => e.hidden), true, 'a drawn seed is not marked chosen');

  const who = await page.locator('.box-who').allTextContents();
  assert.deepEqual([...who].sort(), ['bot, level 3', 'you']);
  // Whoever plays dark, it soon is the person's turn.
  await page.waitForFunction(() => document.body.dataset.thinking === 'false' && document.querySelector('[data-hint]'));
  const p = await ply(page);
  assert.match(await page.locator('#turn-line').textContent(), /\(you\)/);
  const legal = (await cells(page)).filter((c) => c.hint);
  await page.locator(`#grid [data-sq="${legal[0].sq}"]`).click();
  await page.waitForFunction((n) => Number(document.body.dataset.ply) >= n + 2 && document.body.dataset.thinking === 'false', p);
  assert.match(await page.getByRole('status').textContent(), /played/);
  assert.deepEqual(weights, [200], 'the worker loaded pkg-bot/eval-weights.vrdw once');
  assert.deepEqual(book, [200], 'the worker loaded pkg-bot/opening-book.vrdb once');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('bot vs bot plays to the end from its worker and reveals the seed at the end', async () => {
  const context = await newContext();
  const game = { seats: 'bot,bot', level: 3, clock: 0, seed: SEED, seedChosen: false };
  const moves = await wholeGame(game);
  const page = await openStored(context, '?lang=en&seats=bot,bot&clock=0', { ...game, moves: before(moves, 6) });
  const who = await page.locator('.box-who').allTextContents();
  assert.deepEqual(who, ['bot, level 3', 'bot, level 3']);
  await page.waitForFunction(() => document.body.dataset.thinking === 'true');
  assert.equal(await page.locator('#turn-line').textContent(), 'The bot is thinking…');
  assert.equal(await page.locator('[data-hint]').count(), 0, 'no pencil dots while a bot is to move');
  assert.equal((await page.locator('#seed').textContent()).trim(), 'shown when the game ends');
  await page.waitForSelector('body[data-over="true"]', { timeout: 120_000 });
  assert.match(await page.locator('#result-line').textContent(), /wins|draw/);
  assert.equal((await page.locator('#seed').textContent()).trim(), SEED);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('New game cancels a thinking bot and reveals the abandoned seed', async () => {
  const context = await newContext();
  const page = await open(context, '?lang=en&seats=bot,bot&clock=0');
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 2 && document.body.dataset.thinking === 'true');
  // The bot's worker: cancelled, it is terminated, so no stale answer can land.
  assert.equal(page.workers().length, 1);
  const closed = page.workers()[0].waitForEvent('close', { timeout: 30_000 });
  await page.getByRole('button', { name: 'New game' }).click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await dialog.getByLabel('Seats').selectOption('person,person');
  await dialog.getByRole('button', { name: 'Start' }).click();
  const status = await page.getByRole('status').textContent();
  const m = /Game abandoned\. Its seed was ([0-9a-f]{64})\./.exec(status);
  assert.ok(m, status);
  assert.equal(await ply(page), 0);
  await closed;
  assert.equal(await ply(page), 0);
  assert.equal(await isOver(page), false);
  assert.equal((await cells(page)).filter((c) => c.hint).length, 4);
  assert.deepEqual((await page.locator('.box-who').allTextContents()).sort(), ['player 1', 'player 2']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('level 10 opens from its opening book and says so; level 3 never does', async () => {
  const context = await newContext();
  // Bot against bot: whichever seat plays dark, the first move is the bot's.
  const page = await open(context, '?lang=en&seats=bot,bot&level=10&clock=0');
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1);
  const status = await page.getByRole('status').textContent();
  assert.match(status, /^Dark played (d3|c4|f5|e6), an opening-book move, and flipped 1 disc\./, status);
  // The book answers the reply too (every second move is in it).
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 2);
  assert.match(await page.getByRole('status').textContent(), /^Light played [a-h][1-8], an opening-book move/);
  await context.close();

  const casual = await newContext();
  const page3 = await open(casual, '?lang=en&seats=bot,bot&level=3&clock=0');
  await page3.waitForFunction(() => Number(document.body.dataset.ply) >= 2);
  const said = await page3.getByRole('status').textContent();
  assert.match(said, /played/);
  assert.doesNotMatch(said, /book/);
  assert.deepEqual([...page.errors, ...page3.errors], []);
  await casual.close();
});
