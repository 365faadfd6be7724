// "Verify a game" (F5): a record pasted and checked with the Verify button,
// a tampered copy failing the right check, the #r= link, the page's
// languages, the list of finished games, and record text kept as text.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, ROOT } from './harness.mjs';

const SEED = '5eed'.repeat(16);
const RECORDS = join(ROOT, 'tests/data/records');
let good;

before(async () => {
  good = await readFile(join(RECORDS, 'good-with-word.txt'), 'utf8');
});

/** Opens "Verify a game" and waits until its engine is ready; `page.errors` fills with any error. */
async function openVerify(query = '?lang=en', hash = '') {
  const { page, errors } = await openPage(`verify.html${query}${hash}`);
  page.errors = errors;
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Pastes `text` into the record box and presses Verify. */
async function pasteAndVerify(page, text) {
  await page.fill('#record-input', text);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
}

/** [{check, status, code, text}] as shown. */
function shown(page) {
  return page.locator('#checks li').evaluateAll((els) =>
    els.map((e) => ({ check: e.dataset.check, status: e.dataset.status, code: e.dataset.code, text: e.textContent })),
  );
}

const base64url = (s) => Buffer.from(s, 'utf8').toString('base64url');

test('a good record passes every check; a tampered copy fails the right one', async () => {
  const page = await openVerify();
  await pasteAndVerify(page, good);
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  const checks = await shown(page);
  assert.deepEqual(
    checks.map((c) => c.check),
    ['format', 'digest', 'fingerprint', 'dark-seat', 'signature', 'moves', 'table-moves', 'result'],
  );
  assert.ok(checks.every((c) => c.status === (c.check === 'signature' ? 'notice' : 'passed')), JSON.stringify(checks));
  // Without a signature the page says plainly what the record proves and what not.
  assert.match(checks.find((c) => c.check === 'signature').text, /no signature\. It proves the moves and the colour draw, not who sat where/);
  assert.match(checks.find((c) => c.check === 'result').text, /Dark 38, light 26: dark wins/);

  // One move changed from c5 to c6 at ply 2: the replay stops there.
  const tampered = good.replace('moves: c4 c5', 'moves: c4 c6');
  await pasteAndVerify(page, tampered);
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'false');
  const after = await shown(page);
  const moves = after.find((c) => c.check === 'moves');
  assert.equal(moves.status, 'failed');
  assert.equal(moves.code, 'illegal-move');
  assert.match(moves.text, /Move 2 \(c6, light\) is not legal/);
  assert.equal(after.find((c) => c.check === 'digest').status, 'failed');
  assert.equal(after.find((c) => c.check === 'fingerprint').status, 'passed');
  assert.deepEqual(page.errors, []);
});

test('every tampered record file fails the check its name gives', async () => {
  const page = await openVerify();
  for (const name of await readdir(join(RECORDS, 'bad'))) {
    const [check, code] = name.replace(/\.txt$/, '').split('.');
    await pasteAndVerify(page, await readFile(join(RECORDS, 'bad', name), 'utf8'));
    const c = (await shown(page)).find((x) => x.check === check);
    assert.ok(c, `${name}: a ${check} check is shown`);
    assert.deepEqual([c.status, c.code], ['failed', code], name);
    assert.ok(!c.text.includes('{'), `${name}: every slot filled: ${c.text}`);
  }
  assert.deepEqual(page.errors, []);
});

test('a #r= link verifies on opening, nothing typed', async () => {
  let page = await openVerify('?lang=en', `#r=${base64url(good)}`);
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await page.inputValue('#record-input'), good);

  const wrongResult = good.replace('result: dark 38 light 26', 'result: dark 39 light 25');
  page = await openVerify('?lang=en', `#r=${base64url(wrongResult)}`);
  await page.waitForSelector('#verdict:not([hidden])');
  const result = (await shown(page)).find((c) => c.check === 'result');
  assert.deepEqual([result.status, result.code], ['failed', 'count-mismatch']);

  page = await openVerify('?lang=en', '#r=@@@');
  await page.waitForSelector('#verdict:not([hidden])');
  assert.match(await page.textContent('#verdict'), /does not hold a readable record/);
  assert.deepEqual(page.errors, []);
});

test('the checks speak the page language', async () => {
  const pt = await openVerify('?lang=pt');
  await pasteAndVerify(pt, good);
  assert.equal(await pt.textContent('#verdict'), 'Todas as verificações passaram.');
  assert.match((await shown(pt)).find((c) => c.check === 'result').text, /Escuro 38, claro 26: o escuro vence/);
  const it = await openVerify('?lang=it');
  await pasteAndVerify(it, good.replace('dark: first', 'dark: second'));
  const dark = (await shown(it)).find((c) => c.check === 'dark-seat');
  assert.equal(dark.status, 'failed');
  assert.match(dark.text, /danno lo scuro al primo posto; la registrazione dice il secondo/);
  assert.deepEqual([...pt.errors, ...it.errors], []);
});

test('record text is shown as text, never as markup', async () => {
  const page = await openVerify();
  const junk = good.replace('word: ganhei!', '<img src=x onerror="document.body.dataset.pwned=1">');
  await pasteAndVerify(page, junk);
  const c = (await shown(page)).find((x) => x.check === 'format');
  assert.equal(c.code, 'unexpected-line');
  assert.match(c.text, /<img src=x onerror=/);
  assert.equal(await page.locator('#checks img').count(), 0);
  assert.equal(await page.getAttribute('body', 'data-pwned'), null);
  assert.deepEqual(page.errors, []);
});

test('finished games are listed from localStorage and verify in one click', async () => {
  const page = await openVerify();
  const other = await readFile(join(RECORDS, 'good-no-word.txt'), 'utf8');
  await page.evaluate(([a, b]) => localStorage.setItem('virada.finished', JSON.stringify([a, b])), [good, other]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const items = page.locator('#finished li button');
  assert.equal(await items.count(), 2);
  assert.match(await items.nth(0).textContent(), /Game 1: dark 38 light 26 dark wins/);
  await items.nth(1).click();
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await page.inputValue('#record-input'), other);
  assert.deepEqual(page.errors, []);
});

test('a game played through the engine verifies in the page, and fails once tampered', async () => {
  const page = await openVerify();
  // Every move is the table's time-out move, so the game is the same on every run.
  const record = await page.evaluate(async (seed) => {
    const { Table, rememberFinishedForTest } = await import('./www/games/engine.js').then(async (m) => ({
      ...m,
      rememberFinishedForTest: (await import('./www/core/finished.js')).rememberFinished,
    }));
    const table = new Table({ seats: 'person,person', level: 1, clock: 30, seed });
    for (let i = 0; i < 200 && !table.state.over; i++) {
      if (table.state.legal.length === 0) table.pass();
      else table.timeOut();
    }
    const text = table.record(true);
    rememberFinishedForTest(text);
    return text;
  }, SEED);
  assert.match(record, /^virada-record 1\n/);
  assert.match(record, /\nmoves: \*/);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#finished li button').first().click();
  await page.waitForSelector('#verdict:not([hidden])');
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  assert.match(await page.textContent('#checks li[data-check="seed"]'), /chosen/);

  // Unmark the first table move: only the digest can tell.
  await pasteAndVerify(page, record.replace('moves: *', 'moves: '));
  const failed = (await shown(page)).filter((c) => c.status === 'failed');
  assert.deepEqual(failed.map((c) => c.code), ['digest-mismatch']);
  assert.deepEqual(page.errors, []);
});

test('a record file opened from disk is checked at once', async () => {
  const page = await openVerify();
  await page.setInputFiles('#record-file', join(RECORDS, 'bad', 'table-moves.table-move-mismatch.txt'));
  await page.waitForSelector('#verdict:not([hidden])');
  const c = (await shown(page)).find((x) => x.check === 'table-moves');
  assert.deepEqual([c.status, c.code], ['failed', 'table-move-mismatch']);
  assert.match(c.text, /Move 5 \(d6\) is marked as placed by the table, but the time-out rule gives c6/);
  assert.deepEqual(page.errors, []);
});

test('a game lost on time under a game clock verifies; a forged clock fails in words', async () => {
  const lost = await readFile(join(RECORDS, 'good-game-clock-lost-on-time.txt'), 'utf8');
  const page = await openVerify();
  await pasteAndVerify(page, lost);
  assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
  let checks = await shown(page);
  const clock = checks.find((c) => c.check === 'clock');
  assert.deepEqual([clock.status, clock.code], ['passed', 'clock-ok']);
  assert.match(clock.text, /follow the clock 60\+1/);
  const result = checks.find((c) => c.check === 'result');
  assert.deepEqual([result.status, result.code], ['passed', 'result-on-time']);
  assert.match(result.text, /Lost on time: dark 12, light 52/);

  // Light's time at its first move rises from 60.7 to 62.7 s under a 1 s increment.
  const forged = lost.replace('times: 59.3 60.7 57.4 60.7', 'times: 59.3 60.7 57.4 62.7');
  assert.notEqual(forged, lost);
  const pt = await openVerify('?lang=pt');
  await pasteAndVerify(pt, forged);
  assert.equal(await pt.getAttribute('#verdict', 'data-ok'), 'false');
  checks = await shown(pt);
  const rises = checks.find((c) => c.check === 'clock');
  assert.deepEqual([rises.status, rises.code], ['failed', 'clock-time-rises']);
  assert.match(rises.text, /No lance 4 o tempo sobe de 60\.7 para 62\.7 s/);
  assert.deepEqual([...page.errors, ...pt.errors], []);
});
