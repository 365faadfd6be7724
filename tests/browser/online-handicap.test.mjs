// A handicap (V2) at the online table: the host ticks one in the New game
// dialog (seat 2, the guest, moves first and starts with discs on a1 and
// h8) and opens a table online; the guest sees it in the lobby with its
// handicap and opens the link; the board both
// pages show comes from the server with those discs in the guest's colour
// and the guest to move. Both play a few moves, both pages reload and keep
// their seats and the board, the game goes on and ends (a resignation), and the signed
// record, with its handicap line, verifies in the page and with
// `virada verify`.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith, newContext, open } from './harness.mjs';
import { cells } from './table-util.mjs';
import { PHONE, hostTable, joinLink, playOut, ply, resign, myTurn, field, cliVerify, assertContributions, pageVerify } from './online-util.mjs';

/** The discs on the board, in reading order. */
const discs = async (page) => (await cells(page)).map((c) => c.disc);

test('an online handicap game, reloaded mid-game on both sides, ends and verifies', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en', { handicap: 'seat2:first:a1,h8' });
  const a = host.page;
  // The lobby lists the waiting table with its handicap.
  const guest = await newContext(PHONE);
  const lobby = await open(guest, `${server.url}/lobby.html?lang=en`);
  const id = new URL(host.link).searchParams.get('table');
  const listed = lobby.locator(`#waiting-list .lobby-entry[data-id="${id}"]`);
  await listed.waitFor();
  assert.match(await listed.innerText(), /handicap seat2:first:a1,h8/);
  await lobby.close();
  const { page: b, context: bContext } = await joinLink(host.link, guest);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');

  // The server's start: a1 and h8 in one colour, six discs in all, the guest (seat 2) to move.
  const start = await discs(a);
  const colour = start[0];
  assert.ok(colour === 'dark' || colour === 'light', `a1 holds a disc: ${colour}`);
  assert.equal(start[63], colour, 'h8');
  assert.equal(start.filter((d) => d !== 'empty').length, 6);
  assert.deepEqual(await discs(b), start, 'both pages show the same start');
  assert.equal(await b.locator('body').getAttribute('data-seat'), '1');
  await b.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.getElementById('all-moves')).disabled);
  assert.equal(await myTurn(a), false, 'the handicap seat moves first');

  // A few moves, then both pages reload: the same seats, the same board.
  await playOut([a, b], { until: (n) => n >= 6 });
  const moves = await ply(a);
  await b.waitForFunction((n) => Number(document.body.dataset.ply) === n, moves);
  const board = await discs(a);
  await Promise.all([a.reload(), b.reload()]);
  for (const [page, seat] of [[a, '0'], [b, '1']]) {
    await page.waitForSelector(`body[data-online="playing"][data-seat="${seat}"]`);
    await page.waitForFunction((n) => Number(document.body.dataset.ply) === n, moves);
    assert.deepEqual(await discs(page), board, 'the board after the reload');
  }

  // Two more plies, then the host resigns: the record at once (a handicap
  // game to its end, corners kept: crate/tests/it/table_property.rs, and
  // online: cli/tests/it/online/handicap.rs).
  await playOut([a, b], { until: (n) => n >= moves + 2 });
  await resign(a, [a, b]);
  const end = await discs(a);
  assert.deepEqual([end[0], end[63]], [colour, colour]);
  const record = await a.locator('#record').textContent();
  assert.match(record, /^handicap: seat2:first:a1,h8$/m);
  assert.equal(field(record, 'dark'), colour === 'dark' ? 'second' : 'first', 'the corners are in the guest’s drawn colour');
  assertContributions(record, [a, b]);
  const report = await pageVerify(bContext, server, record);
  assert.ok(report.ok, report.texts);
  assert.equal(report.checks.signature, 'signature-ok');
  assert.equal(report.checks.handicap, 'handicap-first');
  assert.equal(cliVerify(record).code, 0);
});
