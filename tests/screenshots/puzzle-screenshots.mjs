// Takes the puzzle page's screenshots (docs/puzzles.md): at 360×740 (phone,
// touch) a puzzle with its best move previewed (the flip rings), and at
// 1280×800 (desktop, mouse) a miss with its cost and its refutation stepped
// back to the wrong move; then each size again for the other view.
// Run: node tests/screenshots/puzzle-screenshots.mjs (after make wasm and a
// build of the virada binary).

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT } from '../browser/harness.mjs';
import { PUZZLES, aMiss, cell, solution } from '../browser/puzzle-util.mjs';

const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** A puzzle of 14 empty squares: a board with room to think. */
const shown = PUZZLES.find((p) => p.empties === 14);

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    // The puzzle, its first move previewed.
    const page = await open(context, `puzzle.html?id=${shown.id}&lang=en`);
    const [best] = solution(shown.id);
    if (touch) await cell(page, best).tap();
    else await cell(page, best).hover();
    await page.waitForSelector('#grid [data-would-flip]');
    await frames(page);
    const file = join(OUT, `puzzle-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    // A miss: its cost, and the refutation stepped back to the wrong move.
    const miss = aMiss(shown.id);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    if (touch) {
      await cell(page, miss.move).tap();
      await cell(page, miss.move).tap();
    } else await cell(page, miss.move).click();
    await page.waitForSelector('body[data-state="missed"][data-rated]');
    await page.locator('#step-first').click();
    await page.locator('#step-forward').click();
    await page.waitForSelector(`body[data-step="1/${miss.plies.length}"]`);
    await frames(page);
    const missed = join(OUT, `puzzle-missed-${w}x${h}.png`);
    await page.screenshot({ path: missed, fullPage: touch });
    console.log(missed);
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
