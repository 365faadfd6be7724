// Takes the README's screenshots of the Nabucodonosor table: a 6×6 game in
// progress with a capture previewed (the rectangle outlined, rings on the
// discs that flip), at 360×740 (phone, touch) and 1280×800 (desktop, mouse).
// Run: node tests/screenshots/nabu-screenshots.mjs (after make wasm and a build
// of the virada binary).

import { closeAll, newContext, open, ROOT } from '../browser/harness.mjs';
import { join } from 'node:path';

const SEED = '5a'.repeat(32);
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

/** Plays placements until the side to move has a capture, then previews it. */
async function reachCapture(page) {
  for (let k = 0; k < 40; k += 1) {
    const target = await page.evaluate(() => {
      const els = [...document.querySelectorAll('#grid [role=gridcell]')];
      const cap = els.find((e) => e.dataset.capture !== undefined);
      if (cap) return { capture: Number(cap.dataset.sq) };
      const legal = els.filter((e) => e.dataset.legal !== undefined);
      // A spread of placements: the legal cell at a pseudo-random position.
      return legal.length ? { place: Number(legal[(legal.length * 7 + 3) % legal.length].dataset.sq) } : null;
    });
    if (!target) throw new Error('no move');
    if (target.capture !== undefined) return target.capture;
    const cell = page.locator(`#grid [data-sq="${target.place}"]`);
    await cell.click();
    await cell.click();
  }
  throw new Error('no capture reached');
}

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const context = await newContext({ viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch });
    const page = await open(context, `nabu.html?lang=en&size=6&clock=30&seed=${SEED}`);
    const at = await reachCapture(page);
    const cell = page.locator(`#grid [data-sq="${at}"]`);
    if (touch) await cell.tap();
    else await cell.click();
    await page.waitForSelector('#grid [data-would-flip]');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const file = join(OUT, `nabu-${w}x${h}.png`);
    await page.screenshot({ path: file });
    console.log(file, await page.locator('#status').textContent());
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
