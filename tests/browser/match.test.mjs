// Match play (V1): a match to 16 points played through at the table by two
// people (the engine plays each game's middle in Node, the test clicks the
// last moves), the running score after each game
// checked against that game's own record (the winner scores the difference
// of the disc counts, by seat), the next game's fingerprint shown before it
// starts and kept through a reload, the winner, and the match record
// verified in verify.html — a tampered total refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openPage } from './harness.mjs';
import { cells, ply, isOver } from './table-util.mjs';
import { fastForward } from './stored-game.mjs';

const HEX64 = /^[0-9a-f]{64}$/;

const QUERY = 'index.html?lang=en&seats=person,person&clock=0';

/**
 * Plays the game at the table to its end: the engine plays it on to four
 * plies before the end (stored-game.mjs; the match is kept beside it), then
 * each move is a click on a legal square.
 */
async function playThrough(page, stride) {
  await fastForward(page, QUERY, 4);
  let n = 0;
  while (!(await isOver(page))) {
    const legal = (await cells(page)).filter((c) => c.legal != null);
    const target = legal[(n * stride) % legal.length];
    const before = await ply(page);
    await page.locator(`#grid [data-sq="${target.sq}"]`).click();
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
    n++;
  }
}

/** The points a game's record gives (first seat, second seat), read from its text alone. */
function pointsOf(record) {
  const [, dark, light] = /^result: dark (\d+) light (\d+) /m.exec(record).map(Number);
  const darkSeat = /^dark: first$/m.test(record) ? 0 : 1;
  const points = [0, 0];
  if (dark > light) points[darkSeat] = dark - light;
  if (light > dark) points[1 - darkSeat] = light - dark;
  return points;
}

const matchData = (page) => page.locator('#match').evaluate((el) => ({ ...el.dataset, hidden: el.hidden }));

async function verifyIn(page, text) {
  await page.fill('#record-input', text);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
}

test('a match to 16 points: the running score after each game, the next fingerprint first, the winner, the record verified', async () => {
  const { page, context, url } = await openPage(QUERY, {
    viewport: { width: 1280, height: 900 },
  });
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal((await matchData(page)).hidden, true, 'no match before one is chosen');

  await page.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => /^[0-9a-f]{64}$/.test(document.querySelector('#nd-fingerprint')?.textContent?.trim() ?? ''));
  const firstFp = (await page.locator('#nd-fingerprint').textContent()).trim();
  await page.getByLabel('One game or a match').selectOption('points:16');
  await page.getByLabel('Your word (optional)').fill('série');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForSelector('#match:not([hidden])');
  assert.equal((await page.textContent('#fingerprint')).trim(), firstFp);
  let data = await matchData(page);
  assert.deepEqual([data.kind, data.target, data.total, data.games], ['points', '16', '0,0', '0']);
  assert.match(await page.textContent('#match-title'), /^Match to 16 points · game 1$/);

  const total = [0, 0];
  const records = [];
  for (let game = 1; ; game++) {
    assert.ok(game <= 12, 'a match to 16 points ends within a few games here');
    await playThrough(page, game + 2);
    const record = (await page.textContent('#record')).trim() + '\n';
    assert.ok(record.includes(`\nword: série\n`), 'every game keeps the players’ word');
    records.push(record);
    const points = pointsOf(record);
    total[0] += points[0];
    total[1] += points[1];
    await page.waitForFunction((n) => document.querySelector('#match').dataset.games === String(n), game);
    data = await matchData(page);
    assert.equal(data.total, total.join(','), `the running score after game ${game}`);
    const shown = await page.locator('#match-score strong').allTextContents();
    assert.deepEqual(shown, total.map(String));
    const items = await page.locator('#match-games li').evaluateAll((els) => els.map((e) => e.dataset.points));
    assert.equal(items.length, game);
    assert.equal(items[game - 1], points.join(','));
    if (Math.max(...total) >= 16) break;

    // Between games: the game's score and the running total, the next seed's fingerprint.
    assert.equal(data.over, 'false');
    await page.waitForSelector('#match-next:not([hidden])');
    assert.match(await page.textContent('#match-after'), new RegExp(`^Game ${game} is over\\. Match: player 1 ${total[0]} – ${total[1]} player 2\\.$`));
    const nextFp = (await page.textContent('#match-fingerprint')).trim();
    assert.match(nextFp, HEX64);
    assert.ok(!records.some((r) => r.includes(nextFp)), 'a fresh seed for every game');
    if (game === 1) {
      // The match survives a reload, the drawn seed with it.
      await page.reload();
      await page.waitForSelector('#match-next:not([hidden])');
      assert.equal((await matchData(page)).total, total.join(','));
      assert.equal((await page.textContent('#match-fingerprint')).trim(), nextFp);
    }
    await page.getByRole('button', { name: 'Next game' }).click();
    await page.waitForFunction(() => document.body.dataset.over === 'false');
    assert.equal((await page.textContent('#fingerprint')).trim(), nextFp, 'the game plays the seed shown');
    assert.equal(await page.isHidden('#match-next'), true);
    assert.match(await page.textContent('#match-title'), new RegExp(`· game ${game + 1}$`));
  }

  // The end: the winner and the match record.
  data = await matchData(page);
  assert.equal(data.over, 'true');
  const winner = total[0] > total[1] ? 'first' : 'second';
  assert.equal(data.winner, winner);
  await page.waitForSelector('#match-end:not([hidden])');
  const hi = Math.max(...total);
  const lo = Math.min(...total);
  assert.equal(await page.textContent('#match-winner'), `Match won by player ${winner === 'first' ? 1 : 2}, ${hi} to ${lo}.`);
  assert.equal(await page.isHidden('#match-next'), true);
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#match-download')]);
  const matchRecord = await readFile(await file.path(), 'utf8');
  assert.match(matchRecord, /^virada-match 1\nmatch: to 16 points\nseats: person, person\ngame 1: first \d+ second \d+\nvirada-record 1\n/);
  assert.ok(matchRecord.includes(`\ntotal: first ${total[0]} second ${total[1]}\nwinner: ${winner}\n`));
  records.forEach((r, i) => assert.ok(matchRecord.includes(`game ${i + 1}: first ${pointsOf(r)[0]} second ${pointsOf(r)[1]}\n${r}`), `game ${i + 1} held whole`));

  // "Verify the match" opens verify.html with the record: every game and the total pass.
  const link = await page.getAttribute('#match-verify', 'href');
  assert.match(link, /^verify\.html#r=[A-Za-z0-9_-]+$/);
  const verify = await context.newPage();
  await verify.goto(new URL(link, url).href);
  await verify.waitForSelector('#verdict:not([hidden])');
  assert.equal(await verify.getAttribute('#verdict', 'data-ok'), 'true');
  assert.equal(await verify.textContent('#verdict'), 'Every check passed: every game and the match total.');
  const games = await verify.locator('#checks > li.game-report').evaluateAll((els) => els.map((e) => [e.dataset.game, e.dataset.ok, e.dataset.points]));
  assert.deepEqual(games, records.map((r, i) => [String(i + 1), 'true', pointsOf(r).join(',')]));
  const own = await verify.locator('#checks > li[data-check]').evaluateAll((els) => els.map((e) => [e.dataset.check, e.dataset.status]));
  assert.deepEqual(own, [['match-format', 'passed'], ['match-digest', 'passed'], ['match-total', 'passed'], ['match-winner', 'passed']]);
  assert.equal(await verify.textContent('#checks > li[data-check="match-total"] .why'), `The games add up to first seat ${total[0]}, second seat ${total[1]}.`);

  // A tampered total is refused, with the check that says so.
  const tampered = matchRecord.replace(`\ntotal: first ${total[0]} second ${total[1]}\n`, `\ntotal: first ${total[1]} second ${total[0]}\n`);
  await verifyIn(verify, tampered);
  assert.equal(await verify.getAttribute('#verdict', 'data-ok'), 'false');
  const failed = await verify.locator('#checks li[data-status="failed"]').evaluateAll((els) => els.map((e) => e.dataset.code));
  // (The stated winner still follows from the games: only the total is wrong.)
  assert.deepEqual(failed, ['match-digest-mismatch', 'total-mismatch']);

  // The match is remembered with the finished games.
  await verify.goto(new URL('verify.html?lang=en', url).href);
  await verify.waitForSelector('body[data-ready="true"]');
  assert.match(await verify.locator('#finished li').first().textContent(), new RegExp(`^Game 1: first ${total[0]} second ${total[1]} \\(Match to 16 points\\)$`));
});

test('"One game" ends a match; a match of N games is offered in three languages; its games are rated', async () => {
  const { page } = await openPage('index.html?lang=it&seats=person,bot&level=1&clock=0');
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isHidden('#hint'), false, 'one game against the bot offers Hint');
  // The dialog's match words come with the dialog (new-game.js).
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  const options = await page.locator('#set-match option').allTextContents();
  assert.deepEqual(options, ['Una partita', 'Sfida a 16 punti', 'Sfida a 32 punti', 'Sfida a 64 punti', 'Sfida a 128 punti', 'Sfida di 2 partite', 'Sfida di 4 partite', 'Sfida di 6 partite', 'Sfida di 8 partite']);
  await page.click('#nd-cancel');
  await page.selectOption('#lang', 'pt');
  assert.equal(await page.locator('#set-match option[value="games:4"]').textContent(), 'Série de 4 partidas');
  await page.click('#new-game');
  await page.selectOption('#set-seats', 'person,bot');
  await page.selectOption('#set-match', 'games:4');
  await page.click('#nd-start');
  await page.waitForSelector('#match:not([hidden])');
  assert.match(await page.textContent('#match-title'), /^Série de 4 partidas · partida 1$/);
  assert.equal(await page.isHidden('#hint'), true, 'a game of a match is rated: no Hint');
  assert.equal(await page.isHidden('#undo'), true);
  await page.click('#new-game');
  await page.selectOption('#set-match', 'one');
  await page.click('#nd-start');
  await page.waitForSelector('#match', { state: 'hidden' });
  assert.equal(await page.isHidden('#hint'), false);
  assert.equal(await page.evaluate(() => localStorage.getItem('virada.match.v1')), null);
});
