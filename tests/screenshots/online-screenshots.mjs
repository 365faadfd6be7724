// Takes the screenshots of the online table: the host's waiting screen (the
// link to share, the countdown until the bot sits, the fingerprint, the
// word, Start now), and a game between two people a few moves in, with a
// move previewed, at 360×740 (phone, touch) and 1280×800 (desktop).
// Run: node tests/screenshots/online-screenshots.mjs

import { join } from 'node:path';
import { closeAll, ROOT, serverWith } from '../browser/harness.mjs';
import { hostTable, joinLink, playOut } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const shot = (name) => join(OUT, `online-${name}.png`);

try {
  const server = await serverWith([]);
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const host = await hostTable(server, '?lang=en', { word: 'olá', options });
    await host.page.waitForTimeout(1500);
    await host.page.screenshot({ path: shot(`waiting-${w}x${h}`) });
    console.log(shot(`waiting-${w}x${h}`));
    const guest = await joinLink(host.link, null, options);
    const pages = [host.page, guest.page];
    for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
    await playOut(pages, { until: (n) => n >= 9 });
    // Then on to the host's turn.
    if (!(await host.page.locator('#all-moves').isEnabled())) {
      const n = Number(await host.page.locator('body').getAttribute('data-ply'));
      await playOut(pages, { until: (m) => m > n });
    }
    // The host's turn, a move previewed (ghost disc and rings).
    for (const page of pages) {
      if (!(await page.locator('#all-moves').isEnabled())) continue;
      const legal = await page.$$eval('#grid [data-legal]', (els) => els.map((e) => e.dataset.sq));
      const target = page.locator(`#grid [data-sq="${legal[0]}"]`);
      await target.tap();
    }
    await host.page.waitForTimeout(400);
    await host.page.screenshot({ path: shot(`game-${w}x${h}`) });
    console.log(shot(`game-${w}x${h}`));
    for (const page of pages) if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await host.context.close();
    await guest.context.close();
  }
} finally {
  await closeAll();
}
