// The whole promise in one run: a game to the end at the table with a
// secret seed (its middle played by the engine in Node, stored-game.mjs),
// the record from the end screen, verified in the page
// (every check passes), then a tampered copy (the right check fails); the
// end screen's link to "Verify a game" carries the record too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openPage } from './harness.mjs';
import { cells, ply, isOver } from './table-util.mjs';
import { fastForward } from './stored-game.mjs';

async function verifyIn(page, text) {
  await page.fill('#record-input', text);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
  return page.locator('#checks li').evaluateAll((els) =>
    els.map((e) => ({ check: e.dataset.check, status: e.dataset.status, code: e.dataset.code })),
  );
}

test('a game played to the end verifies from its end screen record; a tampered copy does not', async () => {
  // No ?seed=: the table draws a secret seed, as in a real game.
  const { page, context, errors, url } = await openPage('index.html?lang=en&seats=person,person&clock=0', {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  const base = new URL('.', url).href;
  const fingerprint = (await page.textContent('#fingerprint')).trim();
  assert.match(fingerprint, /^[0-9a-f]{64}$/);
  // The engine plays the game on to four plies before its end (stored-game.mjs);
  // the page plays those and reaches the end screen.
  await fastForward(page, 'index.html?lang=en&seats=person,person&clock=0', 4);
  assert.equal((await page.textContent('#fingerprint')).trim(), fingerprint, 'the same game, resumed');
  let n = 0;
  while (!(await isOver(page))) {
    const legal = (await cells(page)).filter((c) => c.legal != null);
    const target = legal[(n * 5) % legal.length];
    const before = await ply(page);
    await page.locator(`#grid [data-sq="${target.sq}"]`).click();
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
    n++;
  }

  // The end screen: the seed is revealed and the record offered.
  const seed = (await page.textContent('#seed')).trim();
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.equal(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'), fingerprint);
  await page.click('#copy-record');
  await page.waitForSelector('#record:not([hidden])');
  const record = await page.textContent('#record');
  assert.match(record, /^virada-record 1\n/);
  assert.ok(record.includes(`\nseed: ${seed}\n`), 'the record holds the revealed seed');
  assert.ok(record.includes(`\nfingerprint: ${fingerprint}\n`));
  // Download as a file, as GGF, and a link that checks the game: all made in the page.
  const downloaded = async (id) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
    return readFile(await file.path(), 'utf8');
  };
  assert.equal(await downloaded('#download-record'), record);
  const ggf = await downloaded('#download-ggf');
  assert.match(ggf, /^\(;GM\[Othello\].*BO\[8 [-*O ]+\*\]B\[[a-h][1-8]\]/);
  assert.ok(ggf.endsWith(';)'));
  await page.click('#share-link');
  await page.waitForSelector('#share-out:not([hidden])');
  const share = await page.getAttribute('#share-url', 'href');
  assert.match(share, /^http:\/\/127\.0\.0\.1:\d+\/verify\.html#r=[A-Za-z0-9_-]+$/);
  const link = await page.getAttribute('#verify', 'href');
  assert.equal(new URL(link, url).href, share);
  assert.match(link, /^verify\.html#r=[A-Za-z0-9_-]+$/);

  // Verify it in the page: every check passes.
  const verify = await context.newPage();
  await verify.goto(`${base}verify.html?lang=en`);
  await verify.waitForSelector('body[data-ready="true"]');
  const checks = await verifyIn(verify, record);
  assert.deepEqual(checks.map((c) => c.check), ['format', 'digest', 'fingerprint', 'dark-seat', 'signature', 'moves', 'table-moves', 'result']);
  // A game on one device is not signed: a notice, not a failure.
  assert.ok(checks.every((c) => c.status === (c.check === 'signature' ? 'notice' : 'passed')), JSON.stringify(checks));
  assert.equal(await verify.getAttribute('#verdict', 'data-ok'), 'true');

  // The game is listed among the finished ones on this device.
  await verify.reload();
  await verify.waitForSelector('body[data-ready="true"]');
  assert.ok((await verify.locator('#finished li').count()) >= 1);

  // A tampered copy: the colours swapped, the digest made anew by a forger.
  const body = record.replace(/^dark: (first|second)$/m, (_, s) => `dark: ${s === 'first' ? 'second' : 'first'}`);
  const pre = body.slice(0, body.lastIndexOf('\ndigest: ') + 1);
  const forged = `${pre}digest: ${createHash('sha256').update(pre).digest('hex')}\n`;
  const bad = await verifyIn(verify, forged);
  assert.deepEqual(
    bad.filter((c) => c.status === 'failed').map((c) => [c.check, c.code]),
    [['dark-seat', 'dark-seat-mismatch']],
  );

  // The end screen's link opens the same record, checked on arrival.
  await verify.goto(`${base}${link}`);
  await verify.waitForSelector('body[data-ready="true"]');
  await verify.waitForSelector('#verdict:not([hidden])');
  assert.equal(await verify.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await verify.inputValue('#record-input'), record);
  assert.deepEqual(errors, []);
});
