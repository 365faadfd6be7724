// The table on a phone and on a desktop: the whole playing area (the board,
// both disc boxes, the turn line and Place) is on screen at once, without
// scrolling, in every language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, open } from './harness.mjs';
import { SEED } from './table-util.mjs';

const PLAYING_AREA = { board: '#canvas', 'dark box': '#box-dark', 'light box': '#box-light', 'turn line': '#turn-line', Place: '#place' };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Asserts that every part of the playing area lies inside the viewport and the page is not scrolled. */
async function assertOnScreen(page, { width, height }, when) {
  assert.equal(await page.evaluate(() => window.scrollY), 0, `${when}: not scrolled`);
  for (const [name, selector] of Object.entries(PLAYING_AREA)) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box, `${when}: ${name} is shown`);
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    assert.ok(inside, `${when}: ${name} inside ${width}×${height}: ${JSON.stringify(box)}`);
  }
}

for (const [size, options] of [['360×740 phone', PHONE], ['1280×800 desktop', DESKTOP]]) {
  test(`a ${size} holds the board, both disc boxes, the turn line and Place without scrolling`, async () => {
    const context = await newContext(options);
    for (const lang of ['pt', 'en', 'it']) {
      // Person vs bot with a clock: the longest turn line and a clock beside it.
      const page = await open(context, `?lang=${lang}&seats=person,bot&level=1&clock=30&seed=${SEED}`);
      await page.waitForFunction(() => document.body.dataset.thinking === 'false' && document.querySelector('[data-hint]'));
      await assertOnScreen(page, options.viewport, `${lang}, at the start`);
      // A previewed move writes the longest status line of a turn.
      const hint = page.locator('#grid [data-hint]').first();
      if (options.hasTouch) await hint.tap();
      else await hint.hover();
      await page.waitForSelector('#grid [data-preview="true"]');
      await assertOnScreen(page, options.viewport, `${lang}, a move previewed`);
      // Place (touch), or a click on the square (the mouse leaving it for Place would clear the preview).
      if (options.hasTouch) await page.locator('#place').tap();
      else await hint.click();
      await page.waitForFunction(() => Number(document.body.dataset.ply) >= 2 && document.body.dataset.thinking === 'false');
      await assertOnScreen(page, options.viewport, `${lang}, after the bot's answer`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    await context.close();
  });
}
