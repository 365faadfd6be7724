// Takes the screenshots of an online game under a game clock, at 360×740
// (phone, touch) and 1280×800 (desktop): two people at a 180+2 table a few
// moves in, both clocks as the server keeps them (each frame's `clocks`),
// the running one marked and counting down on each page.
// Run: node tests/screenshots/online-clock-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { joinLink, playOut } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

try {
  const server = await serverWith([]);
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const context = await newContext(options);
    const host = await open(context, `${server.url}/?lang=en`);
    await host.locator('#new-game').click();
    await host.getByRole('radio', { name: 'Play online' }).check();
    await host.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('nd-start'))).disabled);
    await host.locator('#set-clock').selectOption('180+2');
    await host.locator('#nd-start').click();
    await host.waitForURL(/[?&]table=[0-9a-f]+/);
    await host.waitForSelector('body[data-ready="true"][data-online="waiting"][data-seat="0"]');
    const guest = await joinLink(host.url(), null, options);
    const pages = [host, guest.page];
    for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
    await playOut(pages, { until: (n) => n >= 5 });
    await host.waitForTimeout(2500);
    for (const page of pages) if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    const path = join(OUT, `online-clock-${w}x${h}.png`);
    await host.screenshot({ path });
    console.log(path);
    await guest.context.close();
    await context.close();
  }
} finally {
  await closeAll();
}
