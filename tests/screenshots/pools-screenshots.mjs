// Takes the screenshots of the lobby's pools at 360×740 (phone, touch) and
// 1280×800 (desktop): ana signed in, her 180+2 pressed while she waits, and
// bruno seeking at 300+0 (his seek in the list, counted in the grid); and a
// signed-out visitor who tapped a pool, sent to the sign-in. Passkeys
// through Chromium's virtual authenticator.
// Run: node tests/screenshots/pools-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { originOf, signedUp } from '../browser/accounts-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `pools-${name}.png`);

async function take(page, name) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: shot(name) });
  console.log(shot(name));
  if (page.errors.length) throw new Error(`${name}: errors in the page: ${page.errors.join('; ')}`);
}

const pool = (page, clock) => page.locator(`#pool-grid .pool[data-clock="${clock}"]`);

try {
  for (const [w, h, phone] of [[360, 740, true], [1280, 800, false]]) {
    const size = `${w}x${h}`;
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, hasTouch: true, isMobile: phone };
    const server = await serverWith([]);
    const ana = await signedUp(server, 'ana', options);
    const bruno = await signedUp(server, 'bruno', options);
    await pool(bruno.page, '300+0').click();
    await pool(ana.page, '300+0').locator('.pool-count', { hasText: '1 seeking' }).waitFor();
    await pool(ana.page, '180+2').click();
    await ana.page.locator('#seek-list .seek-entry', { hasText: 'bruno' }).waitFor();
    await ana.page.locator('#seek-list .seek-entry', { hasText: 'ana' }).waitFor();
    await pool(ana.page, '180+2').locator('.pool-count', { hasText: '1 seeking' }).waitFor();
    if (phone) await ana.page.locator('#pools').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await take(ana.page, `signed-in-${size}`);

    const guest = await newContext(options);
    const page = await open(guest, `${originOf(server)}/lobby.html?lang=en`);
    await page.locator('#account-name').waitFor();
    await pool(page, '60+0').click();
    await page.locator('#pool-message', { hasText: 'Sign in' }).waitFor();
    await take(page, `signed-out-${size}`);
    for (const c of [ana.context, bruno.context, guest]) await c.close();
  }
} finally {
  await closeAll();
}
