// Every error code the engine can throw has a sentence in each language
// (www/core/errors.js), and the page shows it: a refused setting in the
// address is said in the page's language, not in the engine's English.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { ROOT, openPage } from './harness.mjs';
import { ERROR_WORDS } from '../../www/core/errors.js';

/** The Rust sources that make the codes the page can receive. */
const rustFiles = (dir) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.rs')).map((f) => `${dir}/${f}`);
const SOURCES = [
  ...rustFiles('crate/src/table'),
  'crate/src/game/handicap.rs',
  'crate/src/game/rules.rs',
  'crate/src/board/position.rs',
  ...rustFiles('crate/src/game/nabu'),
  // The puzzle page's package says its failures in its own words
  // (www/puzzle/words.js): its codes never reach these.
  ...rustFiles('crate/src/wasm').filter((f) => !f.endsWith('/puzzle.rs')),
];

/**
 * The codes in the sources: the string literals of every `fn code(…)` (the
 * error enums' stable codes) and the first argument of every `coded("…", …)`
 * at the wasm boundary.
 */
function engineCodes() {
  const codes = new Set();
  for (const path of SOURCES) {
    const text = readFileSync(join(ROOT, path), 'utf8');
    for (const m of text.matchAll(/fn code\(&self\)[^{]*\{([\s\S]*?)\n {4}\}/g)) {
      for (const [, code] of m[1].matchAll(/"([a-z][a-z0-9-]*)"/g)) codes.add(code);
    }
    for (const [, code] of text.matchAll(/coded\(\s*"([a-z][a-z0-9-]*)"/g)) codes.add(code);
  }
  return [...codes].sort();
}

test('every code the engine throws has a sentence in Portuguese, English and Italian', () => {
  const codes = engineCodes();
  // The codes named in the engine's docs, so a change in the sources' shape cannot empty the list.
  for (const code of ['bad-clock', 'bad-seed', 'no-flips', 'superko', 'table-move-mismatch', 'weights-in-use', 'bad-position']) {
    assert.ok(codes.includes(code), `${code} found in the sources`);
  }
  for (const lang of ['pt', 'en', 'it']) {
    const missing = codes.filter((code) => !ERROR_WORDS[lang][`error.${code}`]);
    assert.deepEqual(missing, [], `codes without a ${lang} sentence`);
  }
  // Each language says the same codes.
  const keys = (lang) => Object.keys(ERROR_WORDS[lang]).sort();
  assert.deepEqual(keys('pt'), keys('en'));
  assert.deepEqual(keys('it'), keys('en'));
});

for (const [lang, sentence] of [
  ['en', 'Write minutes+seconds, like 3+2, seconds a move, like 30s, or days, like 2d.'],
  ['pt', 'Escreva minutos+segundos, como 3+2, segundos por lance, como 30s, ou dias, como 2d.'],
  ['it', 'Scrivi minuti+secondi, come 3+2, secondi a mossa, come 30s, o giorni, come 2d.'],
]) {
  test(`a refused clock in the address (?clock=90000) is said in ${lang}`, async () => {
    assert.equal(ERROR_WORDS[lang]['error.bad-clock'], sentence);
    const { page, errors } = await openPage(`?lang=${lang}&seats=person,person&clock=90000`);
    await page.waitForSelector('body[data-ready="true"]');
    const status = await page.getByRole('status').textContent();
    assert.ok(status.includes(sentence), status);
    assert.doesNotMatch(status, /bad-clock/);
    // The table started with its defaults instead.
    assert.equal(await page.locator('body').getAttribute('data-over'), 'false');
    assert.deepEqual(errors, []);
  });
}

test('a refused setting on the Nabucodonosor page is said in the page language', async () => {
  const { page, errors } = await openPage('nabu.html?lang=it&size=30');
  await page.waitForSelector('body[data-ready="true"]');
  const status = await page.getByRole('status').textContent();
  assert.ok(status.includes(ERROR_WORDS.it['error.bad-size']), status);
  assert.deepEqual(errors, []);
});
