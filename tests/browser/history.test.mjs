// The history (history.html): the finished games of both games listed with
// date, game, seats, result and fingerprint; a game replayed step by step,
// forwards to the end and back to the start, the board the page draws (its
// accessible grid) equal at every step to the position the engine's table
// reaches playing the record's moves itself (GameTable, crate::table — not
// the replay's crate::replay), the flipped discs too; a swipe on a phone;
// Delete with its
// confirm and Undo; a pasted transcript replayed; a bad text said in the
// page's language; the old `virada.finished` list taken over, and a list
// that cannot be read kept and said.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, ROOT } from './harness.mjs';
import { HISTORY_WORDS } from '../../www/history/words.js';
import { TABLE_WORDS } from '../../www/table/words.js';
import { HEADER_WORDS } from '../../www/accounts/header-words.js';

const OTHELLO = readFileSync(`${ROOT}tests/data/records/good-with-word.txt`, 'utf8');
const field = (record, key) => new RegExp(`^${key}: (.*)$`, 'm').exec(record)[1];
const NOV_29 = Date.UTC(2026, 10, 29, 18, 30);
const NOV_30 = Date.UTC(2026, 10, 30, 9, 15);

/**
 * A finished 6×6 Nabucodonosor game, every turn left to the table's clock,
 * made by the engine's table in the page: its record.
 */
function nabuRecord(page) {
  return page.evaluate(async () => {
    const { default: init, GameTable } = await import('/www/pkg/virada.js');
    await init();
    const t = new GameTable('nabucodonosor', 6, 'person,bot:2', 3, '30', '07'.repeat(32), '');
    while (!JSON.parse(t.snapshot()).over) t.time_out();
    return t.record(true);
  });
}

/**
 * The positions of `record` as the engine's table reaches them playing its
 * moves one by one (a `*` move through the table's own time-out, a pass as
 * the table makes it by itself): per ply, the cells as disc names and the
 * cells turned over.
 */
function tablePositions(page, record) {
  return page.evaluate(async (text) => {
    const { default: init, GameTable } = await import('/www/pkg/virada.js');
    await init();
    const key = (k) => new RegExp(`^${k}: (.*)$`, 'm').exec(text)?.[1];
    const [game, size] = (key('game') ?? 'othello 8').split(' ');
    const seed = (key('seed') ?? '01'.repeat(32)).split(' ')[0];
    const word = decodeURIComponent(key('word') ?? '');
    const t = new GameTable(game, Number(size), 'person,person', 3, '30', seed, word);
    const disc = (cells) => [...cells].map((c) => (c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty')).join(',');
    const out = [{ cells: disc(JSON.parse(t.snapshot()).cells), flipped: [] }];
    const plies = key('moves')?.split(' ') ?? text.match(/[a-h][1-8]/gi);
    for (const ply of plies) {
      if (ply === 'PA' || ply === 'pass') {
        out.push({ cells: out.at(-1).cells, flipped: [] });
        continue;
      }
      const event = JSON.parse(ply.startsWith('*') ? t.time_out() : t.play(ply));
      out.push({ cells: disc(JSON.parse(t.snapshot()).cells), flipped: [...event.changed].sort((a, b) => a - b) });
    }
    return out;
  }, record);
}

/** What the page draws now: the grid's discs and flipped marks, and the step. */
function drawn(page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll('#grid [role=gridcell]')];
    return {
      step: Number(document.body.dataset.replayStep),
      cells: cells.map((c) => /** @type {HTMLElement} */ (c).dataset.disc).join(','),
      flipped: cells.flatMap((c, i) => (/** @type {HTMLElement} */ (c).dataset.flipped ? [i] : [])),
    };
  });
}

/** The history page with `entries` stored (newest first), ready. */
async function historyWith(entries, query = '?lang=en', options = {}) {
  const opened = await openPage(`history.html${query}`, options);
  const { page } = opened;
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate((list) => localStorage.setItem('virada.history', JSON.stringify(list)), entries);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  return opened;
}

/** Steps from the start to the end (→, then the › button) and back (←, then ‹), checking every step. */
async function stepThrough(page, expected, label) {
  const total = expected.length - 1;
  assert.equal((await drawn(page)).step, total, `${label}: opens at the end`);
  await page.keyboard.press('Home');
  const check = async (k) => {
    const now = await drawn(page);
    assert.equal(now.step, k, `${label}: step`);
    assert.equal(now.cells, expected[k].cells, `${label}: the board after ${k} plies`);
    assert.deepEqual(now.flipped, expected[k].flipped, `${label}: the discs flipped by ply ${k}`);
  };
  await check(0);
  for (let k = 1; k <= total; k++) {
    if (k % 2) await page.keyboard.press('ArrowRight');
    else await page.click('#replay-next');
    await check(k);
  }
  assert.ok(await page.locator('#replay-next').isDisabled(), `${label}: no step past the end`);
  for (let k = total - 1; k >= 0; k--) {
    if (k % 2) await page.keyboard.press('ArrowLeft');
    else await page.click('#replay-prev');
    await check(k);
  }
  assert.ok(await page.locator('#replay-prev').isDisabled(), `${label}: no step before the start`);
  await page.keyboard.press('End');
  await check(total);
}

test('every word of the page in Portuguese, English and Italian', () => {
  const keys = (lang) => Object.keys(HISTORY_WORDS[lang]).sort();
  assert.deepEqual(keys('pt'), keys('en'));
  assert.deepEqual(keys('it'), keys('en'));
  const html = readFileSync(`${ROOT}history.html`, 'utf8');
  const used = [...html.matchAll(/data-i18n(?:-label)?="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(used.length > 20);
  for (const lang of ['pt', 'en', 'it']) {
    for (const key of used) assert.ok(HISTORY_WORDS[lang][key] ?? TABLE_WORDS[lang][key] ?? HEADER_WORDS[lang][key], `${lang}: ${key}`);
  }
});

test('both games listed newest first, then each replayed step by step both ways, equal to the table playing the record', async () => {
  const { page, errors } = await openPage('history.html?lang=en');
  await page.waitForSelector('body[data-ready="true"]');
  const NABU = await nabuRecord(page);
  assert.match(NABU, /^game: nabucodonosor 6$/m);
  await page.evaluate((list) => localStorage.setItem('virada.history', JSON.stringify(list)), [
    { at: NOV_30, record: NABU },
    { at: NOV_29, record: OTHELLO },
  ]);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');

  const rows = page.locator('#history-list > li');
  assert.equal(await rows.count(), 2);
  assert.equal(await page.locator('#history-count').textContent(), '2 finished games');
  const text = (i, name) => rows.nth(i).locator(`[data-field="${name}"]`).textContent();
  assert.equal(await text(0, 'game'), 'Nabucodonosor 6×6');
  assert.equal(await text(1, 'game'), 'Othello');
  assert.match(await text(0, 'date'), /Nov 30, 2026/);
  assert.match(await text(1, 'date'), /Nov 29, 2026/);
  assert.equal(await text(1, 'seats'), 'Person (dark) – Bot 2 (light)');
  assert.equal(await text(1, 'result'), 'Dark 38 – Light 26: dark wins');
  assert.equal(await text(1, 'fingerprint'), `Fingerprint ${field(OTHELLO, 'fingerprint').slice(0, 16)}…`);
  assert.equal(await text(0, 'fingerprint'), `Fingerprint ${field(NABU, 'fingerprint').slice(0, 16)}…`);
  const [nd, nl, nv] = /^dark (\d+) light (\d+) (.*)$/.exec(field(NABU, 'result')).slice(1);
  assert.equal(await text(0, 'result'), `Dark ${nd} – Light ${nl}: ${nv}`);

  for (const [i, record, label] of [[1, OTHELLO, 'Othello'], [0, NABU, 'Nabucodonosor']]) {
    const expected = await tablePositions(page, record);
    const plies = field(record, 'moves').split(' ');
    assert.equal(expected.length, plies.length + 1);
    await rows.nth(i).locator('button').click();
    await page.waitForSelector('body[data-replay="open"]');
    assert.equal(await page.locator('#replay-title').textContent(), `Replay: ${label === 'Othello' ? 'Othello' : 'Nabucodonosor 6×6'}`);
    // The move list: one button a ply, the table's time-out moves and the passes marked.
    assert.equal(await page.locator('#replay-moves button').count(), plies.length);
    assert.equal(await page.locator('#replay-moves button[data-by-table]').count(), plies.filter((p) => p.startsWith('*')).length);
    assert.equal(await page.locator('#replay-moves button[data-pass]').count(), plies.filter((p) => p === 'PA' || p === 'pass').length);
    assert.ok(plies.some((p) => p.startsWith('*')), `${label}: the record has time-out moves`);
    await stepThrough(page, expected, label);
    // At the end, the result under the game's rules: the record's.
    const [d, l, v] = /^dark (\d+) light (\d+) (.*)$/.exec(field(record, 'result')).slice(1);
    assert.equal(await page.locator('#replay-state').textContent(), `Game over. Dark ${d} – Light ${l}: ${v}`);
    // Verify carries the record; GGF only for Othello.
    const href = await page.locator('#verify').getAttribute('href');
    assert.match(href, /^verify\.html#r=/);
    assert.equal(await page.locator('#download-ggf').isVisible(), label === 'Othello');
    await page.click('#replay-close');
    await page.waitForSelector('#history-view:not([hidden])');
  }
  assert.deepEqual(errors, []);
});

test('on a phone a swipe across the board steps: left forward, right back', async () => {
  const { page, errors } = await historyWith([{ at: NOV_29, record: OTHELLO }], '?lang=en', {
    viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true,
  });
  await page.locator('#history-list > li button').click();
  await page.waitForSelector('body[data-replay="open"]');
  await page.click('#replay-first');
  const swipe = (from, to) => page.evaluate(([a, b]) => {
    const el = /** @type {HTMLElement} */ (document.querySelector('.board'));
    const r = el.getBoundingClientRect();
    const at = (f) => new Touch({ identifier: 1, target: el, clientX: r.left + f * r.width, clientY: r.top + r.height / 2 });
    el.dispatchEvent(new TouchEvent('touchstart', { touches: [at(a)], changedTouches: [at(a)], bubbles: true }));
    el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [at(b)], bubbles: true }));
  }, [from, to]);
  const step = () => page.evaluate(() => Number(document.body.dataset.replayStep));
  assert.equal(await step(), 0);
  await swipe(0.8, 0.2);
  assert.equal(await step(), 1);
  await swipe(0.8, 0.2);
  assert.equal(await step(), 2);
  await swipe(0.2, 0.8);
  assert.equal(await step(), 1);
  await swipe(0.5, 0.52);
  assert.equal(await step(), 1, 'a tap is no swipe');
  assert.deepEqual(errors, []);
});

test('Delete asks first, deletes, and Undo puts the game back', async () => {
  const { page, errors } = await historyWith([{ at: NOV_29, record: OTHELLO }]);
  await page.locator('#history-list > li button').click();
  await page.click('#delete');
  assert.ok(await page.locator('#delete-confirm').isVisible());
  await page.click('#delete-no');
  assert.ok(await page.locator('#delete-confirm').isHidden());
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('virada.history')).length), 1);
  await page.click('#delete');
  await page.click('#delete-yes');
  await page.waitForSelector('#history-view:not([hidden])');
  assert.equal(await page.locator('#history-list > li').count(), 0);
  assert.ok(await page.locator('#history-none').isVisible());
  assert.equal(await page.locator('#deleted-text').textContent(), 'The game was deleted from this device.');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('virada.history')).length), 0);
  await page.click('#undo-delete');
  assert.equal(await page.locator('#history-list > li').count(), 1);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('virada.history'))), [{ at: NOV_29, record: OTHELLO }]);
  assert.deepEqual(errors, []);
});

test('a pasted transcript replays; a text that is no game is said in the page’s language', async () => {
  const { page, errors } = await historyWith([], '?lang=it');
  assert.equal(await page.locator('#history-none').textContent(), HISTORY_WORDS.it['h.none']);
  await page.fill('#paste-input', 'ciao, non è una partita');
  await page.click('#paste-go');
  const error = page.locator('#paste-error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /^Non è una partita che Virada sappia leggere/);
  assert.equal(await page.locator('#replay-panel').isHidden(), true);

  const transcript = 'f5d6c3d3c4f4f6f3e6e7';
  await page.fill('#paste-input', transcript);
  await page.click('#paste-go');
  await page.waitForSelector('body[data-replay="open"]');
  assert.ok(await error.isHidden());
  const expected = await tablePositions(page, transcript);
  assert.equal(expected.length, 11);
  await stepThrough(page, expected, 'transcript');
  // A pasted transcript has no record to verify or delete; its transcript and GGF can be had.
  assert.ok(await page.locator('#delete').isHidden());
  assert.ok(await page.locator('#verify').isHidden());
  assert.ok(await page.locator('#download-ggf').isVisible());
  assert.deepEqual(errors, []);
});

test('the old list of bare records is taken over with no dates; a list that cannot be read is kept and said', async () => {
  const { page, errors } = await openPage('history.html?lang=en');
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate((r) => localStorage.setItem('virada.finished', JSON.stringify([r])), OTHELLO);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#history-list > li').count(), 1);
  assert.equal(await page.locator('[data-field="date"]').textContent(), 'date not kept');
  assert.deepEqual(await page.evaluate(() => [localStorage.getItem('virada.finished'), JSON.parse(localStorage.getItem('virada.history'))]),
    [null, [{ at: null, record: OTHELLO }]]);

  await page.evaluate(() => localStorage.setItem('virada.history', '{not a list'));
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  const problem = page.locator('.problem[data-key="virada.history"]');
  assert.equal(await problem.locator('p').textContent(), HISTORY_WORDS.en['h.problem.virada.history']);
  assert.equal(await page.evaluate(() => localStorage.getItem('virada.history')), '{not a list', 'kept as it was');
  assert.equal(await page.locator('#history-list > li').count(), 0);
  // The next finished game sets the unreadable list aside (still said) and starts a new one.
  await page.evaluate(async (r) => (await import('/www/core/finished.js')).rememberFinished(r, 1), OTHELLO);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => localStorage.getItem('virada.history.unreadable')), '{not a list');
  assert.equal(await page.locator('#history-list > li').count(), 1);
  const aside = page.locator('.problem[data-key="virada.history.unreadable"]');
  assert.equal(await aside.locator('p').textContent(), HISTORY_WORDS.en['h.problem.virada.history.unreadable']);
  await aside.getByRole('button', { name: 'Drop it' }).click();
  assert.equal(await page.locator('.problem').count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('virada.history.unreadable')), null);
  assert.deepEqual(errors, []);
});

test('the store keeps the last 500 games, newest first, each record once', async () => {
  const { page, errors } = await openPage('history.html?lang=en');
  await page.waitForSelector('body[data-ready="true"]');
  const kept = await page.evaluate(async () => {
    const { rememberFinished, loadHistory, HISTORY_MAX } = await import('/www/core/finished.js');
    for (let i = 0; i < 503; i++) rememberFinished(`record ${i}`, i);
    rememberFinished('record 501', 1000);
    const { entries } = loadHistory();
    return { max: HISTORY_MAX, n: entries.length, first: entries[0], second: entries[1], last: entries.at(-1) };
  });
  assert.equal(kept.max, 500);
  assert.equal(kept.n, 500);
  assert.deepEqual(kept.first, { at: 1000, record: 'record 501' }, 'the same record again moves to the front, once');
  assert.deepEqual(kept.second, { at: 502, record: 'record 502' });
  assert.deepEqual(kept.last, { at: 3, record: 'record 3' }, 'the oldest three dropped');
  assert.deepEqual(errors, []);
});

test('a match is listed with its total and winner, opens into its games, and each game replays step by step', async () => {
  const MATCH = readFileSync(`${ROOT}tests/data/matches/good-from-page.txt`, 'utf8');
  const { page, errors } = await historyWith([{ at: NOV_30, record: MATCH }, { at: NOV_29, record: OTHELLO }]);
  const rows = page.locator('#history-list > li');
  assert.equal(await rows.count(), 2);
  const text = (name) => rows.nth(0).locator(`[data-field="${name}"]`).textContent();
  assert.equal(await rows.nth(0).getAttribute('data-game'), 'match');
  assert.equal(await text('game'), 'Othello match of 2 games');
  assert.equal(await text('seats'), 'Person (seat 1) – Person (seat 2)');
  assert.equal(await text('result'), 'Points 4 – 12: seat 2 wins the match');
  const digest = /^digest: ([0-9a-f]{64})$/m.exec(MATCH.split('\ntotal: ')[1])[1];
  assert.equal(await text('fingerprint'), `Fingerprint ${digest.slice(0, 16)}…`);

  await rows.nth(0).locator('button').click();
  await page.waitForSelector('#match-games:not([hidden])');
  assert.equal(await page.locator('#replay-title').textContent(), 'Othello match of 2 games');
  const games = page.locator('#match-game-list button');
  assert.deepEqual(await games.allTextContents(), ['Game 1: points 0 – 12', 'Game 2: points 4 – 0']);
  // The match record's own actions: verify, copy, download, delete; no GGF.
  assert.match(await page.locator('#verify').getAttribute('href'), /^verify\.html#r=/);
  assert.equal(await page.locator('#download-record').isVisible(), true);
  assert.equal(await page.locator('#download-ggf').isVisible(), false);
  assert.equal(await page.locator('#delete').isVisible(), true);

  // Game 2 of the match, replayed as the table plays its record.
  const second = `virada-record 1\n${MATCH.split('\nvirada-record 1\n')[2].split(/\ngame \d+: |\ntotal: /)[0]}\n`;
  const expected = await tablePositions(page, second);
  await games.nth(1).click();
  await page.waitForSelector('body[data-replay="open"]');
  assert.equal(await page.locator('#match-games').isHidden(), true);
  assert.equal(await page.locator('#replay-title').textContent(), 'Replay: Othello, Game 2: points 4 – 0');
  await stepThrough(page, expected, 'match game 2');
  await page.click('#replay-close');
  await page.waitForSelector('#history-view:not([hidden])');
  assert.deepEqual(errors, []);
});
