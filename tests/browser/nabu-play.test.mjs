// A Nabucodonosor game on 6×6 through taps: a placement by two taps, the
// pie swap, then (the engine having played the middle in Node,
// stored-game.mjs) its last 16 plies: captures chosen by tapping a disc
// (cycling when a disc lies in several rectangles), forced passes, and the
// record verified in the page.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, openPage, pageUrl } from './harness.mjs';
import { fastForward } from './stored-game.mjs';

const SEED = '5a'.repeat(32);
/** The fake clock's start (page.clock). */
const START = Date.UTC(2026, 11, 7, 12);

/** Every cell's index, aria-label and ring (a disc the preview would flip), in one round trip. */
function cells(page) {
  return page.$$eval('#grid [role=gridcell]', (els) => els.map((el) => ({
    index: Number(el.dataset.sq),
    label: el.getAttribute('aria-label'),
    ring: el.dataset.wouldFlip !== undefined,
  })));
}

function tapCell(page, index) {
  return page.locator(`#grid [data-sq="${index}"]`).click();
}

test('a 6×6 game through taps: swap, captures by tapping, verified record', async () => {
  const { page, errors } = await openPage(`nabu.html?lang=en&size=6&seed=${SEED}`);
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal(await page.locator('[role=gridcell]').count(), 36);

  // First move: c3 by two taps (preview, then place).
  const c3 = 2 * 6 + 2;
  await tapCell(page, c3);
  assert.match(await page.locator('#status').textContent(), /Place on c3/);
  await tapCell(page, c3);
  assert.match((await cells(page))[c3].label, /^c3, dark disc/);

  // Second turn: the pie offer, as a button.
  const swap = page.locator('#swap');
  assert.equal(await swap.isVisible(), true);
  await swap.click();
  assert.match(await page.locator('#status').textContent(), /swapped/i);
  assert.equal(await swap.isVisible(), false);
  // The engine plays the game on to 16 plies before its end (stored-game.mjs):
  // the captures, their cycling and the passes come in those.
  await fastForward(page, null, 16, 'nabucodonosor');

  let captures = 0;
  let cycled = false;
  let turns = 0;
  let k = 7;
  while (!(await page.locator('#result').isVisible())) {
    turns += 1;
    assert.ok(turns < 400, 'the game should end');
    const all = await cells(page);
    const inCapture = all.filter((c) => /in a capture/.test(c.label));
    if (inCapture.length > 0) {
      // Capture: tap an enemy disc inside a capture; the preview rings the discs.
      const anchor = inCapture[0];
      await tapCell(page, anchor.index);
      let status = await page.locator('#status').textContent();
      assert.match(status, /Capture [a-f][1-6]–[a-f][1-6]/);
      if (/\(1 of (\d+)\)/.test(status)) {
        // Several rectangles hold this disc: tapping it again cycles.
        await tapCell(page, anchor.index);
        status = await page.locator('#status').textContent();
        assert.match(status, /\(2 of \d+\)/);
        cycled = true;
        await page.locator('#place').click();
      } else {
        const ringed = (await cells(page)).filter((c) => c.ring);
        assert.ok(ringed.some((c) => c.index === anchor.index), 'the tapped disc is ringed');
        await tapCell(page, anchor.index);
      }
      captures += 1;
    } else {
      const legal = all.filter((c) => /legal placement/.test(c.label));
      assert.ok(legal.length > 0, 'a legal placement or a capture exists');
      k = (k * 31 + 17) % 1009;
      const pick = legal[k % legal.length];
      await tapCell(page, pick.index);
      await tapCell(page, pick.index);
    }
  }
  assert.ok(captures > 0, 'at least one capture was chosen by tapping');
  assert.match(await page.locator('#result-line').textContent(), /wins/);
  assert.equal(await page.locator('#verify-line').getAttribute('data-ok'), 'true');
  const record = await page.locator('#record').textContent();
  assert.match(record, /^game: nabucodonosor 6$/m);
  assert.match(record, /^moves: c3 swap /m);
  assert.match(record, new RegExp(`^seed: ${SEED}`, 'm'));
  // The cycling path is exercised when the game offers it.
  if (cycled) assert.ok(captures > 0);
  assert.deepEqual(errors, []);
});

test('when the clock runs out the table plays the time-out move, marked in the record', async () => {
  // The page's time stands still from before its first load until the test
  // moves it, so neither the turn's deadline nor the next one's depends on
  // how long a real load or a step of the test took.
  const context = await newContext();
  const page = await context.newPage();
  const errors = page.errors;
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
  await page.goto(await pageUrl(`nabu.html?lang=en&size=6&clock=10&seed=${SEED}`));
  await page.locator('body[data-ready="true"]').waitFor();
  assert.match(await page.locator('#clock').textContent(), /^10 s$/);
  // The turn runs out at START + 11 s; the clock shows its seconds at its
  // checks, a quarter of a second apart from the turn's start.
  await page.clock.runFor(11_100);
  // An empty board: the first placement in reading order, a1.
  assert.match(await page.locator('#status').textContent(), /table plays a1/);
  // The next turn's clock started at the time-out and has run 1.1 s.
  assert.match(await page.locator('#clock').textContent(), /^9 s$/);
  await page.locator('#copy-record').click();
  assert.match(await page.locator('#record').textContent(), /^moves: \*a1$/m);
  assert.deepEqual(errors, []);
});

test('against the bot: it answers from its worker until the game ends', async () => {
  const { page, errors } = await openPage(`nabu.html?lang=en&size=5&seats=bot&seed=${SEED}`);
  await page.locator('body[data-ready="true"]').waitFor();
  let turns = 0;
  let k = 3;
  while (!(await page.locator('#result').isVisible())) {
    turns += 1;
    assert.ok(turns < 300, 'the game should end');
    // Once the bot has answered twice, the engine plays the game on to eight plies before its end.
    if (turns === 3) await fastForward(page, null, 8, 'nabucodonosor');
    // Wait for the person's turn (the bot thinks in its worker).
    await page.waitForFunction(
      () => /\(you\)/.test(document.getElementById('turn-line').textContent)
        || !document.getElementById('result').hidden,
    );
    if (await page.locator('#result').isVisible()) break;
    const all = await cells(page);
    const inCapture = all.filter((c) => /in a capture/.test(c.label));
    if (inCapture.length > 0) {
      await tapCell(page, inCapture[0].index);
      await page.locator('#place').click();
    } else {
      const legal = all.filter((c) => /legal placement/.test(c.label));
      k = (k * 31 + 17) % 1009;
      const pick = legal[k % legal.length];
      await tapCell(page, pick.index);
      await tapCell(page, pick.index);
    }
  }
  const record = await page.locator('#record').textContent();
  assert.match(record, /^seats: person, bot 2$/m);
  assert.equal(await page.locator('#verify-line').getAttribute('data-ok'), 'true');
  assert.deepEqual(errors, []);
});
