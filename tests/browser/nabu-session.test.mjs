// A Nabucodonosor game kept by the table: started in the New game dialog
// with the players' word, carried over a reload, finished, listed in "Your
// last finished games" and verified there; a forced pass announced.
import assert from 'node:assert/strict';
import test from 'node:test';
import { openPage } from './harness.mjs';
import { fastForward } from './stored-game.mjs';

async function ready(page) {
  await page.locator('body[data-ready="true"]').waitFor();
}

/** One move for the side to move: a capture if there is one (tap a disc, Place), else a placement (two taps). */
async function playOne(page, k) {
  const cells = await page.$$eval('#grid [role=gridcell]', (els) => els.map((el) => ({
    sq: Number(el.dataset.sq),
    legal: el.dataset.legal !== undefined,
    capture: el.dataset.capture !== undefined,
  })));
  const capture = cells.find((c) => c.capture);
  if (capture) {
    await page.locator(`#grid [data-sq="${capture.sq}"]`).click();
    await page.locator('#place').click();
    return;
  }
  const legal = cells.filter((c) => c.legal);
  assert.ok(legal.length > 0, 'a placement or a capture exists');
  const cell = page.locator(`#grid [data-sq="${legal[k % legal.length].sq}"]`);
  await cell.click();
  await cell.click();
}

const ply = (page) => page.locator('body').getAttribute('data-ply').then(Number);

test('a game with a word survives a reload, ends, is listed with the finished games and verifies', async () => {
  const { page, errors } = await openPage('nabu.html?lang=en&size=6');
  await ready(page);
  await page.locator('#new-game').click();
  // The dialog's module loads on demand: its fingerprint comes with it.
  await page.waitForFunction(() => /^[0-9a-f]{64}$/.test(document.querySelector('#nd-fingerprint')?.textContent?.trim() ?? ''));
  assert.match(await page.locator('#nd-fingerprint').textContent(), /^[0-9a-f]{64}$/);
  await page.locator('#nd-word').fill('figs and dates');
  await page.locator('#set-seats').selectOption('person,person');
  await page.locator('#set-size').selectOption('5');
  await page.locator('#nd-start').click();
  await page.locator('#new-dialog').waitFor({ state: 'hidden' });
  assert.match(await page.locator('#status').textContent(), /word “figs and dates”/);
  assert.equal(await page.locator('#grid [role=gridcell]').count(), 25);

  for (let k = 0; k < 6; k++) await playOne(page, k * 7 + 1);
  const before = { ply: await ply(page), fingerprint: await page.locator('#fingerprint').textContent() };
  assert.ok(before.ply >= 6);

  await page.reload();
  await ready(page);
  assert.equal(await ply(page), before.ply, 'the moves came back');
  assert.equal(await page.locator('#fingerprint').textContent(), before.fingerprint);
  assert.equal(await page.locator('#word').textContent(), 'figs and dates');
  assert.equal(await page.locator('#grid [role=gridcell]').count(), 25);

  // The engine plays the game on to six plies before its end (stored-game.mjs); the page the rest.
  await fastForward(page, null, 6, 'nabucodonosor');
  assert.equal(await page.locator('#word').textContent(), 'figs and dates');
  for (let k = 0; !(await page.locator('#result').isVisible()); k++) {
    assert.ok(k < 300, 'the game should end');
    await playOne(page, k * 31 + 17);
  }
  assert.match(await page.locator('#result-line').textContent(), /wins/);
  assert.equal(await page.locator('#verify-line').getAttribute('data-ok'), 'true');
  const record = await page.locator('#record').textContent();
  assert.match(record, /^game: nabucodonosor 5$/m);
  assert.match(record, /^word: figs and dates$/m);

  await page.goto(new URL('verify.html?lang=en', page.url()).href);
  await ready(page);
  const item = page.locator('#finished li button').first();
  assert.match(await item.textContent(), /^Game 1: .*\(Nabucodonosor 5×5\)$/);
  await item.click();
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await page.inputValue('#record-input'), record);
  assert.deepEqual(errors, []);
});

test('a forced pass is announced after the move that brings it', async () => {
  // On 5×5 with this seed, after these 24 moves dark fills the board with a5:
  // light then has neither a placement nor a capture and must pass, and dark
  // plays on (found by a seeded random game through the engine).
  const seed = '5a'.repeat(32);
  const moves = 'd3 a2 d5 a1 b4 b1 b5 e1 e4 c1 c3 c5 d4 e2 b3 c2 e5 d1 a3 b2 e3 d2 a4 c4';
  const { page, errors } = await openPage(`nabu.html?lang=en&size=5&seed=${seed}`);
  await ready(page);
  await page.evaluate(([s, m]) => localStorage.setItem('virada.game.nabucodonosor.v1', JSON.stringify({
    game: 'nabucodonosor', size: 5, seats: 'person,person', level: 2, clock: 0,
    seed: s, seedChosen: true, word: '', moves: m, byTable: [],
  })), [seed, moves]);
  await page.reload();
  await ready(page);
  assert.equal(await ply(page), 24);
  const a5 = page.locator('#grid [data-sq="20"]');
  await a5.click();
  await a5.click();
  assert.equal(await page.locator('#status').textContent(), 'Dark played a5. Light has no move and passes.');
  assert.equal(await ply(page), 26);
  assert.match(await page.locator('#turn-line').textContent(), /^Dark to play/);
  assert.equal(await page.locator('#history li').last().textContent(), 'Light: —');
  assert.deepEqual(errors, []);
});
