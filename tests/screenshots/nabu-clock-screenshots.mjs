// Takes the docs' screenshots of Nabucodonosor under a game clock
// (docs/nabucodonosor.md): two people at 180+2 on 8×8, the first placement,
// the swap, then four placements, each after its thinking time, and a clock
// running, at 360×740 (phone, touch) and 1280×800 (desktop, mouse). The
// page's time is faked (Playwright's page.clock), so each clock shows what
// the moves' instants make it.
// Run: node tests/screenshots/nabu-clock-screenshots.mjs (after make wasm and
// a build of the virada binary).

import { closeAll, newContext, pageUrl, ROOT } from '../browser/harness.mjs';
import { join } from 'node:path';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const SEED = '5a'.repeat(32);
const START = Date.UTC(2026, 11, 6, 12);
// Each move after the time it took: `swap`, or a placement (a spread of the legal cells).
const MOVES = [['place', 12_300], ['swap', 4_000], ['place', 9_100], ['place', 21_400], ['place', 6_200], ['place', 15_800]];

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 1_000);
    await page.goto(await pageUrl(`nabu.html?lang=en&seats=person,person&seed=${SEED}&clock=3%2B2`));
    await page.waitForSelector('body[data-ready="true"]');
    for (const [i, [kind, took]] of MOVES.entries()) {
      await page.clock.runFor(took);
      if (kind === 'swap') {
        await page.getByRole('button', { name: /Swap colours/ }).click();
      } else {
        const sq = await page.evaluate((k) => {
          const legal = [...document.querySelectorAll('#grid [data-legal]')];
          return Number(legal[(legal.length * 7 + 3 * k) % legal.length].dataset.sq);
        }, i);
        const cell = page.locator(`#grid [data-sq="${sq}"]`);
        // A tap previews and a second one places; so do two clicks.
        for (let n = 0; n < 2; n += 1) {
          if (touch) await cell.tap();
          else await cell.click();
        }
      }
      await page.waitForFunction((n) => document.body.dataset.ply === String(n), i + 1);
    }
    await page.clock.runFor(6_250);
    const file = join(OUT, `nabu-clock-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file, (await page.locator('.game-clock-time').allTextContents()).join(' '));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
