// "Play again" at the online table: two people start a short game (5×5
// Nabucodonosor), both move and one resigns, which ends it (the end is
// where Play again starts; a game played out to its end is online-play's);
// one taps Play again and the other page says
// so and offers its own button; when both have tapped, both pages go to
// the same new table, sit in the same seats with the tokens they kept, the
// new table's fingerprint is a new one, and the game there starts with the
// same settings; at the end Play again is on a phone's first screen. "No
// thanks" to an offer ends it on both pages.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { hostTable, joinLink, playOut, resign, socketLog, assertCommittedFirst } from './online-util.mjs';

const tableId = (url) => new URL(url).searchParams.get('table');

/** Two people seated at a 5×5 Nabucodonosor table, its game started. */
async function seated() {
  const server = await serverWith([]);
  const host = await hostTable(server, 'nabu.html?lang=en', { size: 5 });
  const a = host.page;
  const { page: b } = await joinLink(host.link);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  return { a, b, link: host.link };
}

/** Ends the game at ply 2 by the guest's resignation. */
async function resignEarly(a, b) {
  await playOut([a, b], { until: (ply) => ply >= 2 });
  await resign(b, [a, b]);
}

test('Play again from the end of a game seats both people at a new table with the same settings', async () => {
  const { a, b, link } = await seated();
  const first = tableId(link);
  const fingerprint = await a.locator('#online-fingerprint').textContent();
  // Not before the end.
  assert.equal(await a.locator('#online-again').isHidden(), true);
  await resignEarly(a, b);
  for (const page of [a, b]) await page.waitForSelector('#online-again-button:visible');
  // On the phone's first screen, under the result; the clock gone with the game.
  const button = await a.locator('#online-again-button').boundingBox();
  assert.ok(button.y >= 0 && button.y + button.height <= 740, `Play again in view at 360×740: ${JSON.stringify(button)}`);
  assert.equal(await a.locator('#clock').isVisible(), false, 'no clock after the end');

  await a.locator('#online-again-button').click();
  await a.waitForFunction(() => /You asked to play again/.test(document.getElementById('online-again-line').textContent));
  assert.equal(await a.locator('#online-again-button').isHidden(), true);
  await b.waitForFunction(() => /Your opponent wants to play again/.test(document.getElementById('online-again-line').textContent));
  assert.equal(tableId(b.url()), first, 'one asking opens nothing');
  await b.locator('#online-again-button').click();

  // Both go to the same new table and sit in the same seats; the game starts there.
  for (const page of [a, b]) await page.waitForURL((url) => tableId(url.href) !== first);
  const next = tableId(a.url());
  assert.match(next, /^[0-9a-f]+$/);
  assert.equal(tableId(b.url()), next);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]', { timeout: 20_000 });
  assert.equal(await a.locator('body').getAttribute('data-seat'), '0');
  assert.equal(await b.locator('body').getAttribute('data-seat'), '1');
  assert.equal(await a.locator('#grid [role=gridcell]').count(), 25, 'the same board');
  assert.notEqual(await a.locator('#online-fingerprint').textContent(), fingerprint, 'a new commitment');
  // At the new table each page said hello with the token it kept, after the commitment, and contributed anew.
  for (const page of [a, b]) {
    assertCommittedFirst(page);
    const sent = socketLog(page).filter((f) => f.dir === 'sent').map((f) => f.data);
    const hellos = sent.filter((m) => m.type === 'hello');
    assert.ok(hellos.length >= 2 && hellos.at(-1).token, 'the kept token');
    assert.equal(sent.filter((m) => m.type === 'again').length, 1);
    assert.equal(sent.filter((m) => m.type === 'contribute').length, 2, 'a contribution at each table');
  }
  await playOut([a, b], { until: (n) => n >= 2 });
});

test('"No thanks" to Play again ends the offer on both pages, with a message', async () => {
  const { a, b, link } = await seated();
  const first = tableId(link);
  await resignEarly(a, b);
  for (const page of [a, b]) await page.waitForSelector('#online-again-button:visible');
  // On the phone's first screen, under the result; the clock gone with the game.
  const button = await a.locator('#online-again-button').boundingBox();
  assert.ok(button.y >= 0 && button.y + button.height <= 740, `Play again in view at 360×740: ${JSON.stringify(button)}`);
  assert.equal(await a.locator('#clock').isVisible(), false, 'no clock after the end');
  // No thanks is offered only as an answer to the other's offer.
  assert.equal(await b.locator('#online-again-no').isHidden(), true);
  await a.locator('#online-again-button').click();
  await b.waitForSelector('#online-again-no:visible');
  await b.locator('#online-again-no').click();
  await a.waitForFunction(() => /Your opponent said no thanks/.test(document.getElementById('online-again-line').textContent));
  await b.waitForFunction(() => /You said no thanks/.test(document.getElementById('online-again-line').textContent));
  for (const page of [a, b]) {
    assert.equal(await page.locator('#online-again-button').isHidden(), true, 'the offer has ended');
    assert.equal(await page.locator('#online-again-no').isHidden(), true);
    assert.equal(tableId(page.url()), first, 'nobody moved on');
  }
  // The live region said it on the page that offered.
  await a.waitForFunction(() => /Your opponent said no thanks/.test(document.querySelector('[role=status]')?.textContent ?? ''));
});
