// Takes the review's screenshots for the docs: a finished game (the page's
// record in tests/data/records) reviewed at move 40, 20 empties, every move's
// exact value pencilled on its square and the graph filled, at 360×740
// (phone) and 1280×800 (desktop).  Run: node tests/screenshots/review-screenshots.mjs

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeAll, openPage, ROOT } from '../browser/harness.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const RECORD = readFileSync(join(ROOT, 'tests/data/records/good-from-page.txt'), 'utf8');
const STEP = 40;

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const { page, errors } = await openPage('?lang=en&seats=person,person&clock=0', {
      viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch,
    });
    await page.waitForSelector('body[data-ready="true"]');
    await page.locator('#review-paste summary').click();
    await page.locator('#review-input').fill(RECORD);
    await page.locator('#review-paste-go').click();
    await page.waitForSelector('body[data-review="true"]');
    // The whole game swept for the graph first, then the position shown.
    await page.waitForFunction(() => document.querySelectorAll('#review-graph .g-dot.g-unknown').length === 0, null, { timeout: 120_000 });
    await page.locator(`#review-moves button[data-step="${STEP}"]`).evaluate((b) => b.click());
    await page.waitForFunction(() => {
      const legal = [...document.querySelectorAll('#grid [data-legal]')];
      return legal.length > 0 && legal.every((c) => c.dataset.exact === 'true');
    }, null, { timeout: 60_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const file = join(OUT, `review-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);
  }
} finally {
  await closeAll();
}
