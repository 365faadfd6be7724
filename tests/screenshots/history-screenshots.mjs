// Takes the history's screenshots for the docs: five finished games (two
// Othello records from tests/data/records, three Nabucodonosor games the
// engine's table plays out on its clock), the list, then the Othello game
// from the page replayed at move 31 (its flipped discs ringed), at 360×740
// (phone) and 1280×800 (desktop).  Run: node tests/screenshots/history-screenshots.mjs

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeAll, openPage, ROOT } from '../browser/harness.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const record = (name) => readFileSync(join(ROOT, 'tests/data/records', name), 'utf8');
const STEP = 31;
const HOUR = 3600_000;
const AT = Date.UTC(2026, 10, 30, 21, 40);

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const { page, errors } = await openPage('history.html?lang=en', {
      viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch,
    });
    await page.waitForSelector('body[data-ready="true"]');
    const nabu = await page.evaluate(async () => {
      const { default: init, GameTable } = await import('/www/pkg/virada.js');
      await init();
      return [[7, 'person,bot:3', '0a'], [5, 'person,person', '3c'], [9, 'bot:2,person', '5e']].map(([size, seats, seed]) => {
        const t = new GameTable('nabucodonosor', size, seats, 3, '30', seed.repeat(32), '');
        while (!JSON.parse(t.snapshot()).over) t.time_out();
        return t.record(true);
      });
    });
    const entries = [
      { at: AT, record: record('good-from-page.txt') },
      { at: AT - 2 * HOUR, record: nabu[0] },
      { at: AT - 26 * HOUR, record: record('good-with-word.txt') },
      { at: AT - 50 * HOUR, record: nabu[1] },
      { at: null, record: nabu[2] },
    ];
    await page.evaluate((list) => localStorage.setItem('virada.history', JSON.stringify(list)), entries);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForTimeout(200);
    const list = join(OUT, `history-${w}x${h}.png`);
    await page.screenshot({ path: list });
    console.log(list);

    await page.locator('#history-list > li button').first().click();
    await page.waitForSelector('body[data-replay="open"]');
    await page.locator(`#replay-moves button[data-step="${STEP}"]`).evaluate((b) => /** @type {HTMLElement} */ (b).click());
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const replay = join(OUT, `history-replay-${w}x${h}.png`);
    await page.screenshot({ path: replay });
    console.log(replay);
    if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);
  }
} finally {
  await closeAll();
}
