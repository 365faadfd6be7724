// The online table's seats say each account's rating and that the game is
// rated ("1500? · rated"), on a 390 px phone and a desktop, inside each
// seat's box and announced with it; the boxes keep their height.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { ratedPair } from './accounts-util.mjs';

test('a rated game\'s seats show each rating and "rated" on a phone and a desktop', async () => {
  const server = await serverWith([]);
  const { ana, bruno } = await ratedPair(server);
  for (const page of [ana.page, bruno.page]) {
    for (const color of ['dark', 'light']) {
      const box = page.locator(`#box-${color}`);
      const rating = box.locator('.box-rating');
      await page.waitForFunction((id) => document.querySelector(`#${id} .box-rating`)?.textContent === '1500? · rated', `box-${color}`);
      assert.ok(await rating.isVisible(), `${color} rating visible`);
      const [b, r] = await Promise.all([box.boundingBox(), rating.boundingBox()]);
      assert.ok(r.x >= b.x && r.x + r.width <= b.x + b.width + 0.5 && r.y + r.height <= b.y + b.height + 0.5, JSON.stringify({ b, r }));
      assert.match(await box.getAttribute('aria-label'), /\(1500\? · rated\):/);
    }
    // Who sits there: the opponent's box names them beside their rating.
    const text = (await page.locator('.box-row').innerText()).replace(/\s+/g, ' ');
    assert.match(text, page === ana.page ? /bruno/ : /ana/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= page.viewportSize().width, `no sideways scroll: ${width}`);
    assert.deepEqual(page.errors, []);
  }
});
