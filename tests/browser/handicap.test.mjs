// The handicap (V2) in the page: chosen in the New game dialog (seat 2
// moves first and starts with discs on a1 and h8), the game starts with
// those discs and that first move, survives a reload, ends through the
// page's input, and its record verifies in verify.html. Then a
// bot-against-bot game with a handicap from the address (`?handicap=`, seat
// 1 light and moving first) ends and verifies too. Each game's middle is
// played by the engine in Node (stored-game.mjs): the rules of a handicap
// game are the library's (crate/tests/it/record_handicap.rs), the page's are
// its start, its reload, its end and its record.

import { test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { openPage, open } from './harness.mjs';
import { cells, ply, isOver, cell } from './table-util.mjs';
import { darkSeatOf, fastForward } from './stored-game.mjs';

/** Checks `record` in verify.html (a new page of `context`): its checks, by name. */
async function verifyIn(context, base, record) {
  const page = await context.newPage();
  await page.goto(`${base}verify.html?lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.fill('#record-input', record);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
  const checks = await page.locator('#checks li').evaluateAll((els) =>
    els.map((e) => ({ check: e.dataset.check, status: e.dataset.status, code: e.dataset.code, text: e.textContent })),
  );
  const ok = await page.getAttribute('#verdict', 'data-ok');
  await page.close();
  return { checks, ok };
}

/** The record from the end screen. */
async function recordOf(page) {
  await page.click('#copy-record');
  await page.waitForSelector('#record:not([hidden])');
  return page.textContent('#record');
}

/** The colour box whose player is `who` ("player 2"), and the other. */
async function boxes(page) {
  return page.evaluate(() =>
    ['dark', 'light'].map((c) => {
      const box = document.getElementById(`box-${c}`);
      return { color: c, who: box.querySelector('.box-who')?.textContent, supply: Number(box.dataset.supply), count: Number(box.dataset.count) };
    }),
  );
}

const PP = 'index.html?lang=en&seats=person,person&clock=0';

test('a person-vs-person handicap game from the dialog: seat 2 first with a1 and h8, to the end, verified', async () => {
  const { page, context, url } = await openPage(PP, {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  const base = new URL('.', url).href;

  // The dialog: two people, no clock, seat 2 takes the first move and a1, h8.
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  assert.match(await page.textContent('#hc-help'), /weaker side may move first/);
  assert.equal(await page.isDisabled('#hc-first'), true, 'nothing to tick before a seat is chosen');
  await page.selectOption('#set-seats', 'person,person');
  await page.selectOption('#set-clock', '0');
  await page.selectOption('#hc-seat', 'seat2');
  await page.check('#hc-first');
  await page.check('#hc-a1');
  await page.check('#hc-h8');
  await page.click('#nd-start');
  await page.waitForSelector('#new-dialog:not([open])', { state: 'attached' });

  // Seat 2 (player 2) holds a1 and h8 in its colour and is to move; its
  // supply is two discs short.
  const [dark, light] = await boxes(page);
  const mine = dark.who === 'player 2' ? dark : light;
  const other = mine === dark ? light : dark;
  assert.equal(mine.who, 'player 2');
  assert.deepEqual([mine.supply, other.supply], [28, 30]);
  assert.deepEqual([mine.count, other.count], [4, 2]);
  const board = await cells(page);
  const letter = mine.color;
  assert.equal(board[0].disc, letter, 'a1');
  assert.equal(board[63].disc, letter, 'h8');
  assert.equal(board[7].disc, 'empty', 'h1 stays empty');
  assert.equal(await page.getAttribute('#turn-line', 'data-side'), mine.color);
  assert.match(await page.textContent('#turn-line'), /player 2/);
  const name = mine.color === 'dark' ? 'Dark' : 'Light';
  await page.waitForFunction((n) => document.getElementById('status').textContent.includes(`${n} plays first (player 2)`), name);

  // Two moves, then a reload: the handicap game is still there.
  const playOne = async (n) => {
    const legal = (await cells(page)).filter((c) => c.legal != null);
    const target = legal[(n * 7) % legal.length];
    const before = await ply(page);
    await cell(page, 'abcdefgh'[target.sq % 8] + String(Math.floor(target.sq / 8) + 1)).click();
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
  };
  await playOne(0);
  await playOne(1);
  const beforeReload = await cells(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await ply(page), 2);
  assert.deepEqual((await cells(page)).map((c) => c.disc), beforeReload.map((c) => c.disc));
  assert.equal((await cells(page))[0].disc, letter, 'a1 never flips');

  // Played on by the engine to four plies before the end, then to the end
  // through the page's input.
  await fastForward(page, PP, 4);
  assert.equal((await cells(page))[0].disc, letter, 'a1 is seat 2’s after the reload');
  let n = 2;
  while (!(await isOver(page))) {
    await playOne(n++);
  }
  const end = await cells(page);
  assert.equal(end[0].disc, letter, 'a1 is still seat 2’s');
  assert.equal(end[63].disc, letter, 'h8 is still seat 2’s');
  // The review replays from the handicap's start: offered here too.
  assert.equal(await page.isVisible('#review-open'), true);

  const record = await recordOf(page);
  assert.match(record, /^virada-record 2\n/);
  assert.ok(record.includes('\nhandicap: seat2:first:a1,h8\nmoves: '), record);
  const { checks, ok } = await verifyIn(context, base, record);
  assert.equal(ok, 'true', JSON.stringify(checks));
  const handicap = checks.find((c) => c.check === 'handicap');
  assert.equal(handicap?.code, 'handicap-first');
  assert.match(handicap.text, /second seat \((dark|light)\) moved first, with its disc on a1 h8/);
  assert.ok(checks.filter((c) => c.check !== 'handicap' && c.check !== 'signature').every((c) => c.status === 'passed'), JSON.stringify(checks));
});

test('a bot-vs-bot handicap game from the address, light moving first, plays to the end and verifies', async () => {
  // A chosen seed that gives dark to seat 2: seat 1, light, takes the handicap.
  let seed = '';
  for (let i = 0; !seed; i++) {
    const s = createHash('sha256').update(`handicap ${i}`).digest('hex');
    if ((await darkSeatOf(s)) === 1) seed = s;
  }
  // Resumed without the handicap in the address: the stored game keeps it (as written: h1,a8).
  const resume = `index.html?lang=pt&seats=bot,bot&level=1&clock=0&seed=${seed}`;
  const { page, context, url } = await openPage(`${resume}&handicap=seat1:first:a8,h1`, {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  const base = new URL('.', url).href;
  const board = await cells(page);
  assert.equal(board[56].disc, 'light', 'a8');
  assert.equal(board[7].disc, 'light', 'h1');
  const [, light] = await boxes(page);
  assert.equal(light.supply, 28);
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1);
  // Played on by the engine to six plies before the end; the bots end it.
  await fastForward(page, resume, 6);
  await page.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 120_000 });
  const record = await recordOf(page);
  assert.ok(record.startsWith('virada-record 2\n'));
  assert.ok(record.includes('\ndark: second\nhandicap: seat1:first:h1,a8\nmoves: '), record);
  const { checks, ok } = await verifyIn(context, base, record);
  assert.equal(ok, 'true', JSON.stringify(checks));
  const handicap = checks.find((c) => c.check === 'handicap');
  assert.equal(handicap?.code, 'handicap-first');
  assert.match(handicap.text, /first seat \(light\) moved first, with its disc on h1 a8/);
});

test('a wrong handicap in the address is refused in the page’s language, the dialog refuses an empty one, Nabucodonosor any', async () => {
  const { page, context } = await openPage('index.html?lang=en&seats=person,person&handicap=seat1:b2', {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => /corners a1, h1, a8 and h8/.test(document.getElementById('status')?.textContent ?? ''));
  // The game started without a handicap.
  assert.equal((await cells(page))[0].disc, 'empty');
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#hc-seat', 'seat1');
  await page.click('#nd-start');
  await page.waitForSelector('#nd-error:not([hidden])');
  assert.match(await page.textContent('#nd-error'), /choose at least one/);
  // Nabucodonosor refuses a handicap in the address, and its dialog has no field.
  const nabu = await open(context, 'nabu.html?lang=en&handicap=seat1:first');
  await nabu.waitForFunction(() => /A handicap is for Othello only/.test(document.getElementById('status')?.textContent ?? ''));
  assert.equal(await nabu.locator('#hc-seat').count(), 0);
});
