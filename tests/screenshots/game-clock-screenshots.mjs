// Takes the docs' screenshots of a game clock running (docs/page.md, T22):
// two people at 180+2, five moves in, light's clock running, at 360×740
// (phone, touch) and 1280×800 (desktop, mouse). The page's time is faked
// (Playwright's page.clock), so each clock shows what the moves' instants
// make it.  Run: node tests/screenshots/game-clock-screenshots.mjs

import { closeAll, newContext, pageUrl, ROOT } from '../browser/harness.mjs';
import { join } from 'node:path';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const SEED = '01'.repeat(32);
const START = Date.UTC(2026, 11, 6, 12);
// Each move after the time it took.
const MOVES = [['f5', 12_300], ['d6', 8_100], ['c3', 25_400], ['d3', 4_000], ['c4', 17_700]];

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 1_000);
    await page.goto(await pageUrl(`?lang=en&seats=person,person&seed=${SEED}&clock=3%2B2`));
    await page.waitForSelector('body[data-ready="true"]');
    for (const [i, [move, took]] of MOVES.entries()) {
      await page.clock.runFor(took);
      const square = page.getByRole('gridcell', { name: new RegExp(`^${move}`) });
      // A tap previews and a second one places; a click places.
      if (touch) {
        await square.tap();
        await square.tap();
      } else await square.click();
      await page.waitForFunction((n) => document.body.dataset.ply === String(n), i + 1);
    }
    await page.clock.runFor(6_250);
    const file = join(OUT, `game-clock-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file, (await page.locator('.game-clock-time').allTextContents()).join(' '));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
