// An online game under a game clock: the server runs both clocks and its
// flag ends the game, whatever the pages do. Two people sit at a 2+0 table
// (opened through the API, in the clock's notation), nobody moves, and on
// the server dark's two seconds run out: both pages end the game and show
// the signed record lost on time, which states `clock: 2+0`, the flag's
// `times: 0.0` and the result on time.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { clockTable } from './online-util.mjs';

test('two people at an online 2+0 table: the flag falls on the server and both pages say so', async () => {
  const server = await serverWith([]);
  const { id, host, guest, pages } = await clockTable(server, '2+0');
  // Nobody moves: the server's flag ends the game on both pages.
  for (const page of pages) {
    await page.waitForSelector('body[data-over="true"]', { timeout: 20_000 });
    // The page's copy of the signed record says it (its end line is the table's own words).
    await page.waitForFunction(() => /\nresult: dark \d+ light \d+ light wins on time\n/.test(document.body.textContent ?? ''));
    assert.match(await page.locator('#turn-line').textContent(), /Game over/);
  }
  const record = await (await fetch(`${server.url}/api/records/${id}`)).text();
  assert.match(record, /\nclock: 2\+0\n/);
  assert.match(record, /\ntimes: 0\.0\n/);
  assert.match(record, /\nresult: dark \d+ light \d+ light wins on time\n/);
  assert.match(record, /\nsignature: /);
  for (const page of pages) assert.deepEqual(page.errors, []);
  await host.context.close();
  await guest.context.close();
});
