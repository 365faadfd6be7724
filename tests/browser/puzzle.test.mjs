// The puzzle page (puzzle.html, docs/puzzles.md) as a person uses it, on a
// 390 px phone (taps) and a desktop (mouse, keys): a puzzle solved, a miss
// with its cost and its refutation stepped through, a streak, the day's
// puzzle from the lobby, and a puzzle solved with the network gone. Which
// moves solve a puzzle and what a miss costs come from the library itself
// (the puzzle package under Node, puzzle-util.mjs), never written down here;
// the rules behind them are the Rust tests' (crate/src/puzzle/).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, newContext, open, serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, originOf, signedUp } from './accounts-util.mjs';
import { PUZZLES, aMiss, cell, harder, illegalSquares, playMoves, shownCells, solution, sqOf } from './puzzle-util.mjs';

/** The shipped set's puzzles of ten empty squares: quick to solve. */
const SMALL = PUZZLES.filter((p) => p.empties === 10);

const text = async (page, selector) => (await page.locator(selector).textContent())?.trim() ?? '';

test('a puzzle solved by taps on a 390 px phone: each reply drawn, the rating on the device moves', async () => {
  const context = await newContext(PHONE390);
  const p = SMALL[0];
  const page = await open(context, `puzzle.html?id=${p.id}&lang=en`);
  assert.equal(await page.getAttribute('body', 'data-puzzle'), p.id);
  assert.match(await text(page, '#about'), new RegExp(`Puzzle ${p.id} · rated ${p.rating} · 10 empty squares`));
  const moves = solution(p.id);
  // A tap on an empty square that is no move is said so, until the position changes.
  const illegal = illegalSquares(p.id)[0];
  await cell(page, illegal).tap();
  assert.equal(await text(page, '#status'), `${illegal} is not a legal move here.`);
  // The first square is named a legal move (its pencil dot); one tap previews and never places.
  assert.match(await cell(page, moves[0]).getAttribute('aria-label'), new RegExp(`^${moves[0]}, empty, legal move`));
  await cell(page, moves[0]).tap();
  await page.waitForSelector(`#grid [data-sq="${sqOf(moves[0])}"][data-preview]`);
  assert.equal(await page.getAttribute('body', 'data-accepted'), '0');
  assert.ok((await page.locator('#grid [data-would-flip]').count()) > 0);
  await cell(page, moves[0]).tap();
  // Placed: the hint went with the position it was about, before any reply.
  assert.doesNotMatch(await text(page, '#status'), /not a legal move/);
  await page.waitForSelector('body[data-accepted="1"][data-state="play"], body[data-state="solved"]');
  // The perfect reply is on the board; the rest of the line as the solver keeps it.
  await playMoves(page, moves.slice(1), 'tap', 1);
  await page.waitForSelector('body[data-state="solved"]');
  assert.equal(await text(page, '#result-line'), 'Solved: every move kept the best score.');
  await page.waitForSelector('body[data-rated="true"]');
  assert.match(await text(page, '#result-rating'), /^Puzzle rating 1500\? → \d{4}\? \(\+\d+\)$/);
  assert.match(await text(page, '#rating-line'), /^Your puzzle rating on this device: \d{4}\?$/);
  // Nothing wider than the phone.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true);
  // The next one is another puzzle, ready to play.
  await page.locator('#next').tap();
  await page.waitForFunction((id) => document.body.dataset.puzzle !== id && document.body.dataset.state === 'play', p.id);
  await context.close();
});

test('a miss on a desktop says its cost and plays out the refutation, stepped through by buttons and keys', async () => {
  const context = await newContext(DESKTOP);
  const p = SMALL[1];
  const miss = aMiss(p.id);
  const page = await open(context, `puzzle.html?id=${p.id}&lang=en`);
  // A mouse click places at once.
  await cell(page, miss.move).click();
  await page.waitForSelector('body[data-state="missed"]');
  assert.equal(await text(page, '#result-line'), 'Not the best move.');
  assert.equal(
    await text(page, '#result-cost'),
    `${miss.move} ends ${miss.ends[0]} to ${miss.ends[1]}; the best, ${miss.best}, ends ${miss.bestEnds[0]} to ${miss.bestEnds[1]}.`,
  );
  // The wrong move on the board; the refutation waits for the person to step it.
  const n = miss.plies.length;
  await page.waitForSelector(`body[data-step="1/${n}"]`);
  await page.locator('#step-last').click();
  await page.waitForSelector(`body[data-step="${n}/${n}"]`);
  assert.equal(await shownCells(page), miss.plies[n - 1].cells);
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`body[data-step="${n - 1}/${n}"]`);
  assert.equal(await shownCells(page), miss.plies[n - 2].cells);
  await page.locator('#step-first').click();
  await page.waitForSelector(`body[data-step="0/${n}"]`);
  assert.equal(await shownCells(page), miss.start);
  // Before the wrong move, the best square is pencilled in and named so.
  assert.match(await cell(page, miss.best).getAttribute('aria-label'), /, the best move/);
  assert.equal(await page.locator('#grid [data-best]').count(), 1);
  assert.equal(await text(page, '#step-move'), `The best here was ${miss.best}, pencilled in; you played ${miss.move}.`);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector(`body[data-step="1/${n}"]`);
  assert.equal(await shownCells(page), miss.plies[0].cells);
  assert.match(await text(page, '#step-move'), new RegExp(`^Dark ${miss.move}, \\d+ discs? turned\\.$`));
  await page.locator('#step-last').click();
  await page.waitForSelector(`body[data-step="${n}/${n}"]`);
  assert.match(await text(page, '#step-move'), /The end: \d+ dark, \d+ light\.$/);
  await page.waitForSelector('body[data-rated="true"]');
  assert.match(await text(page, '#result-rating'), /^Puzzle rating 1500\? → \d{4}\? \(−\d+\)$/);
  await context.close();
});

test('a streak on a 390 px phone: rising puzzles counted until the first miss', async () => {
  const context = await newContext(PHONE390);
  const first = harder(-1);
  const page = await open(context, 'puzzle.html?streak=1&lang=en');
  assert.equal(await page.getAttribute('body', 'data-puzzle'), first);
  assert.equal(await text(page, '#streak'), 'Streak: 0');
  await playMoves(page, solution(first), 'tap');
  assert.equal(await page.getAttribute('body', 'data-state'), 'solved');
  assert.equal(await text(page, '#streak'), 'Streak: 1');
  assert.equal(await text(page, '#next'), 'Next in the streak');
  const rating = PUZZLES.find((x) => x.id === first).rating;
  const second = harder(rating, [first]);
  assert.ok(PUZZLES.find((x) => x.id === second).rating > rating);
  // A reload of the tab keeps the streak and goes on to the next puzzle.
  await page.reload();
  await page.waitForSelector(`body[data-puzzle="${second}"][data-state="play"][data-streak="1"]`);
  assert.equal(await text(page, '#streak'), 'Streak: 1');
  assert.equal(await text(page, '#streak-best'), 'Best streak on this device: 1');
  await playMoves(page, [aMiss(second).move], 'tap');
  assert.equal(await page.getAttribute('body', 'data-state'), 'missed');
  assert.equal(await text(page, '#result-rating'), 'The streak ends at 1.');
  // The board and the refutation's « ‹ › » in view together, nothing scrolled by hand.
  const [board, steps] = await Promise.all(['.board-frame', '#steps .steps-row'].map((sel) => page.locator(sel).boundingBox()));
  assert.ok(board.y >= 0 && steps.y + steps.height <= 844, `board ${board.y}…${board.y + board.height}, steps …${steps.y + steps.height}`);
  assert.equal(await text(page, '#next'), 'Start a new streak');
  await page.locator('#next').tap();
  await page.waitForSelector(`body[data-puzzle="${first}"][data-state="play"][data-streak="0"]`);
  assert.equal(await text(page, '#streak-best'), 'Best streak on this device: 1');
  await context.close();
});

test('signed in on a desktop: the server rates the attempt and the page shows its answer', async () => {
  const server = await serverWith([]);
  const { page, context } = await signedUp(server, 'solver61', DESKTOP);
  const p = SMALL[4];
  const miss = aMiss(p.id);
  await page.goto(`${originOf(server)}/puzzle.html?id=${p.id}&lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await cell(page, miss.move).click();
  await page.waitForSelector('body[data-state="missed"][data-rated="true"]');
  // The server's own account of it, asked after: the page showed just that.
  const me = await page.evaluate(async () => (await fetch('api/puzzles/me')).json());
  assert.equal(me.attempts, 1);
  assert.equal(await text(page, '#result-rating'), `Puzzle rating 1500? → ${me.shown} (−${1500 - me.rating})`);
  assert.equal(await text(page, '#rating-line'), `Your puzzle rating: ${me.shown}`);
  // Offline, an attempt is kept on the device, and posted once the page is online again.
  const q = SMALL[5];
  await page.goto(`${originOf(server)}/puzzle.html?id=${q.id}&lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await context.setOffline(true);
  await cell(page, aMiss(q.id).move).click();
  await page.waitForSelector('body[data-state="missed"][data-kept="1"]');
  assert.equal(await text(page, '#result-rating'), 'No connection: this attempt is kept here and will be rated when the page is online again.');
  await context.setOffline(false);
  await page.waitForSelector('body[data-kept="0"][data-rated="true"]');
  const later = await page.evaluate(async () => (await fetch('api/puzzles/me')).json());
  assert.equal(later.attempts, 2);
  // The post that found no network is the browser's to report, the page's to keep: only it is let go.
  const cut = (e) => /ERR_INTERNET_DISCONNECTED/.test(e) && (/\/attempt /.test(e) || /^console: Failed to load resource/.test(e));
  assert.equal(page.errors.filter(cut).length, 2, page.errors.join('\n'));
  page.errors.splice(0, page.errors.length, ...page.errors.filter((e) => !cut(e)));
  assert.equal(await text(page, '#result-rating'), `Puzzle rating ${me.shown} → ${later.shown} (−${me.rating - later.rating})`);
  await context.close();
});

test('the day\'s puzzle on a desktop: the lobby\'s card opens the server\'s puzzle of the day', async () => {
  const daily = await (await fetch(`${await baseUrl()}/api/puzzles/daily`)).json();
  const context = await newContext(DESKTOP);
  const lobby = await open(context, 'lobby.html?lang=en');
  await lobby.waitForSelector('#daily-line:not([data-i18n])');
  assert.match(await text(lobby, '#daily-line'), new RegExp(`^${daily.day}: rated ${daily.puzzle.rating}, ${daily.puzzle.empties} empty squares`));
  // The address's language goes on with the links (a shared ?lang= link).
  assert.equal(await lobby.locator('#daily-link').getAttribute('href'), 'puzzle.html?daily=1&lang=en');
  await lobby.locator('#daily-link').click();
  await lobby.waitForSelector('body.puzzle-page[data-ready="true"]');
  assert.equal(await lobby.locator('#mode-streak').getAttribute('href'), 'puzzle.html?streak=1&lang=en');
  assert.equal(await lobby.getAttribute('body', 'data-puzzle'), daily.puzzle.id);
  assert.match(await text(lobby, '#about'), new RegExp(`^Puzzle of the day, ${daily.day} · Puzzle ${daily.puzzle.id}`));
  // Tried, then opened again: a repeat, said before the first move.
  await cell(lobby, aMiss(daily.puzzle.id).move).click();
  await lobby.waitForSelector('body[data-state="missed"][data-rated="true"]');
  await lobby.reload();
  await lobby.waitForSelector('body[data-ready="true"][data-state="play"]');
  assert.match(await text(lobby, '#about'), new RegExp(`^Puzzle of the day, ${daily.day} · You have tried it already: this time it does not change your rating\\. · Puzzle ${daily.puzzle.id}`));
  await context.close();
});

test('an unknown puzzle or a broken address is said in words, as text, on a desktop', async () => {
  const context = await newContext(DESKTOP);
  const page = await open(context, 'puzzle.html?id=00000000&lang=en');
  assert.equal(await page.getAttribute('body', 'data-state'), 'error');
  assert.equal(await page.getAttribute('body', 'data-error'), 'no-puzzle');
  assert.equal(await text(page, '#status'), 'There is no puzzle “00000000” here: the link may be mistyped, or the puzzle left out of this set.');
  const broken = await open(context, `puzzle.html?id=${encodeURIComponent('<b>x</b>')}&lang=pt`);
  assert.equal(await text(broken, '#status'), '“<b>x</b>” não é a identificação de um problema: ela tem letras, algarismos e hífens, como 01209a55.');
  assert.equal(await broken.locator('#status b').count(), 0);
  // A way on: a puzzle near the person's rating.
  assert.equal(await text(broken, '#next'), 'Um problema perto do seu rating');
  await broken.locator('#next').click();
  await broken.waitForSelector('body[data-ready="true"][data-state="play"][data-puzzle]');
  assert.equal(new URL(broken.url()).searchParams.get('lang'), 'pt');
  await context.close();
});

test('offline on a 390 px phone: after one visit a puzzle opens and is judged with the network gone', async () => {
  const context = await newContext(PHONE390);
  const [p, q] = [SMALL[2], SMALL[3]];
  const page = await open(context, `puzzle.html?id=${p.id}&lang=en`);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    return names.length === 1 && (await (await caches.open(names[0])).match('www/pkg-puzzle/virada_bg.wasm')) !== undefined;
  });
  await context.setOffline(true);
  await page.goto(page.url().replace(p.id, q.id));
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('body', 'data-puzzle'), q.id);
  await playMoves(page, solution(q.id), 'tap');
  assert.equal(await page.getAttribute('body', 'data-state'), 'solved');
  await page.waitForSelector('body[data-rated="true"]');
  await context.close();
});
