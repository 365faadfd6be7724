// The review (issue 14): a finished game opened with Review at the end of
// the game and stepped through both ways with ← and →; at a 20-empties
// position every legal move gets a value, then the exact values, equal to
// `virada solve --each-move` on that position, on one thread and on four
// sharing one memory (navigator.hardwareConcurrency made 8: the board's
// worker and three helpers; www/bot/team.js `teamAnalysis`) (run here, natively; how soon
// they come is a benchmark's figure, tests/bench/review-longtask.mjs, not a
// test's: this machine is shared); the graph has one point a move and a click jumps there;
// the sweep for the graph runs on as many workers as the cores allow
// (navigator.hardwareConcurrency made 5 or 2 by an init script, the workers
// counted as the page makes them); a pasted transcript and GGF game open too.

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeCores, openPage, restoreFinished, squareNames, ROOT } from './harness.mjs';

const RECORD = readFileSync(`${ROOT}tests/data/records/good-from-page.txt`, 'utf8');
const field = (key) => new RegExp(`^${key}: (.*)$`, 'm').exec(RECORD)[1];
const PLIES = field('moves').split(' ');
const BIN = process.env.VIRADA_BIN ?? `${ROOT}target/debug/virada`;
const LOG = process.env.REVIEW_LOG === '1';

/**
 * The page with the record's game restored, finished, as the table saved
 * it; with `cores`, navigator.hardwareConcurrency is that, and the page
 * counts the analysis workers it makes (window.analysts). Each test closes
 * its context at its end: an open review goes on deepening in its workers,
 * which would take the CPU from the tests after it.
 */
async function finishedGame(query = '?lang=en', cores = undefined) {
  const opened = await openPage(query);
  const { page, context } = opened;
  if (cores !== undefined) {
    await fakeCores(context, cores);
    await context.addInitScript(() => {
      const Made = window.Worker;
      window.analysts = 0;
      window.Worker = class extends Made {
        constructor(url, options) {
          super(url, options);
          if (String(url).endsWith('/bot/worker.js')) window.analysts += 1;
        }
      };
    });
  }
  await restoreFinished(page, RECORD);
  return opened;
}

const step = (page) => page.evaluate(() => Number(document.body.dataset.reviewStep));
const discsOf = (page) => page.$$eval('#grid [role=gridcell]', (cs) => cs.map((c) => c.dataset.disc).join(''));
/** The step shown and the board's discs, in one round trip. */
const shown = (page) => page.evaluate(() => ({
  step: Number(document.body.dataset.reviewStep),
  discs: [...document.querySelectorAll('#grid [role=gridcell]')].map((c) => /** @type {HTMLElement} */ (c).dataset.disc).join(''),
}));

test('a finished game: Review, then ← back to the start and → forward to the end', async () => {
  const { page, context, errors } = await finishedGame();
  const open = page.locator('#review-open');
  await open.waitFor({ state: 'visible' });
  await open.click();
  await page.waitForSelector('body[data-review="true"]');
  const total = PLIES.length;
  assert.equal(await step(page), total, 'the review opens at the end');
  assert.equal(await page.locator('#review-moves button').count(), total);
  const seen = [await discsOf(page)];
  for (let s = total - 1; s >= 0; s--) {
    await page.keyboard.press('ArrowLeft');
    const now = await shown(page);
    assert.equal(now.step, s);
    seen.push(now.discs);
    assert.notEqual(seen.at(-1), seen.at(-2), `the board changes at move ${s + 1}`);
  }
  assert.equal(seen.at(-1).split('empty').length - 1, 60, 'the start position');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(page), 0, 'nothing before the start');
  for (let s = 1; s <= total; s++) {
    await page.keyboard.press('ArrowRight');
    const now = await shown(page);
    assert.equal(now.step, s);
    assert.equal(now.discs, seen[total - s], `the same position at move ${s} both ways`);
  }
  // The move list jumps; the words say the move and, once known, its loss.
  await page.locator('#review-all summary, .review-all summary').first().click();
  await page.locator('#review-moves button[data-step="12"]').click();
  assert.equal(await step(page), 12);
  await page.waitForFunction(() => /^12\. (Dark|Light) [a-h][1-8]: /.test(document.getElementById('review-move').textContent)
    && !/still looking/.test(document.getElementById('review-move').textContent));
  // Back to the table.
  await page.locator('#review-close').click();
  assert.equal(await page.evaluate(() => document.body.dataset.review), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Opens the review at 20 empties and checks that every legal move gets a
 * value, then its exact value, equal to `virada solve --each-move`; with
 * `cores`, navigator.hardwareConcurrency is that. Returns the page, open.
 */
async function exactAt20(cores = undefined) {
  assert.ok(existsSync(BIN), `${BIN} is missing: cargo build --profile test -p virada-cli --bin virada`);
  const opened = await finishedGame('?lang=en', cores);
  const { page } = opened;
  await page.locator('#review-open').click();
  await page.waitForSelector('body[data-review="true"]');
  // The position after 40 moves (no pass in this game): 20 empties.
  const at = 40;
  const started = Date.now();
  await page.locator('#review-moves button[data-step="40"]').evaluate((b) => b.click());
  assert.equal(await step(page), at);
  const legalValued = () => {
    const legal = [...document.querySelectorAll('#grid [data-legal]')];
    return legal.length > 0 && legal.every((c) => c.dataset.value !== undefined);
  };
  await page.waitForFunction(legalValued, null, { timeout: 60_000, polling: 20 });
  const firstMs = Date.now() - started;
  await page.waitForFunction(() => {
    const legal = [...document.querySelectorAll('#grid [data-legal]')];
    return legal.length > 0 && legal.every((c) => c.dataset.exact === 'true');
  }, null, { timeout: 120_000, polling: 50 });
  const exactMs = Date.now() - started;
  const cells = await page.$$eval('#grid [role=gridcell]', (cs) => cs.map((c) => ({ disc: c.dataset.disc, value: c.dataset.value, legal: c.dataset.legal !== undefined })));
  const side = await page.evaluate(() => document.body.dataset.reviewSide);
  assert.equal(cells.filter((c) => c.disc === 'empty').length, 20);
  const obf = cells.map((c) => ({ dark: 'X', light: 'O', empty: '-' })[c.disc]).join('') + (side === 'dark' ? ' X' : ' O');
  const dir = mkdtempSync(join(tmpdir(), 'virada-review-'));
  writeFileSync(join(dir, 'p.obf'), `${obf}\n`);
  const out = execFileSync(BIN, ['solve', join(dir, 'p.obf'), '--each-move'], { encoding: 'utf8' });
  const expected = Object.fromEntries(out.split('\n').slice(1).filter((l) => /^#1 [a-h][1-8] /.test(l)).map((l) => {
    const [, sq, score] = l.split(' ');
    return [sq, Number(score)];
  }));
  const names = await squareNames(page);
  const got = {};
  for (const name of names) {
    const m = /^([a-h][1-8]), empty, legal, ([+-]?\d+)/.exec(name);
    if (m) got[m[1]] = Number(m[2]);
  }
  assert.deepEqual(got, expected, 'the exact values are the solver\'s, move by move');
  // The best move is named as such.
  const best = Object.entries(expected).sort((a, b) => b[1] - a[1])[0];
  assert.ok(names.some((n) => n.startsWith(`${best[0]}, empty, legal, ${best[1] > 0 ? '+' : ''}${best[1]}`)));
  if (LOG) console.log(`20 empties${cores ? `, ${cores} cores` : ''}: every value after ${firstMs} ms, exact after ${exactMs} ms (${Object.keys(expected).length} moves)`);
  return opened;
}

test('20 empties: every move valued, then exact, equal to virada solve', async () => {
  const { page, context, errors } = await exactAt20();
  // Two cores (this machine's, or fewer): the board's analysis on its worker alone.
  assert.equal(await page.evaluate(() => document.body.dataset.reviewHelpers), '0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with 8 cores the board is analysed on 4 threads over one memory, to the same exact values', async () => {
  const { page, context, errors } = await exactAt20(8);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  // The page made the board's worker and 3 sweepers; the board's worker
  // made its 3 helpers, which joined its steps.
  assert.equal(await page.evaluate(() => window.analysts), 4);
  await page.locator('#review-moves button[data-step="30"]').evaluate((b) => b.click());
  await page.waitForFunction(() => document.body.dataset.reviewHelpers === '3', null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the graph: one point a move, a click jumps there; the mistakes are its text', async () => {
  const { page, context, errors } = await finishedGame();
  await page.locator('#review-open').click();
  await page.waitForSelector('body[data-review="true"]');
  const points = page.locator('#review-graph .g-point');
  assert.equal(await points.count(), PLIES.length);
  await page.locator('#review-graph').scrollIntoViewIfNeeded();
  for (const k of [1, 17, 33, PLIES.length]) {
    // Points are redrawn as the analysis comes in: click where the point is.
    const box = await page.evaluate((i) => {
      const r = document.querySelectorAll('#review-graph .g-point')[i].querySelector('circle').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }, k - 1);
    await page.mouse.click(box.x, box.y);
    assert.equal(await step(page), k);
  }
  // The sweep fills the graph: the line has a point for every move, and the
  // mistakes (if any) are listed, each a button that jumps there.
  await page.waitForFunction(() => document.querySelectorAll('#review-graph .g-dot.g-unknown').length === 0, null, { timeout: 60_000 });
  const mistakes = page.locator('#review-mistakes button');
  const marked = await page.locator('#review-graph .g-mistake').count();
  assert.equal(await mistakes.count(), marked, 'one listed mistake a marked point');
  if (marked > 0) {
    const text = await mistakes.first().textContent();
    const n = Number(/^Move (\d+)/.exec(text)[1]);
    await mistakes.first().click();
    assert.equal(await step(page), n);
  }
  const summary = await page.locator('#review-summary p').allTextContents();
  assert.equal(summary.length, 2);
  assert.match(summary[0], /^Dark: \d+ discs? lost in all; biggest mistakes: /);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [cores, sweepers] of [[5, 3], [2, 1]]) {
  test(`with ${cores} cores the graph is swept by ${sweepers} worker${sweepers > 1 ? 's' : ''}`, async () => {
    const { page, context, errors } = await finishedGame('?lang=en', cores);
    // A person's table: no bot worker before the review opens.
    assert.equal(await page.evaluate(() => window.analysts), 0);
    await page.locator('#review-open').click();
    await page.waitForSelector('body[data-review="true"]');
    // The review opens at the end, where nobody moves: only sweepers work,
    // each on a worker made at the start of the sweep (an analyst makes its
    // worker once). Once each has reported a position, every worker there
    // will be is there; the whole sweep to the summary is the graph's test.
    await page.waitForFunction((n) => window.analysts >= n
      && document.querySelectorAll('#review-graph .g-dot:not(.g-unknown)').length >= n, sweepers, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => window.analysts), sweepers);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a pasted transcript and a GGF game open in review; a broken one is refused', async () => {
  const { page, context, errors } = await openPage('?lang=en&seats=person,person');
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#review-paste summary').click();
  await page.locator('#review-input').fill('f5d6c3d3c4f4');
  await page.locator('#review-paste-go').click();
  await page.waitForSelector('body[data-review="true"]');
  assert.equal(await step(page), 6);
  assert.equal(await page.locator('#review-graph .g-point').count(), 6);
  // d3 at the start is legal and gets a value as a signed number.
  await page.locator('#review-first').click();
  await page.waitForFunction(() => document.querySelector('#grid [data-sq="19"]').dataset.value !== undefined);
  const names = await squareNames(page);
  assert.match(names[19], /^d3, empty, legal, [+-]?\d+/);
  await page.locator('#review-close').click();
  await page.locator('#review-input').fill('(;GM[Othello]PC[x]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[f6]B[e6];)');
  await page.locator('#review-paste-go').click();
  await page.waitForSelector('body[data-review="true"]');
  assert.equal(await step(page), 3);
  await page.locator('#review-close').click();
  await page.locator('#review-input').fill('f5f5');
  await page.locator('#review-paste-go').click();
  await page.waitForFunction(() => /cannot be reviewed/.test(document.getElementById('status').textContent));
  assert.equal(await page.evaluate(() => document.body.dataset.review), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});
