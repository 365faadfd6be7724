// Resign and Abort at a rated table, on a 390 px phone and a desktop. Each
// asks first; Keep playing changes nothing. A resignation ends the game at
// once, the other seat wins and both ratings change; the signed record's
// `result` line says who resigned, and `virada verify` takes it on the
// signature. Before both seats have moved the game can be aborted instead:
// no result, not rated, kept by neither account.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { playOut, field, cliVerify, pageVerify } from './online-util.mjs';
import { ratedPair } from './accounts-util.mjs';

test('a seated person resigns after asking: the other wins, the signed record says who resigned, the ratings change', async () => {
  const server = await serverWith([]);
  const { ana, bruno } = await ratedPair(server);
  // Before both have moved, Abort is offered, not Resign.
  assert.equal(await bruno.page.locator('#online-abort').isVisible(), true);
  assert.equal(await bruno.page.locator('#online-resign').isVisible(), false);
  await playOut([ana.page, bruno.page], { until: (ply) => ply >= 2 });
  const page = bruno.page;
  const resign = page.getByRole('button', { name: 'Resign' });
  await resign.waitFor();
  assert.equal(await page.locator('#online-abort').isVisible(), false);
  // Asked first: Keep playing changes nothing.
  await resign.tap();
  assert.equal(await page.locator('#online-confirm-line').innerText(), 'Resign this game? It ends now and your opponent wins.');
  await page.getByRole('button', { name: 'Keep playing' }).tap();
  assert.equal(await page.locator('#online-confirm').isVisible(), false);
  assert.equal(await page.locator('body').getAttribute('data-online'), 'playing');
  await resign.tap();
  await page.locator('#online-confirm-yes').tap();
  for (const p of [ana.page, bruno.page]) {
    await p.waitForSelector('body[data-over="true"]');
    await p.locator('#result-ratings').waitFor();
    assert.match(await p.locator('#result-line').innerText(), /^(Dark|Light) \((bruno|you)\) resigned: (Dark|Light) \((ana|you)\) wins, \d+ to \d+\.$/);
    assert.match(await p.locator('#result-ratings').innerText(), /^ana: 1500\? → \d+\? \(\+\d+\)\nbruno: 1500\? → \d+\? \(−\d+\)$/);
    assert.equal(await p.locator('#online-stop').isVisible(), false);
  }
  const record = await page.locator('#record').textContent();
  const bruno_color = field(record, 'dark') === 'second' ? 'dark' : 'light';
  assert.match(field(record, 'result'), new RegExp(`^dark \\d+ light \\d+ ${bruno_color === 'dark' ? 'light' : 'dark'} wins, ${bruno_color} resigned$`));
  const verified = cliVerify(record);
  assert.equal(verified.code, 0, verified.out);
  assert.match(verified.out, /resigned/);
  // Verify a game, in the page (the library's verifier in WebAssembly), takes it too.
  const inPage = await pageVerify(bruno.context, server, record);
  assert.equal(inPage.ok, true, JSON.stringify(inPage.checks));
  assert.equal(inPage.checks.result, 'resigned-ok');
  assert.match(inPage.texts, /resigned/);
  // A resignation written into the record by hand, not signed again, does not verify.
  const forged = record.replace(`, ${bruno_color} resigned`, '');
  assert.notEqual(cliVerify(forged).code, 0);
  for (const p of [ana.page, bruno.page]) assert.deepEqual(p.errors, []);
});

test('before both seats have moved, a seated person aborts: no result, not rated, kept by nobody', async () => {
  const server = await serverWith([]);
  const { ana, bruno } = await ratedPair(server);
  const page = ana.page;
  await page.getByRole('button', { name: 'Abort' }).click();
  assert.equal(await page.locator('#online-confirm-line').innerText(), 'Abort this game? It ends with no result and is not rated.');
  await page.locator('#online-confirm-yes').click();
  for (const p of [ana.page, bruno.page]) {
    await p.waitForSelector('body[data-over="true"]');
    assert.match(await p.locator('#result-line').innerText(), /^(Dark|Light) \((ana|you)\) aborted the game: no result, not rated\.$/);
    assert.equal(await p.locator('#result-ratings').isVisible(), false);
  }
  const record = await page.locator('#record').textContent();
  assert.match(field(record, 'result'), /^dark \d+ light \d+ unfinished$/);
  assert.equal(field(record, 'ratings'), undefined);
  for (const name of ['ana', 'bruno']) {
    const profile = await page.evaluate(async (n) => (await fetch(`api/players/${n}`)).json(), name);
    assert.equal(profile.rating, 1500);
    assert.deepEqual(profile.games, []);
  }
  for (const p of [ana.page, bruno.page]) assert.deepEqual(p.errors, []);
});
