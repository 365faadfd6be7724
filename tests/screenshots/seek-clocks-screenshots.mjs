// Takes the screenshots of the seek form's clocks at 360×740 (phone, touch)
// and 1280×800 (desktop): carl's lobby, its form at 2d, with ana's rated
// seek at 2d and bruno's quick seek at 180+2 in the seeks' list, each clock
// in its notation. Passkeys through Chromium's virtual authenticator.
// Run: node tests/screenshots/seek-clocks-screenshots.mjs

import { join } from 'node:path';
import { closeAll, ROOT, serverWith } from '../browser/harness.mjs';
import { signedUp } from '../browser/accounts-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `seek-clocks-${name}.png`);

try {
  for (const [w, h, phone] of [[360, 740, true], [1280, 800, false]]) {
    const size = `${w}x${h}`;
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, hasTouch: true, isMobile: phone };
    const server = await serverWith([]);
    const ana = await signedUp(server, 'ana', options);
    const bruno = await signedUp(server, 'bruno', options);
    const carl = await signedUp(server, 'carl', options);
    await ana.page.locator('#seek-clock').selectOption('2d');
    await ana.page.locator('#seek-post').click();
    await bruno.page.locator('#seek-clock').selectOption('180+2');
    await bruno.page.locator('#seek-quick').click();
    const page = carl.page;
    await page.locator('#seek-clock').selectOption('2d');
    for (const name of ['ana', 'bruno']) await page.locator('#seek-list .seek-entry', { hasText: name }).waitFor();
    await page.locator('#seeks').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: shot(size) });
    console.log(shot(size));
    for (const p of [ana.page, bruno.page, page]) if (p.errors.length) throw new Error(`errors in the page: ${p.errors.join('; ')}`);
    for (const c of [ana.context, bruno.context, carl.context]) await c.close();
  }
} finally {
  await closeAll();
}
