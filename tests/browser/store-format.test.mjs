// The stored game's format (www/core/store.js, docs/offline.md): a game stored in
// format 1 (before the `format` field) is migrated and continued, then kept
// in the current format; a game stored by a newer version is reported in the
// page's language and kept untouched, never overwritten.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, open } from './harness.mjs';
import { SEED, cells, ply } from './table-util.mjs';

const KEY = 'virada.game.v1';
const PP = 'seats=person,person&clock=0';

/** Plays the first legal square (in reading order) and waits for the ply to advance. */
async function playOne(page) {
  const before = await ply(page);
  const target = (await cells(page)).find((c) => c.legal != null);
  await page.locator(`#grid [data-sq="${target.sq}"]`).click();
  await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
}

test('a game stored in format 1 is continued, then stored in the current format with the same moves', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&${PP}`);
  // Format 1 as the page wrote it before `format`, `game`, `word`, `assists`.
  await page.evaluate(([key, seed]) => localStorage.setItem(key, JSON.stringify({
    seats: 'person,person', level: 3, clock: 0, seed, seedChosen: true, moves: 'f5d6c3', byTable: [],
  })), [KEY, SEED]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await ply(page), 3);
  assert.doesNotMatch(await page.getByRole('status').textContent(), /could not|newer/);
  await playOne(page);
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
  assert.equal(saved.format, 2);
  assert.equal(saved.game, 'othello');
  assert.equal(saved.word, '');
  assert.equal(saved.seed, SEED);
  assert.match(saved.moves, /^f5d6c3[a-h][1-8]$/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game stored by a newer version: said in the page in three languages, kept untouched', async () => {
  const context = await newContext();
  const page = await open(context, `?lang=en&${PP}`);
  const newer = JSON.stringify({ format: 99, seats: 'person,person', seed: SEED, moves: 'f5', whatever: [1, 2] });
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, newer]);
  const said = {
    en: /stored by a newer version of Virada \(format 99; this page reads up to 2\)\. It is kept, untouched/,
    pt: /guardado por uma versão mais nova do Virada \(formato 99; esta página lê até o 2\)\. Ele foi mantido intacto/,
    it: /memorizzata da una versione più recente di Virada \(formato 99; questa pagina legge fino al 2\)\. È conservata intatta/,
  };
  for (const [lang, text] of Object.entries(said)) {
    const p = await open(context, `?lang=${lang}&${PP}`);
    assert.match(await p.getByRole('status').textContent(), text);
    // A fresh game to play meanwhile, whose moves do not replace the kept one.
    assert.equal(await ply(p), 0);
    await playOne(p);
    assert.equal(await p.evaluate((key) => localStorage.getItem(key), KEY), newer);
    await p.close();
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});
