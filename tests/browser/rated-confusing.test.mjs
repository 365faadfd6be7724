// What confused newcomers at rated play, on a 390 px phone and a desktop:
// a rated game left to the bot says plainly who won and why; the passkey
// buttons say where they work and what to do when no passkey answers; the
// seeks say no before a tap (out of range), say a negative rating is not
// one, say once how long a seek has waited and what quick pairing pairs.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { playOut } from './online-util.mjs';
import { DESKTOP, PHONE390, authenticator, originOf, ratedPair, signedUp, twoListings } from './accounts-util.mjs';

test('a rated game whose opponent left: "You win: your opponent left", and the ratings say so', async () => {
  const server = await serverWith(['--grace', '1']);
  const { ana, bruno } = await ratedPair(server);
  await playOut([ana.page, bruno.page], { until: (ply) => ply >= 2 });
  await bruno.context.close();
  // The bot finishes for bruno; ana plays her turns to the end.
  await playOut([ana.page]);
  const line = await ana.page.locator('#result-line').innerText();
  assert.equal(line, 'You win: your opponent left the table, and the bot finished the game for them.');
  assert.match(await ana.page.locator('#result-ratings').innerText(), /^ana: 1500\? → \d+\? \(\+\d+\)\nbruno: 1500\? → \d+\? \(−\d+\)$/);
  // A spectator reads who left, with no brackets inside brackets.
  const ctx = await newContext(PHONE390);
  const watcher = await open(ctx, ana.page.url().replace(/lang=\w+/, '') + '&lang=en');
  await watcher.waitForSelector('body[data-over="true"]');
  assert.match(await watcher.locator('#result-line').innerText(), /^(Dark|Light) \(bruno\) left the table: (Dark|Light) \(ana\) wins\.$/);
  assert.deepEqual(ana.page.errors, []);
});

for (const [size, options] of [['a 390 px phone', PHONE390], ['a desktop', DESKTOP]]) {
  test(`passkeys: at 127.0.0.1 the buttons wait for the right address; with no passkey here, what to do (${size})`, async () => {
    const server = await serverWith([]);
    const context = await newContext(options);
    const page = await open(context, `${server.url}/lobby.html?lang=en`);
    await page.locator('#account-name').waitFor();
    assert.equal(await page.locator('#account-signin').isDisabled(), true);
    assert.equal(await page.locator('#account-signup').isDisabled(), true);
    const note = page.locator('#account-origin');
    assert.match(await note.innerText(), /Passkeys work only at http:\/\/localhost:\d+/);
    assert.equal(await note.locator('a').getAttribute('href'), `${originOf(server)}/lobby.html?lang=en`);

    // ana exists; this device holds no passkey of hers.
    await signedUp(server, 'ana', options);
    const here = await open(await newContext(options), `${originOf(server)}/lobby.html?lang=en`);
    await authenticator(here);
    await here.locator('#account-name').fill('ana');
    await here.locator('#account-signin').click();
    const message = here.locator('#account-message');
    await message.filter({ hasText: /\S/ }).waitFor();
    assert.match(await message.innerText(), /^No passkey was used\. If this device has none for this name, sign in on the device where you made it/);
  });

  test(`seeks: no Play for a seek out of range, a negative rating named, one waiting line with its time, quick pairing explained (${size})`, async () => {
    const server = await serverWith([]);
    const ana = await signedUp(server, 'ana', options);
    // bruno seeks a rated game from 1600: ana (1500?) is outside.
    const bruno = await signedUp(server, 'bruno', DESKTOP);
    await bruno.page.locator('#seek-min').fill('1600');
    await bruno.page.locator('#seek-post').click();
    const entry = ana.page.locator('#seek-list .seek-entry', { hasText: 'bruno' });
    await entry.waitFor();
    assert.equal(await entry.getByRole('button', { name: /^Play bruno/ }).isDisabled(), true);
    assert.match(await entry.innerText(), /outside your rating/);

    await ana.page.locator('#seek-min').fill('-50');
    await ana.page.locator('#seek-post').click();
    await ana.page.locator('#seek-message').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await ana.page.locator('#seek-message').innerText(), 'A rating is a whole number from 0 to 4000.');

    await ana.page.locator('#seek-min').fill('');
    await ana.page.locator('#seek-quick').click();
    await ana.page.locator('#seek-waiting').waitFor();
    await twoListings(ana.page);
    const text = await ana.page.locator('#seeks').innerText();
    assert.equal(text.split('Waiting for an opponent').length - 1, 1, text);
    assert.match(await ana.page.locator('#seek-waiting').innerText(), /^Waiting for an opponent: 0:\d\d\. Quick pairing pairs you with someone who asks for the same game, clock and kind \(rated or casual\), and widens your rating range by 50 every 5 s\.$/);
    assert.deepEqual(ana.page.errors, []);
  });
}
