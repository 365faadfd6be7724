// The lobby's pools, two people in two browser contexts with virtual
// passkeys (ana on a desktop, bruno on a 390 px phone): ana taps 180+2, her
// clock is pressed and bruno's grid counts 1 seeking there; tapping again
// cancels (0 again); she taps once more, bruno taps the same clock, and
// both reach the same table at 180+2. Signed out, a tap leads to the
// account bar's sign-in. At 360 px the grid fits without overflow.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, originOf, signedUp } from './accounts-util.mjs';

const pool = (page, clock) => page.locator(`#pool-grid .pool[data-clock="${clock}"]`);

/** Waits until `page`'s pool of `clock` says `n` seeking. */
async function seeing(page, clock, n) {
  await pool(page, clock).locator('.pool-count', { hasText: new RegExp(`^${n} seeking$`) }).waitFor();
}

test('two people tap the same pool and reach one table at its clock; tapping again cancels', async () => {
  const server = await serverWith([]);
  const ana = await signedUp(server, 'ana', DESKTOP);
  const bruno = await signedUp(server, 'bruno', PHONE390);
  for (const page of [ana.page, bruno.page]) {
    assert.deepEqual(
      await page.locator('#pool-grid .pool-clock').allTextContents(),
      ['1+0', '3+2', '5+0', '10+0', '30s', '2d'],
    );
  }
  await pool(ana.page, '180+2').click();
  await ana.page.locator('#pool-grid .pool[aria-pressed="true"][data-clock="180+2"]').waitFor();
  assert.equal(await ana.page.locator('#pool-grid .pool[aria-pressed="true"]').count(), 1);
  await seeing(bruno.page, '180+2', 1);
  await seeing(bruno.page, '300+0', 0);
  // The seeks' list shows ana's seek with its clock in the same notation.
  await bruno.page.locator('#seek-list .seek-entry', { hasText: /ana .*3\+2 · rated/ }).waitFor();

  // Tapping again cancels: unpressed, and nobody seeks there any more.
  await pool(ana.page, '180+2').click();
  await ana.page.locator('#pool-grid .pool[aria-pressed="true"]').waitFor({ state: 'detached' });
  await seeing(bruno.page, '180+2', 0);
  await seeing(ana.page, '180+2', 0);

  await pool(ana.page, '180+2').click();
  await seeing(bruno.page, '180+2', 1);
  await Promise.all([
    bruno.page.waitForURL(/index\.html\?table=/),
    ana.page.waitForURL(/index\.html\?table=/),
    pool(bruno.page, '180+2').click(),
  ]);
  const tables = [ana.page, bruno.page].map((p) => new URL(p.url()).searchParams.get('table'));
  assert.equal(tables[0], tables[1], 'one table for both');
  for (const page of [ana.page, bruno.page]) await page.waitForSelector('body[data-online="playing"]');
  // Both seats say rated; the lobby lists the table at 180+2, rated, ana and bruno seated.
  for (const page of [ana.page, bruno.page]) await page.locator('body', { hasText: '· rated' }).waitFor();
  const listed = await ana.page.evaluate((id) => new Promise((resolve) => {
    const source = new EventSource('api/lobby');
    source.addEventListener('lobby', (event) => {
      const list = JSON.parse(/** @type {MessageEvent} */ (event).data);
      const table = [...list.waiting, ...list.playing].find((x) => x.id === id);
      if (!table) return;
      source.close();
      resolve({ clock: table.clock, rated: table.rated, names: table.names });
    });
  }), tables[0]);
  assert.deepEqual(listed, { clock: '180+2', rated: true, names: ['ana', 'bruno'] });
  assert.deepEqual([...ana.page.errors, ...bruno.page.errors], []);
  await ana.context.close();
  await bruno.context.close();
});

test('signed out, a tap on a pool leads to the sign-in; at 360 px the grid fits', async () => {
  const server = await serverWith([]);
  const context = await newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await open(context, `${originOf(server)}/lobby.html?lang=en`);
  await page.locator('#account-name').waitFor();
  await pool(page, '30').click();
  await page.locator('#pool-message', { hasText: 'Sign in to play' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'account-name');
  assert.equal(await pool(page, '30').getAttribute('aria-pressed'), 'false');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    grid: document.getElementById('pool-grid')?.getBoundingClientRect().right ?? 0,
    rows: new Set([...document.querySelectorAll('#pool-grid .pool')].map((b) => Math.round(b.getBoundingClientRect().top))).size,
  }));
  assert.ok(widths.page <= 360, `no overflow: ${widths.page}`);
  assert.ok(widths.grid <= 360, `the grid inside: ${widths.grid}`);
  assert.equal(widths.rows, 2, 'three clocks a row');
  // The counts in pt and it too.
  await page.locator('#lang').selectOption('pt');
  await pool(page, '30').locator('.pool-count', { hasText: '0 procurando' }).waitFor();
  await page.locator('#lang').selectOption('it');
  await pool(page, '30').locator('.pool-count', { hasText: '0 in cerca' }).waitFor();
  assert.deepEqual(page.errors, []);
  await context.close();
});
