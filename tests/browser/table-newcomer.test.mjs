// The table on one device as a newcomer meets it, on a phone (360×740, by
// taps): the clock is said at the start, before it first plays; a time-out's
// notice stays on show through the bot's reply until the person acts; a
// change of language writes the message box again; no element of the page
// ever shows an i18n key; the New game dialog's choices read whole at 360 px
// and its handicap note names no field the online mode hides.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open } from './harness.mjs';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

const status = (page) => page.locator('#status').textContent();
const ply = async (page) => Number(await page.locator('body').getAttribute('data-ply'));

/** The elements whose text (or aria-label) is still their i18n key. */
function keyNames(page) {
  return page.evaluate(() => [
    ...[...document.querySelectorAll('[data-i18n]')].filter((el) => el.textContent === el.dataset.i18n).map((el) => el.dataset.i18n),
    ...[...document.querySelectorAll('[data-i18n-label]')].filter((el) => el.getAttribute('aria-label') === el.dataset.i18nLabel).map((el) => el.dataset.i18nLabel),
  ]);
}

test('the clock is said at the start; a time-out stays on show through the bot’s reply until the person acts', async () => {
  const context = await newContext(PHONE);
  const page = await open(context, '?lang=en&clock=3');
  const start = await status(page);

  // The person does nothing: the table plays for them, and the bot replies.
  await page.waitForFunction(() => /Time ran out for/.test(document.getElementById('status').textContent), null, { timeout: 15_000 });
  const timedOut = await ply(page);
  await page.waitForFunction((n) => Number(document.body.dataset.ply) > n && document.body.dataset.thinking === 'false', timedOut, { polling: 20 });
  const said = await status(page);
  assert.match(said, /^Time ran out for (dark|light): the table placed [a-h][1-8] \(flips \d+ discs?\)\./, 'the time-out is still on show');
  assert.match(said, /(Dark|Light) played [a-h][1-8]/, 'below it, the bot’s reply');

  // The person acts: a tap previews a square, and the notice gives way.
  const legal = await page.$eval('#grid [data-hint]', (el) => el.dataset.sq);
  await page.locator(`#grid [data-sq="${legal}"]`).tap();
  assert.match(await status(page), /^Preview [a-h][1-8]: flips \d+ discs?\. Tap again or press Place\.$/);
  // And the start had said the clock, before it first ran out.
  assert.match(start, /^New game\. (Dark|Light) plays first \((you|bot, level 3)\)\. Each turn has 3 s; when it runs out, the table moves for you\.$/);
  await context.close();
});

test('a change of language writes the message box again, as it does the page', async () => {
  const context = await newContext(PHONE);
  const page = await open(context, '?lang=en&seats=person,person&clock=0');
  const d3 = page.locator('#grid [data-sq="19"]');
  await d3.tap();
  await d3.tap();
  assert.equal(await status(page), 'Dark played d3 and flipped 1 disc.');
  await page.locator('#lang').selectOption('it');
  assert.equal(await status(page), 'Scuro ha giocato d3 e girato 1 disco.');
  await page.locator('#lang').selectOption('pt');
  assert.equal(await status(page), 'Escuro jogou d3 e virou 1 disco.');
  const c3 = page.locator('#grid [data-sq="18"]');
  await c3.tap();
  assert.equal(await status(page), 'Prévia em c3: vira 1 disco. Toque de novo ou em Colocar.');
  await page.locator('#lang').selectOption('en');
  assert.equal(await status(page), 'Preview c3: flips 1 disc. Tap again or press Place.');
  await context.close();
});

test('no element of the table pages shows an i18n key, in any language, before or after their words load', async () => {
  const context = await newContext(PHONE);
  for (const address of ['?lang=it', '?lang=pt', 'nabu.html?lang=en']) {
    const page = await open(context, address);
    assert.deepEqual(await keyNames(page), [], address);
    // The New game dialog brings the online table's, match play's and the handicap's words.
    await page.locator('#new-game').click();
    await page.waitForSelector('#new-dialog[open]');
    assert.deepEqual(await keyNames(page), [], `${address}, the dialog open`);
    await page.close();
  }
  await context.close();
});

test('the New game dialog at 360 px: "Who sits opposite" reads whole, and online the handicap note names no hidden field', async () => {
  const context = await newContext(PHONE);
  const page = await open(context, '?lang=en');
  await page.locator('#new-game').click();
  await page.getByRole('radio', { name: 'Play online' }).check();
  await page.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('nd-start'))).disabled);
  // Each option of the select fits its box (the text's width, in the select's own font).
  const cut = await page.$$eval('#new-dialog select', (selects) => selects.filter((s) => s.checkVisibility()).flatMap((select) => {
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
    return [...select.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => `${select.id}: ${o.text}`);
  }));
  assert.deepEqual(cut, []);
  const help = await page.locator('#hc-help').innerText();
  assert.doesNotMatch(help, /Seats/);
  assert.match(help, /seat 1 is you, who open the table/);
  await page.getByRole('radio', { name: 'On this device' }).check();
  assert.match(await page.locator('#hc-help').innerText(), /seat 1 is the first one named in Seats/);
  await context.close();
});
