// Takes the screenshots of match play (V1) for docs/page.md: a match to 32
// points against the bot after its first game — the running score, the
// game's points and the next game's fingerprint before "Next game" — at
// 360×740 (phone, the panel scrolled into view) and 1280×800 (desktop).
// Run: node tests/screenshots/match-screenshots.mjs

import { closeAll, newContext, open, ROOT } from '../browser/harness.mjs';
import { cells } from '../browser/table-util.mjs';
import { join } from 'node:path';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

/** The person's moves (a legal square a turn, chosen by `stride`) until the game ends; the bot answers. */
async function playThrough(page, stride) {
  for (let n = 0; ; n++) {
    await page.waitForFunction(() => document.body.dataset.over === 'true' ||
      (document.body.dataset.thinking === 'false' && document.querySelector('#grid [data-legal]')));
    if (await page.evaluate(() => document.body.dataset.over === 'true')) return;
    const legal = (await cells(page)).filter((c) => c.legal != null);
    const before = await page.evaluate(() => Number(document.body.dataset.ply));
    await page.locator(`#grid [data-sq="${legal[(n * stride) % legal.length].sq}"]`).click();
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, before);
  }
}

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    const page = await open(context, '?lang=en&seats=person,bot&level=1&clock=0&think=1');
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByLabel('One game or a match').selectOption('points:32');
    await page.getByLabel('Your word (optional)').fill('ganhei!');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForSelector('#match:not([hidden])');
    await playThrough(page, 3);
    await page.waitForSelector('#match-next:not([hidden]), #match-end:not([hidden])');
    if (!touch) await page.mouse.move(w - 5, h - 5);
    if (touch) await page.locator('#match').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    const file = join(OUT, `match-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file, await page.locator('#match').getAttribute('data-total'));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
