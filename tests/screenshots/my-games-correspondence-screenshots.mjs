// Takes the screenshots of My games in the lobby with a correspondence
// turn, at 360×740 (phone, touch) and 1280×800 (desktop): ana and bruno
// signed in, a rated 2d game between them (ana's seek set to `2d` on its way
// to the API, as tests/browser/online-correspondence.test.mjs does), dark's
// first move made; the lobby of the one whose turn it is, My games marking it.
// Run: node tests/screenshots/my-games-correspondence-screenshots.mjs

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
    await lobby.locator('#mine').scrollIntoViewIfNeeded();
    await lobby.waitForTimeout(500);
    if (lobby.errors.length) throw new Error(`errors in the page: ${lobby.errors.join('; ')}`);
    const path = join(OUT, `my-games-correspondence-${w}x${h}.png`);
    await lobby.screenshot({ path });
    console.log(path);
    await ana.context.close();
    await bruno.context.close();
    server.stop();
  }
} finally {
  await closeAll();
}
