// A local game under a game clock (T22, T23; table/game-clock.js over the
// engine's clock), with the page's time faked (Playwright's page.clock), so
// nothing waits for real seconds: against the bot at ?clock=0.25%2B0 a person
// who never moves loses on time, the record says `clock: 15+0`, is kept in
// History and verifies in the page; at 360 px nothing moves or wraps as the
// two clocks tick down into their tenths.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, pageUrl } from './harness.mjs';

// With no word this seed gives the first seat (the person) dark: dark's
// clock runs from the start, and the bot (light) never has a turn.
const SEED = '01'.repeat(32);
const START = Date.UTC(2026, 11, 6, 12);

/** Both clocks' texts, dark's first. */
const clocks = (page) => page.locator('.game-clock-time').allTextContents();

test('a person who never moves against the bot at 15+0 loses on time; the record verifies', async () => {
  const context = await newContext();
  const page = await context.newPage();
  // The page's time stands still from the start: every figure is exact.
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl(`?lang=en&seats=person,bot&seed=${SEED}&clock=0.25%2B0`));
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.locator('#turn-line').textContent(), /Dark to play \(you\)/);
  assert.deepEqual(await clocks(page), ['0:15', '0:15']);
  // Dark's clock starts once the board has been painted (the frame after the
  // one that draws it), not before: under the page's stopped time, no frame yet.
  assert.equal(await page.locator('#game-clock-dark').getAttribute('data-running'), 'false');
  await page.clock.runFor(40);
  assert.equal(await page.locator('#game-clock-dark').getAttribute('data-running'), 'true');
  assert.equal(await page.locator('#game-clock-light').getAttribute('data-running'), 'false');
  // The turn's clock a move is not shown, and the rule is said.
  assert.equal(await page.locator('#clock').isHidden(), true);
  assert.match(await page.getByRole('status').textContent(), /Each player has 15 s for the game; whoever runs out of time loses\./);

  await page.clock.runFor(5_450);
  assert.deepEqual(await clocks(page), ['0:09.6', '0:15']);
  assert.equal(await page.locator('#game-clock-dark').getAttribute('data-low'), 'true');
  await page.clock.runFor(9_500);
  assert.deepEqual(await clocks(page), ['0:00.1', '0:15']);
  assert.equal(await page.locator('body').getAttribute('data-over'), 'false');
  await page.clock.runFor(200);
  await page.waitForSelector('body[data-over="true"]');
  assert.deepEqual(await clocks(page), ['0:00.0', '0:15']);
  assert.equal(await page.locator('#game-clock-dark').getAttribute('data-running'), 'false');
  const won = 'Time ran out for Dark (you): Light (bot, level 3) wins on time.';
  assert.equal((await page.locator('#result-line').textContent()).trim(), won);
  assert.match(await page.getByRole('status').textContent(), new RegExp(won.replace(/[().]/g, '\\$&')));
  // No move was made, by the person or by the table for them.
  assert.equal(await page.locator('#history li').count(), 0);

  const record = await page.locator('#record').textContent();
  assert.match(record, /\nclock: 15\+0\n/);
  assert.match(record, /\ntimes: 0\.0\n/);
  assert.match(record, /\nresult: dark 2 light 62 light wins on time\n/);
  // Kept in History, and the Verify link checks it in the page.
  await page.waitForFunction(() => document.getElementById('verify').getAttribute('href').startsWith('verify.html#r='));
  const kept = await page.evaluate(() => localStorage.getItem('virada.history') ?? '');
  assert.ok(kept.includes('clock: 15+0'), 'the finished game is kept for History');
  const verify = await page.locator('#verify').getAttribute('href');
  await page.goto(new URL(verify, page.url()).href);
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.match(await page.locator('body').textContent(), /Lost on time: dark 2, light 62/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('at 360 px the two clocks tick without moving or wrapping anything', async () => {
  const context = await newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl(`?lang=pt&seats=person,person&seed=${SEED}&clock=1%2B5`));
  await page.waitForSelector('body[data-ready="true"]');
  const watched = ['#game-clock-dark', '#game-clock-light', '.game-clock-time >> nth=0', '.game-clock-time >> nth=1', '.box-row', '#turn-line', '.board-frame', '#status'];
  const boxes = () => Promise.all(watched.map((sel) => page.locator(sel).boundingBox()));
  const first = await boxes();
  const oneLine = first[0].height;
  const seen = new Set();
  // From 1:00 down through 0:10 into the tenths, a tick at a time and across whole seconds.
  for (const step of [250, 1_000, 1_000, 25_000, 22_800, 100, 700, 100, 5_000]) {
    await page.clock.runFor(step);
    const [dark] = await clocks(page);
    seen.add(dark);
    assert.deepEqual(await boxes(), first, `after ${dark}`);
  }
  assert.deepEqual([...seen], ['1:00', '0:59', '0:58', '0:33', '0:10', '0:09.9', '0:09.2', '0:09.1', '0:04.1']);
  assert.ok(oneLine < 40, `one line: ${oneLine}px`);
  // A move: light's clock runs, dark's stops with the increment; still nothing moves.
  await page.getByRole('gridcell', { name: /^f5/ }).click();
  await page.getByRole('gridcell', { name: /^f5/ }).click();
  await page.waitForFunction(() => document.body.dataset.ply === '1');
  assert.equal(await page.locator('#game-clock-light').getAttribute('data-running'), 'true');
  const [dark] = await clocks(page);
  assert.equal(dark, '0:09.1', 'dark had 4.05 s and gained 5 s');
  await page.clock.runFor(1_000);
  const after = await boxes();
  // The turn line says the other side now (its text is another width); the rest stays.
  const still = [0, 1, 2, 3, 4, 6];
  assert.deepEqual(still.map((i) => after[i]), still.map((i) => first[i]));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the New game dialog starts a game clock, said in the page language', async () => {
  const context = await newContext();
  const page = await context.newPage();
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl('?lang=it&seats=person,person&clock=30'));
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('.game-clocks').count(), 0, 'no game clock drawn before one is chosen');
  await page.getByRole('button', { name: 'Nuova partita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuova partita' });
  await dialog.waitFor();
  const clock = dialog.getByLabel(/^Orologio/);
  assert.equal(await clock.locator('option[value="180+2"]').textContent(), '3+2');
  assert.equal(await clock.locator('optgroup').nth(1).getAttribute('label'), 'Un orologio a partita (minuti + secondi a mossa)');
  await clock.selectOption('180+2');
  await dialog.getByRole('button', { name: 'Inizia' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.game-clock-time').length === 2);
  assert.deepEqual(await clocks(page), ['3:00', '3:00']);
  assert.match(await page.getByRole('status').textContent(), /Ogni giocatore ha 3 min per la partita, e 2 s in più dopo ogni mossa; chi resta senza tempo perde\./);
  await page.clock.runFor(1_250);
  assert.deepEqual(await clocks(page), ['2:59', '3:00']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
