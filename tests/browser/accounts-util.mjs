// Helpers for the accounts' browser tests: Chromium's virtual passkey
// authenticator (CDP `WebAuthn.addVirtualAuthenticator`), a sign-up through
// the lobby's account bar, and the two sizes every rated-play test runs at
// (a 390 px phone and a desktop). Pages are opened at http://localhost:PORT,
// the server's public origin (passkeys need a domain, not 127.0.0.1).
import assert from 'node:assert/strict';
import { newContext, open } from './harness.mjs';

/** A 390 px phone (an iPhone 12 to 15's width) and a desktop. */
export const PHONE390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: true };

/** A virtual passkey authenticator for `page` (user verification done); its CDP session and id. */
export async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The public origin of `server` (passkeys are made there). */
export const originOf = (server) => `http://localhost:${server.port}`;

/**
 * A person who signs up as `name` in the lobby of `server`, in a fresh
 * context of `options`: {page, context}.
 */
export async function signedUp(server, name, options = PHONE390) {
  const context = await newContext(options);
  const page = await open(context, `${originOf(server)}/lobby.html?lang=en`);
  await authenticator(page);
  await page.locator('#account-name').fill(name);
  await page.locator('#account-signup').click();
  await page.locator('#account-profile').waitFor();
  assert.match(await page.locator('#account-profile').textContent(), new RegExp(`Signed in as ${name}`, 'i'));
  return { page, context };
}

/** The open seeks as the server lists them. */
export async function listedSeeks(page) {
  return page.evaluate(async () => (await (await fetch('api/seeks', { cache: 'no-store' })).json()).seeks);
}

/** Waits until `page`'s seeks have been listed again twice (two answers to its `GET api/seeks`). */
export async function twoListings(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForResponse((r) => /\/api\/seeks$/.test(r.url()) && r.request().method() === 'GET');
  }
  // The answer is drawn in the same task as it is read; a frame later it shows.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** ana (desktop) seeks a rated game, bruno (a 390 px phone) takes it (both of `options` when given): both at the table. */
export async function ratedPair(server, { options = null } = {}) {
  const ana = await signedUp(server, 'ana', options ?? DESKTOP);
  const bruno = await signedUp(server, 'bruno', options ?? PHONE390);
  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const take = bruno.page.getByRole('button', { name: /^Play ana/ });
  await take.waitFor();
  // At the table once its address is there; the table says itself when it
  // is seated (`data-online`), whatever else the page is still loading.
  await Promise.all([bruno.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), take.click()]);
  await ana.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' });
  for (const page of [ana.page, bruno.page]) await page.waitForSelector('body[data-online="playing"]');
  return { ana, bruno, id: new URL(bruno.page.url()).searchParams.get('table') };
}
