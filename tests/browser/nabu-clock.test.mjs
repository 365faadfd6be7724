// Game clocks beyond the Othello table's own test (game-clock.test.mjs):
// Nabucodonosor under a game clock (a person who never moves against the
// bot at ?clock=0.25%2B0 loses on time and the record verifies; the pie swap
// hands each player's time over with its colour), a handicap game (V2)
// under a game clock, a match (V1) whose every game has its own clock, a
// game clock kept across a reload (its time counting on while the page was
// away), and the GGF download carrying the clock and each move's time. The
// page's time is faked (Playwright's page.clock): nothing waits for real
// seconds, and every figure is exact.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, pageUrl } from './harness.mjs';

// With no word this seed gives the first seat dark, in either game.
const SEED = '01'.repeat(32);
const START = Date.UTC(2026, 11, 6, 12);

/** Both clocks' texts, dark's first. */
const clocks = (page) => page.locator('.game-clock-time').allTextContents();
const running = (page) => page.locator('.game-clock[data-running="true"]').getAttribute('data-color');

/** A page whose time stands still at START + 1 s until the test moves it. */
async function frozen(context, query) {
  const page = await context.newPage();
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  // A new game's clock starts once its board has been painted (the frame
  // after the one that draws it): the page's time moves on a millisecond at
  // a time until it runs, so that it starts now and every figure is exact.
  if (query.includes('%2B')) {
    for (let i = 0; !(await page.locator('.game-clock[data-running="true"]').count()); i++) {
      assert.ok(i < 500, 'the game clock starts within a few frames');
      await page.clock.runFor(1);
    }
  }
  return page;
}

/** Plays `move` (a cell's name, or the cell) by clicks on its cell (a click previews, a second places). */
async function place(page, move) {
  const before = Number(await page.locator('body').getAttribute('data-ply'));
  const cell = typeof move === 'string' ? page.getByRole('gridcell', { name: new RegExp(`^${move}\\b`) }) : move;
  await cell.click();
  if (Number(await page.locator('body').getAttribute('data-ply')) === before) await cell.click();
  await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, before);
}

test('Nabucodonosor at ?clock=0.25%2B0: a person who never moves loses on time; the record verifies', async () => {
  const context = await newContext();
  const page = await frozen(context, `nabu.html?lang=en&seats=person,bot&seed=${SEED}&clock=0.25%2B0`);
  assert.match(await page.locator('#turn-line').textContent(), /Dark to play \(you\)/);
  assert.deepEqual(await clocks(page), ['0:15', '0:15']);
  assert.equal(await running(page), 'dark');
  assert.match(await page.getByRole('status').textContent(), /Each player has 15 s for the game; whoever runs out of time loses\./);
  await page.clock.runFor(5_450);
  assert.deepEqual(await clocks(page), ['0:09.6', '0:15']);
  await page.clock.runFor(9_500);
  assert.deepEqual(await clocks(page), ['0:00.1', '0:15']);
  await page.clock.runFor(200);
  await page.waitForSelector('body[data-over="true"]');
  assert.deepEqual(await clocks(page), ['0:00.0', '0:15']);
  assert.equal((await page.locator('#result-line').textContent()).trim(), 'Time ran out for Dark (you): Light (bot, level 2) wins on time.');
  const record = await page.locator('#record').textContent();
  assert.match(record, /\ngame: nabucodonosor 8\n/);
  assert.match(record, /\nclock: 15\+0\n/);
  assert.match(record, /\nmoves: \ntimes: 0\.0\n/);
  assert.match(record, /\nresult: dark 0 light 64 light wins on time\n/);
  // The page's own check of the record, then Verify a game's.
  await page.waitForSelector('#verify-line[data-ok="true"]');
  await page.waitForFunction(() => document.getElementById('verify').getAttribute('href').startsWith('verify.html#r='));
  await page.goto(new URL(await page.locator('#verify').getAttribute('href'), page.url()).href);
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Nabucodonosor under a game clock: the swap hands each player its own time with its new colour', async () => {
  const context = await newContext();
  const page = await frozen(context, `nabu.html?lang=en&seats=person,person&seed=${SEED}&size=6&clock=1%2B1`);
  // The first player (dark) thinks 10 s: 51 s left; the second swaps after 3 s: 58 s.
  await page.clock.runFor(10_000);
  await place(page, 'c3');
  assert.deepEqual(await clocks(page), ['0:51', '1:00']);
  await page.clock.runFor(3_000);
  await page.getByRole('button', { name: /Swap colours/ }).click();
  await page.waitForFunction(() => document.body.dataset.ply === '2');
  // The second player now holds dark with its 58 s; the first, light, runs on its own 51 s.
  assert.deepEqual(await clocks(page), ['0:58', '0:51']);
  assert.equal(await running(page), 'light');
  await page.clock.runFor(1_000);
  assert.deepEqual(await clocks(page), ['0:58', '0:50']);
  // It never moves again: its own time runs out, 51 s after the swap.
  await page.clock.runFor(50_100);
  await page.waitForSelector('body[data-over="true"]');
  const record = await page.locator('#record').textContent();
  assert.match(record, /\nmoves: c3 swap\ntimes: 51\.0 58\.0 0\.0\n/);
  assert.match(record, / dark wins on time\n/);
  await page.waitForSelector('#verify-line[data-ok="true"]');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a handicap game under a game clock: the handicap seat moves first on its own clock; the record verifies', async () => {
  const context = await newContext();
  // Seat 2 (light with this seed) takes the first move and two corners.
  const page = await frozen(context, `?lang=en&seats=person,person&seed=${SEED}&clock=1%2B1&handicap=seat2:first:a1,h8`);
  assert.match(await page.locator('#turn-line').textContent(), /Light to play/);
  assert.equal(await running(page), 'light');
  await page.clock.runFor(4_000);
  assert.deepEqual(await clocks(page), ['1:00', '0:56']);
  await place(page, page.locator('#grid [data-legal]').first());
  // 60 − 4 + 1: light's clock stops with the increment, dark's runs.
  assert.deepEqual(await clocks(page), ['1:00', '0:57']);
  assert.equal(await running(page), 'dark');
  await page.clock.runFor(61_000);
  await page.waitForSelector('body[data-over="true"]');
  const record = await page.locator('#record').textContent();
  assert.match(record, /\nhandicap: seat2:first:a1,h8\n/);
  assert.match(record, /\nclock: 60\+1\n/);
  assert.match(record, /\ntimes: 57\.0 0\.0\n/);
  assert.match(record, / light wins on time\n/);
  await page.waitForFunction(() => document.getElementById('verify').getAttribute('href').startsWith('verify.html#r='));
  await page.goto(new URL(await page.locator('#verify').getAttribute('href'), page.url()).href);
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a match under a game clock: each game starts with its own full clock', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 900 } });
  const page = await frozen(context, `?lang=en&seats=person,person&clock=30`);
  await page.getByRole('button', { name: 'New game' }).click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await dialog.waitFor();
  await dialog.getByLabel('One game or a match').selectOption('games:2');
  await dialog.getByLabel(/^Clock/).selectOption('60+0');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.waitForSelector('#match:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('.game-clock-time').length === 2);
  // Nobody moves: the first game is lost on time by the side to move.
  await page.clock.runFor(60_100);
  await page.waitForSelector('#match-next:not([hidden])');
  assert.match(await page.locator('#record').textContent(), / wins on time\n/);
  assert.equal(await page.locator('#match').getAttribute('data-games'), '1');
  await page.getByRole('button', { name: 'Next game' }).click();
  await page.waitForFunction(() => document.body.dataset.over === 'false');
  assert.deepEqual(await clocks(page), ['1:00', '1:00'], 'the second game has its own clock');
  // Its clock starts once its board has been painted, within two frames.
  await page.clock.runFor(32);
  await page.clock.runFor(30_000);
  assert.deepEqual(await clocks(page), ['0:30', '1:00']);
  await page.clock.runFor(30_100);
  await page.waitForSelector('#match-end:not([hidden])');
  assert.equal(await page.locator('#match').getAttribute('data-games'), '2');
  // Each game lost on time scores as the WOF scores it (dark 2, light 62: 60 points).
  const points = await page.locator('#match-games li').evaluateAll((li) => li.map((e) => e.dataset.points));
  assert.equal(points.length, 2);
  for (const p of points) assert.ok(['60,0', '0,60'].includes(p), p);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game clock is kept across a reload, its time counting on while the page was away', async () => {
  const context = await newContext();
  const query = `?lang=en&seats=person,person&seed=${SEED}&clock=3%2B2`;
  let page = await frozen(context, query);
  await page.clock.runFor(12_300);
  await place(page, 'f5');
  await page.clock.runFor(8_100);
  await place(page, 'd6');
  assert.deepEqual(await clocks(page), ['2:50', '2:54']);
  await page.clock.runFor(5_000);
  await page.close();

  // Back 20 s later: dark's clock ran on the whole time (169.7 − 25 s).
  page = await context.newPage();
  await page.clock.install({ time: START + 1_000 + 12_300 + 8_100 + 5_000 + 20_000 });
  await page.clock.pauseAt(START + 1_000 + 12_300 + 8_100 + 5_000 + 20_000 + 100);
  await page.goto(await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('body').getAttribute('data-ply'), '2');
  assert.deepEqual(await clocks(page), ['2:25', '2:54']);
  assert.equal(await running(page), 'dark');
  await page.clock.runFor(4_000);
  await place(page, 'c3');
  // The times as the engine kept them before and after the reload.
  const game = await page.evaluate(() => localStorage.getItem('virada.game.v1'));
  assert.match(game, /"clock":"180\+2"/);
  assert.match(game, /"times":\[1697,1739,1\d{3}\]/);

  // A game left longer than its time is found lost on time.
  await page.close();
  page = await context.newPage();
  await page.clock.install({ time: START + 3_600_000 });
  await page.clock.pauseAt(START + 3_600_100);
  await page.goto(await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('body[data-over="true"]');
  assert.match((await page.locator('#result-line').textContent()).trim(), /^Time ran out for Light/);
  const over = await page.locator('#record').textContent();
  assert.match(over, /\nmoves: f5 d6 c3\ntimes: 169\.7 173\.9 \d+\.\d 0\.0\n/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Clicks Download GGF: the file's text. */
async function downloadGgf(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download GGF' }).click()]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

test('the GGF download carries the game clock (TI), each move’s time and a loss on time’s score', async () => {
  const context = await newContext({ acceptDownloads: true });
  const page = await frozen(context, `?lang=en&seats=person,person&seed=${SEED}&clock=3%2B2`);
  await page.clock.runFor(12_300);
  await place(page, 'f5');
  await page.clock.runFor(8_100);
  await place(page, 'd6');
  await page.locator('#record-more summary').click();
  const ggf = await downloadGgf(page);
  assert.match(ggf, /TI\[03:00\/00:02\/\]/);
  assert.match(ggf, /B\[f5\/\/12\.3\]W\[d6\/\/8\.1\]/);
  assert.doesNotMatch(ggf, /RE\[/, 'no result before the end');
  // Dark never moves again: lost on time, and the GGF's result is the record's (T23), not the board's.
  await page.clock.runFor(170_000);
  await page.waitForSelector('body[data-over="true"]');
  const [, dark, light] = /\nresult: dark (\d+) light (\d+) light wins on time\n/.exec(await page.locator('#record').textContent()).map(Number);
  const diff = dark - light;
  const after = await downloadGgf(page);
  assert.ok(after.includes(`RE[${diff >= 0 ? '+' : ''}${diff}]`), `${diff}: ${after}`);
  assert.match(after, /B\[f5\/\/12\.3\]W\[d6\/\/8\.1\]/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
