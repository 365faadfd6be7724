// The online table survives its server and runs its clock: a server killed
// with SIGKILL mid-game and started again on the same port and data folder
// finds both pages reconnecting by themselves, and the game goes on with
// every move kept and ends (a resignation); a 3-second clock runs out on
// the server, which plays the time-out move, marked `*` in the record, and
// the record verifies. Whole games to their end are online-play's, and the
// server's: cli/tests/it/online/mod.rs.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { hostTable, joinLink, playOut, ply, resign, field, cliVerify, assertContributions } from './online-util.mjs';

/**
 * The browser's own complaints while the server was down (refused sockets, and
 * the service worker's update check failing to fetch its script) are expected;
 * nothing else is.
 */
function forgetRefusedSockets(page) {
  const down = /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|An unknown error occurred when fetching the script/;
  const kept = page.errors.filter((e) => !down.test(e));
  page.errors.splice(0, page.errors.length, ...kept);
}

test('a server killed mid-game and started again: the pages reconnect and the game finishes', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en');
  const a = host.page;
  const { page: b } = await joinLink(host.link);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  await playOut([a, b], { until: (n) => n >= 6 });
  const before = await a.locator('#history li').allTextContents();

  await server.kill();
  for (const page of [a, b]) {
    await page.waitForFunction(() => document.getElementById('online-line').dataset.connected === 'false');
    assert.match(await page.locator('#online-line').textContent(), /reconnecting/);
  }
  await server.restart();
  for (const page of [a, b]) {
    await page.waitForFunction(() => document.getElementById('online-line').dataset.connected === 'true', null, { timeout: 20_000 });
  }
  assert.deepEqual(await b.locator('#history li').allTextContents(), before, 'every move kept');
  // The game goes on, and ends (a resignation: the end of a whole game is online-play's).
  await playOut([a, b], { until: (n) => n >= before.length + 2 });
  await resign(a, [a, b]);
  const record = await a.locator('#record').textContent();
  const moves = field(record, 'moves').split(' ');
  assertContributions(record);
  assert.deepEqual(moves.slice(0, before.length).map((m) => m.replace('*', '')), before.map((m) => m.split(': ')[1].split(' ')[0]));
  assert.equal(cliVerify(record).code, 0);
  for (const page of [a, b]) forgetRefusedSockets(page);
});

test('a 3-second clock runs out on the server: the time-out move is played and marked', async () => {
  const server = await serverWith([]);
  // A clock asked for in the address stays on offer in the dialog.
  const host = await hostTable(server, '?lang=en&clock=3');
  const a = host.page;
  const { page: b } = await joinLink(host.link);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  assert.match(await a.locator('#clock').textContent(), /^[0-3] s$/);
  // Nobody moves: the server plays for the side to move, and both pages say so.
  await a.waitForFunction(() => Number(document.body.dataset.ply) >= 1, null, { timeout: 15_000 });
  await b.waitForFunction(() => Number(document.body.dataset.ply) >= 1);
  assert.match(await b.locator('#history li').first().textContent(), /placed by the table/);
  assert.match(await a.locator('#status').textContent() + await b.locator('#status').textContent(), /Time ran out/);
  // Both people move, then one resigns: the record at once.
  await playOut([a, b], { until: (n) => n >= 3 });
  await resign(a, [a, b]);
  const record = await a.locator('#record').textContent();
  assert.match(field(record, 'clock'), /^3$/);
  assertContributions(record);
  assert.match(field(record, 'moves'), /^\*[a-h][1-8] /);
  const cli = cliVerify(record);
  assert.equal(cli.code, 0, cli.out);
});
