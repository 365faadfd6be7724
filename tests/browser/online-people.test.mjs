// People come and go at the online table: a third person with the link
// watches; a page closed mid-game and opened again within the grace period
// keeps its seat and the game goes on; a
// person who leaves for good is replaced by the bot after the grace period
// (`--grace 2`), labelled as such, the game goes on against it and ends (a
// resignation), and the record says `bot N for person` and verifies.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { hostTable, joinLink, playOut, ply, resign, field, cliVerify, assertContributions, pageVerify } from './online-util.mjs';

test('a page closed mid-game and opened again keeps its seat; the game goes on', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en');
  const a = host.page;
  const guest = await joinLink(host.link);
  let b = guest.page;
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  // Anyone else with the link watches: no seat, nothing to play, every move shown.
  const { page: watcher } = await joinLink(host.link);
  assert.equal(await watcher.locator('body').getAttribute('data-seat'), 'watching');
  assert.match(await watcher.locator('#online-line').textContent(), /you are watching/);
  assert.equal(await watcher.locator('#all-moves').isDisabled(), true);
  await playOut([a, b], { until: (n) => n >= 4 });
  const moves = await ply(a);
  await watcher.waitForFunction((n) => Number(document.body.dataset.ply) === n, moves);
  assert.match(await watcher.locator('#box-dark').getAttribute('aria-label'), /player [12]/);

  await b.close();
  // The other page sees the seat's person gone; then the same browser opens the link again.
  b = (await joinLink(host.link, guest.context)).page;
  assert.equal(await b.locator('body').getAttribute('data-seat'), '1', 'the kept token gives the same seat back');
  assert.equal(await ply(b), moves, 'every move is there');
  assert.match(await b.locator('#box-dark').getAttribute('aria-label'), /you|opponent/);
  await playOut([a, b], { until: (n) => n >= moves + 4 });
  assert.ok((await ply(a)) >= moves + 4);
  assert.equal(await ply(b), await ply(a));
});

test('a seat left for good goes to the bot after the grace period; the record says so', async () => {
  const server = await serverWith(['--grace', '2']);
  const host = await hostTable(server, '?lang=en', { level: 1 });
  const a = host.page;
  const guest = await joinLink(host.link);
  for (const page of [a, guest.page]) await page.waitForSelector('body[data-online="playing"]');
  await playOut([a, guest.page], { until: (n) => n >= 3 });
  await guest.context.close();

  // After the grace period the bot sits, labelled as a bot in the seat of the person who left.
  await a.waitForFunction(() => /bot, level 1 \(for your opponent\)/.test(
    document.getElementById('box-dark').getAttribute('aria-label') + document.getElementById('box-light').getAttribute('aria-label'),
  ), null, { timeout: 20_000 });
  assert.match(await a.locator('#status').textContent(), /bot took the seat of your opponent|played|flipped/);
  // A move against the bot, then a resignation: the record at once.
  const now = Number(await a.locator('body').getAttribute('data-ply'));
  await playOut([a], { until: (n) => n >= now + 2 });
  await resign(a, [a]);
  const record = await a.locator('#record').textContent();
  assert.match(field(record, 'seats'), /^person, bot 1 for person$/);
  assertContributions(record);
  assert.equal(cliVerify(record).code, 0);
  const report = await pageVerify(host.context, server, record);
  assert.ok(report.ok, report.texts);
  assert.equal(report.checks.signature, 'signature-ok');
});
