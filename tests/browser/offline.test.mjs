// The site without the network (docs/offline.md): after one visit the
// service worker holds every file, so with the server gone a reload still
// shows the table, cross-origin isolated as online (its bot's worker too), the bots play a game's last plies to its end, its record verifies in
// verify.html, and nabu.html loads and plays too. Online, every load asks
// the server first, so nothing cached hides a change. A new version of the
// site served while a game is in progress takes over at the next load and
// the game goes on. A worker that cannot be registered is a warning, no more.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, newContext, open, serverWith } from './harness.mjs';
import { siteFiles } from '../../scripts/site-files.mjs';
import { cells, ply } from './table-util.mjs';
import { fastForward } from './stored-game.mjs';

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

  // Cross-origin isolated online (the server's headers) …
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  // The bots' game played on by the engine to six plies before its end
  // (stored-game.mjs): the bots play those offline, not a whole game.
  await fastForward(page, page.url(), 6);

  await server.kill();
  await context.setOffline(true);
  const answered = new Set();
  page.on('response', (r) => {
    if (r.fromServiceWorker()) answered.add(new URL(r.url()).pathname);
  });
  await reload(page);
  assert.ok(['/index.html', '/www/games/othello/main.js', '/www/pkg/virada_bg.wasm'].every((p) => answered.has(p)), [...answered].join(' '));
  assert.equal(await page.getByRole('grid').getByRole('gridcell').count(), 64);
  // … and offline (the service worker's), the page and its workers alike.
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(
    await page.evaluate(async () => {
      const worker = new Worker(new URL('www/bot/worker.js', location.href), { type: 'module' });
      const isolated = await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data.isolated);
        worker.postMessage({ type: 'isolated' });
      });
      worker.terminate();
      return isolated;
    }),
    true,
  );
  // Bot against bot at level 1, from the worker, the weights from the cache.
  await page.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 180_000 });
  assert.ok(answered.has('/www/bot/worker.js') && answered.has('/www/pkg-bot/eval-weights.vrdw') && answered.has('/www/pkg-bot/opening-book.vrdb'), [...answered].join(' '));
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
  const asked = () => server.log.filter((line) => / GET \/verify\.html(?: |$)/.test(line)).length;
  // A log line is written once the answer is sent, and read a moment later.
  const logs = async (n) => {
    for (let waited = 0; asked() < n && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    return asked();
  };
  const before = asked();
  await reload(page);
  // Through the worker, which asked the network (the server logged it).
  assert.deepEqual(fromNetwork, [true]);
  const logged = await logs(before + 1);
  await reload(page);
  assert.equal(await logs(logged + 1), logged + 1, 'each load asks the server');
  // The online API is never the worker's.
  const api = await page.evaluate(async () => (await fetch('api/key')).status);
  assert.ok(api === 200 || api === 404);
  assert.equal(await page.evaluate(async () => (await caches.match('/api/key')) === undefined), true);
  await context.close();
});

/**
 * A copy of the site in a temporary folder, its version written: {root,
 * version}. `hoursAgo`: the files' time (HTTP's Last-Modified counts whole
 * seconds, and an older version is older).
 */
function siteCopy({ change = (root) => root, hoursAgo = 0 } = {}) {
  const root = `${mkdtempSync(join(tmpdir(), 'virada-site-'))}/`;
  const when = Date.now() / 1000 - hoursAgo * 3600;
  for (const file of ['sw.js', ...siteFiles(ROOT)]) {
    cpSync(join(ROOT, file), join(root, file));
    utimesSync(join(root, file), when, when);
  }
  change(root);
  execFileSync(process.execPath, [join(ROOT, 'scripts/site-version.mjs'), root]);
  const version = /SITE_VERSION = '([0-9a-f]{16})'/.exec(readFileSync(join(root, 'www/pkg/site-version.js'), 'utf8'))[1];
  return { root, version };
}


test('a new version of the site, served while a game is in progress, takes over at the next load; the game goes on', async () => {
  const old = siteCopy({ hoursAgo: 1 });
  const next = siteCopy({
    change(root) {
      const file = join(root, 'www/table/words.js');
      writeFileSync(file, readFileSync(file, 'utf8').replace("tagline: 'Othello at one table'", "tagline: 'Othello at one table, the next version'"));
    },
  });
  assert.notEqual(old.version, next.version);
  const server = await serverWith([], { root: old.root });
  const context = await newContext();
  const page = await open(context, `${server.url}/index.html?lang=en&seats=person,person&clock=0`);
  await controlled(page);
  await page.waitForFunction(async (name) => (await caches.keys()).join() === name, `virada-${old.version}`);
  for (let i = 0; i < 4; i++) {
    const target = (await cells(page)).find((c) => c.legal != null);
    await page.locator(`#grid [data-sq="${target.sq}"]`).click();
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, i);
  }
  const discs = (await cells(page)).map((c) => c.disc);
  const moves = await page.evaluate(() => JSON.parse(localStorage.getItem('virada.game.v1')).moves);
  assert.equal(moves.length, 8);
  assert.equal(await page.locator('.tagline').textContent(), 'Othello at one table');

  // The next version at the same address; the page loads again.
  await server.restart({ root: next.root });
  await reload(page);
  assert.equal(await page.locator('.tagline').textContent(), 'Othello at one table, the next version');
  // Its worker installs, takes over and removes the old version's cache.
  await page.waitForFunction(async (name) => (await caches.keys()).join() === name, `virada-${next.version}`);
  assert.equal(await ply(page), 4);
  assert.deepEqual((await cells(page)).map((c) => c.disc), discs);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('virada.game.v1')).moves), moves);

  // And the new version is what loads offline, the game still there.
  await server.kill();
  await context.setOffline(true);
  await reload(page);
  assert.equal(await page.locator('.tagline').textContent(), 'Othello at one table, the next version');
  assert.equal(await ply(page), 4);
  // Two people on the device play on, offline.
  const target = (await cells(page)).find((c) => c.legal != null);
  await page.locator(`#grid [data-sq="${target.sq}"]`).click();
  await page.waitForFunction(() => Number(document.body.dataset.ply) === 5);
  assert.deepEqual(page.errors, []);
  await context.close();
  for (const copy of [old, next]) rmSync(copy.root, { recursive: true, force: true });
});

test('a service worker that cannot be registered is logged as a warning and the page plays on', async () => {
  const site = siteCopy();
  // The server reads the site's list from sw.js as it starts; the worker's
  // script is gone after that, so the pages are served and sw.js is a 404.
  const server = await serverWith([], { root: site.root });
  rmSync(join(site.root, 'sw.js'));
  const context = await newContext();
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${server.url}/index.html?lang=en&seats=person,person&clock=0`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => document.readyState === 'complete');
  await expectSoon(() => warnings.some((w) => /^Virada: the site will not work offline/.test(w)), () => warnings.join('\n'));
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
  const target = (await cells(page)).find((c) => c.legal != null);
  await page.locator(`#grid [data-sq="${target.sq}"]`).click();
  await page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
  // Chromium's own line about the missing script is the one error: not the page's.
  const browsers = page.errors.filter((e) => /A bad HTTP response code \(404\) was received when fetching the script/.test(e));
  assert.equal(browsers.length, 1);
  page.errors.splice(0, page.errors.length, ...page.errors.filter((e) => !browsers.includes(e)));
  assert.deepEqual(page.errors, []);
  await context.close();
  rmSync(site.root, { recursive: true, force: true });
});

/** Polls `check` until it holds (up to 10 s), else fails with `why()`. */
async function expectSoon(check, why) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(check(), why());
}
