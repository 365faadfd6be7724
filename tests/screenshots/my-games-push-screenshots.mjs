// Takes the screenshots of My games' notifications, at 360×740 (phone,
// touch) and 1280×800 (desktop): a 2d game between ana and bruno as in
// my-games-correspondence-screenshots.mjs, then, in the lobby of the one
// whose turn it is, "Notify me when it is my turn" tapped and granted; the
// page tries Web Push too, and headless Chromium, with no push service to
// reach, lets it say so in words, the button to try again beside it.
// Run: node tests/screenshots/my-games-push-screenshots.mjs

import { join } from 'node:path';
import { closeAll, open, ROOT, serverWith } from '../browser/harness.mjs';
import { originOf, signedUp } from '../browser/accounts-util.mjs';
import { myTurn, tapMove } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const server = await serverWith([]);
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const ana = await signedUp(server, 'ana', options);
    const bruno = await signedUp(server, 'bruno', options);
    await ana.page.route(/\/api\/seeks$/, (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), clock: '2d' }) }));
    await ana.page.locator('#seek-post').click();
    const take = bruno.page.getByRole('button', { name: /^Play ana/ });
    await take.waitFor();
    await Promise.all([bruno.page.waitForURL(/index\.html\?table=/), take.click()]);
    await ana.page.waitForURL(/index\.html\?table=/);
    for (const p of [ana.page, bruno.page]) await p.waitForSelector('body[data-online="playing"]');
    const [dark, light] = (await myTurn(ana.page)) ? [ana, bruno] : [bruno, ana];
    await tapMove(dark.page, 0);
    await light.page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
    await dark.page.close();
    await light.page.close();
    const lobby = await open(light.context, `${originOf(server)}/lobby.html?lang=en`);
    await lobby.locator('#mine-list .mine-entry.your-turn').waitFor();
    await light.context.grantPermissions(['notifications'], { origin: originOf(server) });
    await lobby.locator('#mine-notify').click();
    await lobby.locator('#mine-push').waitFor();
    await lobby.waitForFunction(() => document.getElementById('mine-push-status')?.textContent);
    await lobby.locator('#mine-push-status').scrollIntoViewIfNeeded();
    await lobby.waitForTimeout(500);
    // Chromium's own console line on the Push API in its incognito contexts is not the page's.
    lobby.errors.splice(0, lobby.errors.length, ...lobby.errors.filter((e) => !/Push API in incognito mode/.test(e)));
    if (lobby.errors.length) throw new Error(`errors in the page: ${lobby.errors.join('; ')}`);
    const path = join(OUT, `my-games-push-${w}x${h}.png`);
    await lobby.screenshot({ path });
    console.log(path);
    await ana.context.close();
    await bruno.context.close();
    server.stop();
  }
} finally {
  await closeAll();
}
