// The Nabucodonosor page around the game: the rules dialog in the page's
// language, the sound and its remembered mute, a 360 px phone.
import assert from 'node:assert/strict';
import test from 'node:test';
import { openPage } from './harness.mjs';

const SEED = '5a'.repeat(32);

async function ready(page) {
  await page.locator('body[data-ready="true"]').waitFor();
}

test('the rules open in the chosen language, Escape and Close shut them, the focus returns', async () => {
  const { page, errors } = await openPage(`nabu.html?lang=pt&size=6&seed=${SEED}`);
  await ready(page);
  const dialog = page.getByRole('dialog');
  await page.locator('#rules').click();
  await dialog.waitFor();
  assert.equal(await page.locator('#rules-dialog').getAttribute('lang'), 'pt');
  assert.equal(await dialog.getAttribute('aria-labelledby'), 'rules-title');
  assert.equal(await page.locator('#rules-title').textContent(), 'Regras de Nabucodonosor');
  const pt = await page.locator('.rules-body').textContent();
  assert.match(pt, /Objetivo\. Eliminar do tabuleiro/);
  assert.match(pt, /Trocar \(torta\)/);
  assert.doesNotMatch(pt, /Goal|Scopo|\*\*/);
  assert.equal(await page.locator('.rules-body ol > li').count(), 3);
  assert.equal(await page.locator('.rules-body ol > li ul > li').count(), 4);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rules');

  await page.locator('#lang').selectOption('it');
  await page.locator('#rules').click();
  await dialog.waitFor();
  assert.match(await page.locator('.rules-body').textContent(), /Scopo\. Eliminare dal tavoliere/);
  await page.locator('.rules-close').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rules');
  assert.deepEqual(errors, []);
});

test('M mutes and unmutes, the button shows it, and the choice survives a reload', async () => {
  const { page, errors } = await openPage(`nabu.html?lang=en&size=6&seed=${SEED}`);
  await ready(page);
  const mute = page.locator('#mute');
  assert.equal(await mute.textContent(), 'Mute');
  assert.equal(await mute.getAttribute('aria-pressed'), 'false');
  await page.locator('body').press('m');
  assert.equal(await mute.textContent(), 'Unmute');
  assert.equal(await mute.getAttribute('aria-pressed'), 'true');
  assert.match(await page.locator('#status').textContent(), /Sound off/);
  await page.reload();
  await ready(page);
  assert.equal(await mute.textContent(), 'Unmute');
  await page.locator('body').press('M');
  assert.equal(await mute.textContent(), 'Mute');
  await page.reload();
  await ready(page);
  assert.equal(await mute.getAttribute('aria-pressed'), 'false');
  // The button does the same; M typed in a select does not toggle.
  await mute.click();
  assert.equal(await mute.getAttribute('aria-pressed'), 'true');
  await page.locator('#lang').press('m');
  assert.equal(await mute.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(errors, []);
});

test('moves make sounds after a gesture, and none when muted', async () => {
  const { page, context, errors } = await openPage(`nabu.html?lang=en&size=6&seed=${SEED}`);
  await ready(page);
  await context.addInitScript(() => {
    window.__tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator() {
      window.__tones += 1;
      return make.call(this);
    };
  });
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.__tones), 0, 'no sound before a gesture');
  const c3 = page.locator('#grid [data-sq="14"]'); // c3 on 6×6
  await c3.click();
  await c3.click();
  const placed = await page.evaluate(() => window.__tones);
  assert.ok(placed > 0, 'a placement sounds');
  await page.locator('#mute').click();
  await page.locator('#swap').click();
  const d4 = page.locator('#grid [data-sq="21"]'); // d4
  await d4.click();
  await d4.click();
  assert.match(await d4.getAttribute('aria-label'), /disc/);
  assert.equal(await page.evaluate(() => window.__tones), placed, 'muted: silent');
  assert.deepEqual(errors, []);
});

test('a 360 px phone: nothing overflows sideways, controls are 44 px tall, the rules fit', async () => {
  for (const size of [5, 8, 15]) {
    const { page, errors } = await openPage(`nabu.html?lang=pt&size=${size}&clock=30&seed=${SEED}`, {
      viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true,
    });
    await ready(page);
    await page.locator('#all-moves').tap();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, `${size}×${size}`);
    const board = await page.locator('#grid').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= 360, `board ${board.x}+${board.width}`);
    // The board, both disc boxes, the turn line and Place on the first screen.
    for (const id of ['grid', 'box-dark', 'box-light', 'turn-line', 'place']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 740, `${size}×${size}: #${id} ends at ${box.y + box.height}`);
    }
    const heights = await page.locator('button:visible, select:visible')
      .evaluateAll((els) => els.map((e) => [e.id || e.textContent, e.getBoundingClientRect().height]));
    for (const [name, h] of heights) assert.ok(h >= 44, `${name}: ${h}px`);
    if (size === 15) {
      await page.locator('#rules').tap();
      await page.getByRole('dialog').waitFor();
      const box = await page.locator('#rules-dialog').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 360 && box.height <= 740, JSON.stringify(box));
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
    }
    assert.deepEqual(errors, []);
  }
});
