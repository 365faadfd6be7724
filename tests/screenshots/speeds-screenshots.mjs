// Takes the screenshots of ratings by speed at 360×740 (phone, touch) and
// 1280×800 (desktop): a profile's five speeds after two rated games, one at
// 15 s a move (blitz) and one at 30 s (rapid), seen by a guest; and the
// leaderboard's Rapid tab. Passkeys through Chromium's virtual
// authenticator. Run: node tests/screenshots/speeds-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { playOut } from '../browser/online-util.mjs';
import { originOf, signedUp } from '../browser/accounts-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `speeds-${name}.png`);

async function take(page, name) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: shot(name) });
  console.log(shot(name));
  if (page.errors.length) throw new Error(`${name}: errors in the page: ${page.errors.join('; ')}`);
}

/** ana seeks a rated game at `clock` seconds a move, bruno takes it, and they play it out. */
async function ratedGame(origin, ana, bruno, clock) {
  for (const p of [ana, bruno]) await p.page.goto(`${origin}/lobby.html?lang=en`);
  await ana.page.locator('#seek-clock').selectOption(String(clock));
  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const take = bruno.page.getByRole('button', { name: /^Play ana/ });
  await take.waitFor();
  await Promise.all([bruno.page.waitForURL(/index\.html\?table=/), take.click()]);
  await ana.page.waitForURL(/index\.html\?table=/);
  for (const p of [ana, bruno]) await p.page.waitForSelector('body[data-online="playing"]');
  await playOut([ana.page, bruno.page]);
  await bruno.page.locator('#result-ratings').waitFor();
}

try {
  for (const [w, h, phone] of [[360, 740, true], [1280, 800, false]]) {
    const size = `${w}x${h}`;
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, hasTouch: true, isMobile: phone };
    const server = await serverWith(['--leaderboard-games', '1']);
    const origin = originOf(server);
    const ana = await signedUp(server, 'ana', options);
    const bruno = await signedUp(server, 'bruno', options);
    await ratedGame(origin, ana, bruno, 15);
    await ratedGame(origin, ana, bruno, 30);

    const guest = await newContext(options);
    const page = await open(guest, `${origin}/players.html?name=bruno&lang=en`);
    await page.locator('#profile-speeds').waitFor();
    if (phone) await page.locator('#profile-name').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await take(page, `profile-${size}`);

    await page.goto(`${origin}/players.html?lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByRole('tab', { name: 'Rapid' }).click();
    await page.waitForSelector('body[data-ready="true"] #leaderboard[data-speed="rapid"]');
    await take(page, `board-${size}`);
  }
} finally {
  await closeAll();
}
