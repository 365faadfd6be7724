// The end of a rated game between two accounts, on a 390 px phone and a
// desktop: both see each rating's change beside the result, above Play
// again; then one deletes their account, and their name leaves the game's
// record (what Verify opens, /api/records/ID) and its Replay, while the
// record, signed again, still verifies; a newcomer who takes the freed
// name does not appear to have played it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { playOut, field, cliVerify } from './online-util.mjs';
import { DESKTOP, originOf, ratedPair, signedUp } from './accounts-util.mjs';

test('a rated game\'s end shows the ratings\' change on a phone and a desktop; a deleted name leaves its records, which still verify', async () => {
  const server = await serverWith([]);
  const { ana, bruno, id } = await ratedPair(server);
  await playOut([ana.page, bruno.page]);
  for (const page of [ana.page, bruno.page]) {
    const ratings = page.locator('#result-ratings');
    await ratings.waitFor();
    assert.match(await ratings.innerText(), /^ana: 1500\? → \d+\? \([+−-]\d+\)\nbruno: 1500\? → \d+\? \([+−-]\d+\)$/);
    // Beside the result, above Play again: on the phone too, in the end's first screen.
    const [result, shown, again] = await Promise.all(['#result-line', '#result-ratings', '#online-again-button'].map((s) => page.locator(s).boundingBox()));
    assert.ok(result.y < shown.y && shown.y + shown.height <= again.y, JSON.stringify({ result, shown, again }));
  }
  const record = await bruno.page.locator('#record').textContent();
  assert.equal(field(record, 'names'), 'ana, bruno');

  // ana deletes her account, typing her name in another case.
  await ana.page.goto(`${originOf(server)}/players.html?name=ana&lang=en`);
  await ana.page.locator('#delete-name').fill('ANA');
  await Promise.all([ana.page.waitForURL((url) => !url.searchParams.has('name')), ana.page.locator('#delete-account').click()]);

  // The record (what Verify opens) names her no more, and still verifies.
  const kept = await bruno.page.evaluate(async (table) => (await fetch(`api/records/${table}`, { cache: 'no-store' })).text(), id);
  assert.match(field(kept, 'names'), /^deleted-[0-9a-f]{8}, bruno$/);
  const verified = cliVerify(kept);
  assert.equal(verified.code, 0, verified.out);
  assert.match(verified.out, /signature/);
  // Replay from bruno's profile, on the phone: the table shows the kept
  // record, and he watches it (no "You sit in seat 2", no Play again).
  await bruno.page.goto(`${originOf(server)}/players.html?name=bruno&lang=en`);
  await Promise.all([bruno.page.waitForURL(/table=/), bruno.page.getByRole('link', { name: /^Replay/ }).first().click()]);
  await bruno.page.waitForSelector('body[data-online="over"][data-seat="watching"]');
  assert.equal(await bruno.page.locator('#online-again-button').isVisible(), false);
  assert.doesNotMatch(await bruno.page.locator('body').innerText(), /You sit in seat/);
  await bruno.page.locator('#record').waitFor({ state: 'attached' });
  await bruno.page.waitForFunction(() => /names: deleted-/.test(document.getElementById('record')?.textContent ?? ''));
  assert.doesNotMatch(await bruno.page.locator('body').innerText(), /\bana\b/);

  // Someone new takes the name: the game is not theirs.
  const newcomer = await signedUp(server, 'ana', DESKTOP);
  const profile = await newcomer.page.evaluate(async () => (await fetch('api/players/ana')).json());
  assert.deepEqual(profile.games ?? [], []);
  const again = await newcomer.page.evaluate(async (table) => (await fetch(`api/records/${table}`)).text(), id);
  assert.equal(again, kept);
  for (const page of [bruno.page, newcomer.page]) assert.deepEqual(page.errors, []);
});
