// Accounts through the pages, on Chromium's virtual authenticator (CDP
// `WebAuthn.addVirtualAuthenticator`): two people sign up with passkeys in
// the lobby; one signs in again in a fresh browser context (the passkey
// copied into that context's authenticator, as a synced passkey is); they
// pair from the lobby's seeks and play a rated game, which ends by a
// resignation after two plies; the signed
// record names both and states each rating before and after, which the
// library's own verifier (`virada verify`) recomputes; both profiles show
// those new ratings. Pages are opened at http://localhost:PORT, the
// server's public origin (passkeys need a domain, not 127.0.0.1).
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { PHONE, playOut, resign, field, cliVerify } from './online-util.mjs';
import { authenticator } from './accounts-util.mjs';

/** Signs up (or in) as `name` through the lobby's account bar. */
async function account(page, name, button) {
  await page.locator('#account-name').fill(name);
  await page.locator(button).click();
  await page.locator('#account-profile').waitFor();
  assert.match(await page.locator('#account-profile').textContent(), new RegExp(`Signed in as ${name}, 1500\\?`, 'i'));
}

/** The rating a record's `ratings` line gives a seat after the game: [rating, deviation]. */
function after(record, seat) {
  const parts = field(record, 'ratings').split(',')[seat].trim().split(/\s+/);
  return parts[1].split('/').slice(0, 2).map(Number);
}

test('two people sign up, one signs in again elsewhere, they pair in the lobby and play a rated game', async () => {
  const server = await serverWith();
  const origin = `http://localhost:${server.port}`;
  const lobby = `${origin}/lobby.html?lang=en`;

  const ctxA = await newContext(PHONE);
  const a = await open(ctxA, lobby);
  await authenticator(a);
  await account(a, 'ana', '#account-signup');

  const ctxB = await newContext(PHONE);
  const b0 = await open(ctxB, lobby);
  const first = await authenticator(b0);
  await account(b0, 'Bruno', '#account-signup');

  // Bruno on another device: a fresh context, whose authenticator holds the
  // same passkey (copied, as a synced passkey is).
  const ctxC = await newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const b = await open(ctxC, lobby);
  const second = await authenticator(b);
  const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId });
  assert.equal(credentials.length, 1);
  await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] });
  assert.equal(await b.locator('#account-signup').isVisible(), true, 'a fresh context is signed out');
  await account(b, 'bruno', '#account-signin');
  assert.match(await b.locator('#account-profile').textContent(), /Bruno/, 'the name as chosen, whatever its case when typed');

  // ana seeks a rated game; Bruno sees it in the lobby and takes it.
  assert.equal(await a.locator('#seek-rated').isChecked(), true);
  await a.locator('#seek-post').click();
  await a.locator('#seek-waiting').waitFor();
  const take = b.getByRole('button', { name: /^Play ana \(1500\?\): Othello, 30 s a move, rated/ });
  await take.waitFor();
  await Promise.all([b.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), take.click()]);
  await a.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' });
  for (const page of [a, b]) {
    await page.waitForSelector('body[data-online]');
    await page.waitForFunction(() => document.getElementById('online-line').dataset.connected === 'true');
  }
  // Each page shows the other's name at the seat.
  await b.waitForFunction(() => document.body.innerText.includes('ana'));
  await a.waitForFunction(() => document.body.innerText.includes('Bruno'));

  // Both move, then Bruno resigns: a rated game's end (played out to its
  // last move, cli/tests/it/online/rated.rs).
  await playOut([a, b], { until: (ply) => ply >= 2 });
  await resign(b, [a, b]);
  for (const page of [a, b]) await page.locator('#record').waitFor();
  const record = await a.locator('#record').textContent();
  assert.equal(await b.locator('#record').textContent(), record);
  assert.match(record, /^virada-record 4\n/);
  assert.equal(field(record, 'names'), 'ana, Bruno');
  assert.match(field(record, 'ratings'), /^1500\.00\/350\.00\/0\.060000000 \S+, 1500\.00\/350\.00\/0\.060000000 \S+$/);
  // The library's own computation: `virada verify` recomputes each rating after.
  const verified = cliVerify(record);
  assert.equal(verified.code, 0, verified.out);
  assert.match(verified.out, /ratings: the ratings after the game follow from those before by Glicko-2/);
  // Both people see the change at the end.
  for (const page of [a, b]) await page.waitForFunction(() => /ana: 1500\? → \d+\?/.test(document.body.innerText));

  // Both profiles show the new ratings, the record's.
  for (const [page, name, seat] of [[a, 'ana', 0], [b, 'Bruno', 1]]) {
    await page.goto(`${origin}/players.html?name=${name}&lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    const [rating, deviation] = after(record, seat);
    assert.equal(await page.locator('#profile-rating').textContent(), `${Math.round(rating)}?`);
    assert.equal(await page.locator('#profile-deviation').textContent(), `deviation ${deviation.toFixed(1)}`);
    const shown = await page.evaluate(async (n) => (await fetch(`api/players/${n}`)).json(), name);
    assert.equal(shown.rating, rating);
    assert.equal(shown.deviation, deviation);
    assert.equal(await page.locator('#profile-games li').count(), 1);
    assert.ok(await page.getByRole('img', { name: new RegExp(`Graph of ${name}'s rating, from 1500 to ${Math.round(rating)}, over 1 rated games`) }).isVisible());
    assert.equal(await page.getByRole('link', { name: /^Verify the record of the game/ }).count(), 1);
  }
  for (const page of [a, b0, b]) assert.deepEqual(page.errors, []);
});
