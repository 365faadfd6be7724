// Takes the screenshots of accounts: the lobby signed in, with a seek open
// and the form to seek a game, and a player's profile after a rated game
// (rating, deviation, graph, kept games), at 360×740 (phone, touch) and
// 1280×800 (desktop). Passkeys through Chromium's virtual authenticator.
// Run: node tests/screenshots/accounts-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { playOut } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `accounts-${name}.png`);

async function passkeys(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function signUp(page, name) {
  await passkeys(page);
  await page.locator('#account-name').fill(name);
  await page.locator('#account-signup').click();
  await page.locator('#account-profile').waitFor();
}

try {
  const server = await serverWith([]);
  const origin = `http://localhost:${server.port}`;
  let n = 0;
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    n += 1;
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const a = await open(await newContext(options), `${origin}/lobby.html?lang=en`);
    const b = await open(await newContext(options), `${origin}/lobby.html?lang=en`);
    await signUp(a, `marta${n}`);
    await signUp(b, `Tiago_${n}`);
    await a.locator('#seek-min').fill('1300');
    await a.locator('#seek-max').fill('1800');
    await a.locator('#seek-post').click();
    await b.locator('.seek-take').waitFor();
    await b.waitForTimeout(500);
    await b.screenshot({ path: shot(`lobby-${w}x${h}`) });
    console.log(shot(`lobby-${w}x${h}`));
    await Promise.all([b.waitForURL(/table=/), b.locator('.seek-take').click()]);
    await a.waitForURL(/table=/, { timeout: 15_000 });
    for (const page of [a, b]) await page.waitForSelector('body[data-online]');
    await playOut([a, b]);
    await a.waitForTimeout(800);
    await a.screenshot({ path: shot(`end-${w}x${h}`) });
    console.log(shot(`end-${w}x${h}`));
    await a.goto(`${origin}/players.html?name=marta${n}&lang=en`);
    await a.waitForSelector('body[data-ready="true"]');
    await a.screenshot({ path: shot(`profile-${w}x${h}`), fullPage: true });
    console.log(shot(`profile-${w}x${h}`));
    for (const page of [a, b]) if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  }
} finally {
  await closeAll();
}
