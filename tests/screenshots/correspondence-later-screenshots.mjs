// Takes the screenshots of a correspondence game a day later, at 360×740
// (phone, touch) and 1280×800 (desktop): ana and bruno signed in, a rated
// 2d game between them (ana's seek set to `2d` on its way to the API, as
// tests/browser/online-correspondence.test.mjs does), dark's first move
// made, both pages closed; the server started again a day later over the
// same store (`--time-shift`, a test's flag) and the one whose turn it is
// opens the game from My games on another device: the table with the day
// left on the clock and the away line for the one who is not there.
// Run: node tests/screenshots/correspondence-later-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { originOf, signedUp } from '../browser/accounts-util.mjs';
import { myTurn, tapMove } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const DAY_S = 86_400;

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
    const id = new URL(bruno.page.url()).searchParams.get('table');
    const [dark, light] = (await myTurn(ana.page)) ? [ana, bruno] : [bruno, ana];
    await tapMove(dark.page, 0);
    await light.page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
    await dark.page.close();
    await light.page.close();
    // A day later, on another device with the same session.
    await server.restart({ flags: ['--time-shift', String(DAY_S)] });
    const device = await newContext(options);
    await device.addCookies(await light.context.cookies());
    const page = await open(device, `${originOf(server)}/index.html?table=${id}&lang=en`);
    await page.waitForSelector('body[data-online="playing"]');
    await page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
    await page.waitForTimeout(500);
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    const path = join(OUT, `correspondence-later-${w}x${h}.png`);
    await page.screenshot({ path });
    console.log(path);
    await device.close();
    await ana.context.close();
    await bruno.context.close();
    server.stop();
  }
} finally {
  await closeAll();
}
