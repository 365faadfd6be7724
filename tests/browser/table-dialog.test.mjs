// The New game dialog (the table draws the seed and shows its fingerprint
// before a player types a word; the seed and the word decide who plays dark)
// and the record's ways out of the page: download as text, GGF, a link.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { newContext, open } from './harness.mjs';
import { ply, cell, SEED } from './table-util.mjs';

const HEX64 = /^[0-9a-f]{64}$/;

/** docs/fair-play.md (who plays dark): h = SHA-256("virada/dark-seat/v1" || seed || word), dark seat = h[0] & 1. */
function darkSeat(seedHex, word) {
  const h = createHash('sha256');
  h.update('virada/dark-seat/v1');
  h.update(Buffer.from(seedHex, 'hex'));
  h.update(Buffer.from(word, 'utf8'));
  return h.digest()[0] & 1;
}

const fingerprintOf = (seedHex) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

async function clickMoves(page, transcript) {
  for (const mv of transcript.match(/../g)) {
    const p = await ply(page);
    await cell(page, mv).click();
    await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, p);
  }
}

const dialog = (page) => page.getByRole('dialog', { name: 'New game' });

/** Clicks New game and waits for the dialog: its module loads on the first click, so it opens a moment after. */
async function openDialog(page) {
  await page.getByRole('button', { name: 'New game' }).click();
  await page.waitForSelector('#new-dialog[open]');
}

/** Opens the dialog, types `word`, starts; returns the fingerprint the dialog showed. */
async function startWith(page, word, choose = async () => {}) {
  await page.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => /^[0-9a-f]{64}$/.test(document.querySelector('#nd-fingerprint')?.textContent?.trim() ?? ''));
  const fp = (await dialog(page).locator('#nd-fingerprint').textContent()).trim();
  await page.getByLabel('Your word (optional)').fill(word);
  await choose();
  await dialog(page).getByRole('button', { name: 'Start' }).click();
  await page.waitForFunction(() => !document.querySelector('#new-dialog').open);
  return fp;
}

/** The seat (0 or 1) the page says plays dark, read from the dark box with two people. */
async function pageDarkSeat(page) {
  const who = await page.locator('#box-dark .box-who').textContent();
  return { 'player 1': 0, 'player 2': 1 }[who];
}

test('the dialog shows the new fingerprint before the word; Start makes it the game’s; Cancel and Escape keep the game', async () => {
  const context = await newContext();
  const page = await open(context, '?lang=en&seats=person,person&clock=0');
  await clickMoves(page, 'f5d6');
  const oldFp = (await page.locator('#fingerprint').textContent()).trim();

  // Cancel: the game is untouched.
  await openDialog(page);
  assert.ok(await dialog(page).isVisible());
  assert.equal(await page.locator('#new-dialog').evaluate((d) => d.matches(':modal')), true, 'a modal dialog');
  const shown = (await page.locator('#nd-fingerprint').textContent()).trim();
  assert.match(shown, HEX64);
  assert.notEqual(shown, oldFp);
  assert.equal(await page.getByLabel('Your word (optional)').inputValue(), '', 'the word comes after the fingerprint');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'nd-word');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await dialog(page).count(), 0);
  assert.equal(await ply(page), 2);
  assert.equal((await page.locator('#fingerprint').textContent()).trim(), oldFp);

  // Escape closes it the same way; a new opening draws a new seed.
  await openDialog(page);
  const again = (await page.locator('#nd-fingerprint').textContent()).trim();
  assert.notEqual(again, shown, 'the cancelled seed is discarded');
  await page.keyboard.press('Escape');
  assert.equal(await dialog(page).count(), 0);
  assert.equal(await ply(page), 2);
  assert.equal((await page.locator('#fingerprint').textContent()).trim(), oldFp);

  // Start: the fingerprint shown before the word is the new game's.
  const fp = await startWith(page, 'pão de queijo');
  assert.equal(await ply(page), 0);
  assert.equal((await page.locator('#fingerprint').textContent()).trim(), fp);
  assert.match(await page.getByRole('status').textContent(), /Game abandoned\. Its seed was [0-9a-f]{64}\./);
  assert.equal(await page.locator('#word').textContent(), 'pão de queijo');
  await page.getByRole('button', { name: 'Copy record' }).click();
  const record = await page.locator('#record').textContent();
  assert.match(record, /\nword: pão de queijo\n/);
  assert.match(record, new RegExp(`\\nfingerprint: ${fp}\\n`));
  assert.match(record, /\nseed: hidden\n/, 'a seed drawn by the table is secret, not chosen');

  // The stored game keeps the word across a reload.
  const dark = await pageDarkSeat(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#word').textContent(), 'pão de queijo');
  assert.equal((await page.locator('#fingerprint').textContent()).trim(), fp);
  assert.equal(await pageDarkSeat(page), dark);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('with ?seed= the dark seat follows SHA-256(label, seed, word); the word changes nothing else', async () => {
  // The documented vectors, then this seed with a word that flips the colours.
  const vectors = [
    ['5c2d1b8e94a07f3362e1d0c4b9a8f7e6d5c4b3a29180f7e6d5c4b3a291807f6e', 'ganhei!', 1],
    ['0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0', 'pão de queijo', 0],
  ];
  for (const [seed, word, expected] of vectors) assert.equal(darkSeat(seed, word), expected, 'the formula as documented');
  const flip = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find((w) => darkSeat(SEED, w) !== darkSeat(SEED, ''));
  assert.ok(flip, 'some one-letter word changes the colours');
  vectors.push([SEED, '', darkSeat(SEED, '')], [SEED, flip, darkSeat(SEED, flip)]);

  const context = await newContext();
  const records = [];
  for (const [seed, word, expected] of vectors) {
    const page = await open(context, `?lang=en&seats=person,person&clock=0&seed=${seed}`);
    const fp = await startWith(page, word);
    assert.equal(fp, fingerprintOf(seed));
    assert.equal((await page.locator('#fingerprint').textContent()).trim(), fp);
    assert.equal(await pageDarkSeat(page), expected, `seed ${seed.slice(0, 8)}…, word ${JSON.stringify(word)}`);
    assert.ok(await page.locator('#seed-chosen').isVisible(), 'a seed from the address is marked chosen');
    await clickMoves(page, 'f5d6c3');
    await page.getByRole('button', { name: 'Copy record' }).click();
    const record = await page.locator('#record').textContent();
    assert.match(record, new RegExp(`\\nword: ${word}\\n`));
    assert.match(record, new RegExp(`\\ndark: ${['first', 'second'][expected]}\\n`));
    if (seed === SEED) records.push(record);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  // Same seed, with and without the word: only the word, the colours and the digest differ.
  const strip = (r) => r.split('\n').filter((l) => !/^(word|dark|digest):/.test(l));
  assert.deepEqual(strip(records[0]), strip(records[1]));
  assert.notEqual(records[0], records[1]);
  await context.close();
});

test('Download record, Download GGF and Share link give the record, its GGF and a link that decodes to it', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&seats=person,person&clock=0&seed=${SEED}`);
  await clickMoves(page, 'f5d6c3d3');
  await page.getByRole('button', { name: 'Copy record' }).click();
  const record = await page.locator('#record').textContent();

  await page.locator('summary', { hasText: 'Download or share the record' }).click();
  for (const name of ['Download record', 'Download GGF', 'Share link']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    assert.ok(box.height >= 44, `${name}: ${box.height}px`);
  }

  const [txt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download record' }).click()]);
  assert.match(txt.suggestedFilename(), /^virada-[0-9a-f]{12}\.txt$/);
  assert.equal(await readFile(await txt.path(), 'utf8'), record);

  const [ggf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download GGF' }).click()]);
  assert.match(ggf.suggestedFilename(), /\.ggf$/);
  const ggfText = await readFile(await ggf.path(), 'utf8');
  assert.ok(ggfText.startsWith('(;GM[Othello]'), ggfText);
  assert.match(ggfText, /f5.*d6.*c3.*d3/i);

  await page.getByRole('button', { name: 'Share link' }).click();
  // The link is made once the finished games' module is there (core/finished.js, loaded on demand).
  await page.waitForSelector('#share-out:not([hidden])');
  const link = (await page.locator('#share-url').textContent()).trim();
  assert.equal(await page.locator('#share-url').getAttribute('href'), link);
  const url = new URL(link);
  assert.equal(url.pathname, '/verify.html');
  const m = /^#r=([A-Za-z0-9_-]+)$/.exec(url.hash);
  assert.ok(m, url.hash);
  assert.equal(Buffer.from(m[1], 'base64url').toString('utf8'), record);
  // Copying waits on the clipboard, so the announcement follows a moment later.
  await page.waitForFunction(() => /Link copied\.|the link is shown below/.test(document.getElementById('status').textContent));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the dialog at 360 px: labelled choices, nothing overflows, buttons at least 44 px', async () => {
  const context = await newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await open(context, '?lang=it&clock=0');
  await page.getByRole('button', { name: 'Nuova partita' }).click();
  const d = page.getByRole('dialog', { name: 'Nuova partita' });
  // The dialog's module may still be loading at the first click.
  await d.waitFor();
  assert.ok(await d.isVisible());
  assert.match((await d.locator('#nd-fingerprint').textContent()).trim(), HEX64);
  const levels = await page.getByLabel('Livello del bot').locator('option').allTextContents();
  assert.equal(levels.length, 10);
  assert.equal(levels[2], '3 · Occasionale');
  assert.deepEqual(
    await d.getByLabel(/^Orologio/).locator('option').evaluateAll((os) => os.map((o) => o.value)),
    ['0', '15', '30', '60', '120', '300', '60+0', '180+2', '300+0', '600+5', '1800+0'],
  );
  await page.getByLabel('Posti').selectOption('person,person');
  assert.equal(await page.getByLabel('Livello del bot').isDisabled(), true, 'no bot, no level');
  const box = await page.locator('#new-dialog').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
  const heights = await d.locator('button:visible, select:visible, input:visible').evaluateAll((els) => els.map((e) => [e.id || e.textContent, e.getBoundingClientRect().height]));
  for (const [name, h] of heights) assert.ok(h >= 44, `${name}: ${h}px`);
  await d.getByRole('button', { name: 'Inizia' }).click();
  assert.deepEqual((await page.locator('.box-who').allTextContents()).sort(), ['giocatore 1', 'giocatore 2']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
