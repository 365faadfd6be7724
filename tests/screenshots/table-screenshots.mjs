// Takes the README's screenshots of the table: a game in progress with a
// previewed move (ghost disc and rings), at 360×740 (phone, touch) and
// 1280×800 (desktop, mouse); then the New game dialog over it, with a word
// typed, at both sizes.  Run: node tests/screenshots/table-screenshots.mjs

import { closeAll, newContext, open, ROOT } from '../browser/harness.mjs';
import { cells } from '../browser/table-util.mjs';
import { join } from 'node:path';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const SEED = '0'.repeat(62) + '2a';
const OPENING = 'f5d6c3d3c4f4c5b3c2e6';

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    const page = await open(context, `?lang=en&seats=person,bot&clock=30&level=3&seed=${SEED}`);
    await page.evaluate(({ seed, moves }) => {
      localStorage.setItem('virada.game.v1', JSON.stringify({ seats: 'person,bot', level: 3, clock: 30, seed, seedChosen: true, moves, byTable: [] }));
    }, { seed: SEED, moves: OPENING });
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.body.dataset.thinking === 'false' && document.querySelector('[data-hint]'));
    const legal = (await cells(page)).filter((c) => c.hint).sort((a, b) => b.legal - a.legal);
    const target = page.locator(`#grid [data-sq="${legal[0].sq}"]`);
    if (touch) await target.tap();
    else await target.hover();
    await page.waitForTimeout(400);
    const file = join(OUT, `table-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    // The dialog as in an ordinary game: a seed drawn in secret, not one from the address.
    await page.evaluate(() => history.replaceState(null, '', `${location.pathname}?lang=en`));
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByLabel('Your word (optional)').fill('ganhei!');
    const dialogFile = join(OUT, `dialog-${w}x${h}.png`);
    await page.screenshot({ path: dialogFile });
    console.log(dialogFile);
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
