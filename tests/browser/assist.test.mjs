// Hint and Undo in a casual game against the bot: the hint shows the bot's
// best move and its value, the undo takes back to the person's turn, both
// go into the record (version 2's `assists` line), and the record verifies
// in verify.html and with `virada verify`, the undo marked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, ROOT } from './harness.mjs';
import { cells, ply, isOver, SEED } from './table-util.mjs';
import { fastForward } from './stored-game.mjs';

const BIN = process.env.VIRADA_BIN ?? `${ROOT}target/debug/virada`;

/** Waits until the person may move, or the game is over. */
function personsTurn(page) {
  return page.waitForFunction(
    () => document.body.dataset.over === 'true' || (document.body.dataset.thinking === 'false' && !document.getElementById('undo').hidden && document.querySelector('#grid [data-legal]')),
  );
}

async function playOne(page, k) {
  const legal = (await cells(page)).filter((c) => c.legal != null);
  const before = await ply(page);
  await page.locator(`#grid [data-sq="${legal[k % legal.length].sq}"]`).click();
  await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
}

test('a game against the bot with a hint and an undo is recorded, and its record verifies with the undo marked', async () => {
  const { page, context, errors, url } = await openPage(`index.html?lang=en&seats=person,bot&level=1&clock=0&think=1&seed=${SEED}`, {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  await personsTurn(page);
  assert.equal(await page.isVisible('#hint'), true);
  assert.equal(await page.isVisible('#undo'), true);
  assert.equal(await page.isDisabled('#undo'), true, 'nothing of the person’s to take back yet');

  // Hint: the best move and its value in the status, pencilled on the board.
  const hintPly = await ply(page);
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: [a-h][1-8], ([+−]\d+|0)/.test(document.getElementById('status').textContent));
  const status = await page.textContent('#status');
  assert.match(status, /the bot’s best move/);
  assert.equal(await page.isDisabled('#hint'), true);

  // Two moves of the person's, then Undo takes the last one and the bot's reply back.
  await playOne(page, 0);
  await personsTurn(page);
  await playOne(page, 1);
  await personsTurn(page);
  const beforeUndo = await ply(page);
  await page.click('#undo');
  await page.waitForFunction((p) => Number(document.body.dataset.ply) < p, beforeUndo);
  const afterUndo = await ply(page);
  assert.match(await page.textContent('#status'), /^Taken back: your move [a-h][1-8]/);
  assert.equal(await page.locator('body').getAttribute('data-thinking'), 'false');

  // The saved game keeps the shortened game and its assists.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('virada.game.v1')));
  assert.equal(saved.moves.length, afterUndo * 2);
  assert.match(saved.assists, /^hint \d+, undo \d+ \d+$/);

  // To the end: the engine plays the game on to four plies before it
  // (stored-game.mjs; the assists stay in the stored game), the page the rest.
  await fastForward(page, `index.html?lang=en&seats=person,bot&level=1&clock=0&think=1&seed=${SEED}`, 4);
  let k = 0;
  while (!(await isOver(page))) {
    await personsTurn(page);
    if (await isOver(page)) break;
    await playOne(page, k++);
  }
  await page.waitForSelector('#record:not([hidden])');
  const record = await page.textContent('#record');
  assert.match(record, /^virada-record 2\n/);
  assert.ok(!record.includes('second-word'), record);
  const undone = beforeUndo - afterUndo;
  assert.ok(record.includes(`\nassists: hint ${hintPly + 1}, undo ${beforeUndo + 1} ${undone}\n`), record);

  // verify.html: every check passes, the assists marked by the undo's notice.
  await page.goto(new URL('verify.html?lang=en', url).href);
  await page.fill('#record-input', record);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
  const checks = await page.locator('#checks li').evaluateAll((els) =>
    els.map((e) => ({ check: e.dataset.check, status: e.dataset.status, code: e.dataset.code, text: e.textContent })),
  );
  assert.ok(checks.every((c) => c.status !== 'failed'), JSON.stringify(checks));
  const assists = checks.find((c) => c.check === 'assists');
  assert.equal(assists?.code, 'undo-used');
  assert.equal(assists.status, 'notice');
  assert.match(assists.text, /taken back 1 times/);

  // The command line agrees, and says so.
  const dir = mkdtempSync(join(tmpdir(), 'virada-assist-'));
  writeFileSync(join(dir, 'game.txt'), record);
  const out = execFileSync(BIN, ['verify', join(dir, 'game.txt')], { encoding: 'utf8' });
  assert.match(out, /notice\s+assists: moves were taken back 1 times \(undo\) and 1 hints used/);

  assert.deepEqual(errors, []);
  await context.close();
});

test('no Hint or Undo between two people or two bots', async () => {
  for (const seats of ['person,person', 'bot,bot']) {
    const { page, context, errors } = await openPage(`index.html?lang=en&seats=${seats}&clock=0&seed=${SEED}`);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isVisible('#hint'), false, seats);
    assert.equal(await page.isVisible('#undo'), false, seats);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
