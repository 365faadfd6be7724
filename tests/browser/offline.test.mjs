// The site without the network (docs/offline.md): after one visit the
// service worker holds every file, so with the server gone a reload still
// shows the table, the bot plays a game to the end, its record verifies in
// verify.html, and nabu.html loads and plays too. Online, every load asks
// the server first, so nothing cached hides a change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, open, serverWith } from './harness.mjs';

/** Waits until a service worker controls `page` (one visit: install, activate, claim). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Reloads `page` and waits until the page says it is ready. */
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

/** The record checked in verify.html: [check, status] pairs and the verdict. */
async function verifyIn(page, record) {
  await page.fill('#record-input', record);
  await page.click('#verify-button');
  await page.waitForSelector('#verdict:not([hidden])');
  const checks = await page.locator('#checks li').evaluateAll((els) => els.map((e) => [e.dataset.check, e.dataset.status]));
  return { checks, ok: await page.getAttribute('#verdict', 'data-ok') };
}

test('with the server gone, a reload shows the table, the bot plays to the end and the record verifies offline', async () => {
  const server = await serverWith([]);
  const context = await newContext();
  const page = await open(context, `${server.url}/index.html?lang=en&seats=bot,bot&level=1&clock=0`);
  await controlled(page);
  // Every file of the site is in the cache before the network goes.
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 50;
  });

  await server.kill();
  await context.setOffline(true);
  const answered = new Set();
  page.on('response', (r) => {
    if (r.fromServiceWorker()) answered.add(new URL(r.url()).pathname);
  });
  await reload(page);
  assert.ok(['/index.html', '/www/main.js', '/www/pkg/virada_bg.wasm'].every((p) => answered.has(p)), [...answered].join(' '));
  assert.equal(await page.getByRole('grid').getByRole('gridcell').count(), 64);
  // Bot against bot at level 1, from the worker, the weights from the cache.
  await page.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 180_000 });
  assert.ok(answered.has('/www/bot-worker.js') && answered.has('/www/pkg/eval-weights.vrdw'), [...answered].join(' '));
  assert.match(await page.locator('#result-line').textContent(), /wins|draw/i);
  await page.click('#copy-record');
  const record = await page.textContent('#record');
  assert.match(record, /^virada-record 1\n/);

  // "Verify a game", offline too.
  const verify = await open(context, `${server.url}/verify.html?lang=en`);
  const { checks, ok } = await verifyIn(verify, record);
  assert.equal(ok, 'true', JSON.stringify(checks));
  assert.ok(checks.every(([check, status]) => status === (check === 'signature' ? 'notice' : 'passed')), JSON.stringify(checks));

  // Nabucodonosor loads offline, its bot plays, its rules open.
  const nabu = await open(context, `${server.url}/nabu.html?lang=pt&seats=bot,bot&level=1&clock=0&size=5`);
  await nabu.waitForFunction(() => Number(document.body.dataset.ply) >= 2);
  await nabu.click('#rules');
  await nabu.waitForSelector('#rules-dialog .rules-body ol > li');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('online, each load of a page asks the server through the worker; the online API never goes through it', async () => {
  const server = await serverWith([]);
  const context = await newContext();
  const page = await open(context, `${server.url}/verify.html?lang=en`);
  await controlled(page);
  const fromNetwork = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/verify.html') fromNetwork.push(r.fromServiceWorker());
  });
  await reload(page);
  // Through the worker, which asked the network (the server logged it).
  assert.deepEqual(fromNetwork, [true]);
  const logged = server.log.filter((line) => / GET \/verify\.html$/.test(line)).length;
  await reload(page);
  assert.equal(server.log.filter((line) => / GET \/verify\.html$/.test(line)).length, logged + 1, 'each load asks the server');
  // The online API is never the worker's.
  const api = await page.evaluate(async () => (await fetch('api/key')).status);
  assert.ok(api === 200 || api === 404);
  assert.equal(await page.evaluate(async () => (await caches.match('/api/key')) === undefined), true);
  await context.close();
});
