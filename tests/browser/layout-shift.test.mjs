// Nothing moves while a page loads: the disc boxes, the turn line, Hint and
// Undo keep their room until the engine has drawn them, Verify's intro is
// in the HTML, and the lobby shows once its account bar and seeks are
// drawn. The browser's own layout-shift entries, summed from the first
// paint until the page is ready and has drawn (CLS, as Lighthouse counts it),
// stay at most 0.05 on each page, on a phone and on a desktop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, pageUrl } from './harness.mjs';

const SIZES = [
  { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 } },
];

/** Records every layout shift of the page from its start. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) window.__shifts.push({ value: e.value, sources: e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName || '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Opens `query` at each size (`prepare` may route the context first), waits
 * for `ready`, and checks the layout shift summed until two frames later.
 */
async function checkShifts(name, query, ready, prepare = async () => {}) {
  for (const size of SIZES) {
    const context = await newContext({ ...size, reducedMotion: 'no-preference' });
    await context.addInitScript(recordShifts);
    await prepare(context);
    const p = await context.newPage();
    await p.goto(await pageUrl(query));
    await ready(p);
    // Two frames after ready: whatever the first board brought is laid out.
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await p.evaluate(() => window.__shifts);
    const cls = shifts.reduce((n, s) => n + s.value, 0);
    assert.ok(cls <= 0.05, `${name} at ${size.viewport.width}×${size.viewport.height}: CLS ${cls.toFixed(3)} ${JSON.stringify(shifts)}`);
    assert.deepEqual(p.errors, []);
    await context.close();
  }
}

for (const page of ['index.html', 'nabu.html', 'verify.html']) {
  test(`${page}: no layout shift while it loads`, () => checkShifts(page, `${page}?lang=en&seats=person,person`, async (p) => {
    if (page !== 'verify.html') await p.waitForSelector('body[data-ready="true"]');
  }));
}

test('lobby.html: no layout shift while the account bar and the seeks come in', () => checkShifts('lobby.html', 'lobby.html?lang=en', async (p) => {
  await p.waitForSelector('body[data-ready="true"] main:not([data-settling])');
  await p.waitForSelector('#seeks h2');
  await p.waitForSelector('#account-bar :is(input, a)');
  // The day's puzzle card, near the top: its line filled in its kept room.
  await p.waitForSelector('#daily-line:not([data-i18n])');
}, async (context) => {
  // A server a little far away: the page paints before it answers.
  await context.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
}));
