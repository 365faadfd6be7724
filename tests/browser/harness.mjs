// The browser-test harness, the one every file here uses: one `virada serve`
// on a free port and one headless Chromium per test file, started on first
// use and torn down after the file's last test. Every page it opens is
// watched: console errors, uncaught page errors, failed requests and HTTP
// answers of 400 or more go to `page.errors`, and a test during which any
// page collected one fails (in an afterEach hook), whether or not the test
// looks at them. Use it from any `*.test.mjs` here:
//
//   import test from 'node:test';
//   import assert from 'node:assert/strict';
//   import { openPage, squareLocator, squareName } from './harness.mjs';
//
//   test('d3 is legal at the start', async () => {
//     const { page, errors } = await openPage('?lang=en');
//     await squareLocator(page, 'd3').waitFor();
//     assert.match(await squareName(page, 'd3'), /legal/);
//     assert.deepEqual(errors, []);
//   });
//
// or, for several pages in one browser context (shared storage):
//
//   const context = await newContext({ viewport: { width: 360, height: 740 } });
//   const page = await open(context, '?lang=en&seats=person,person');
//
// Scripts that are not tests (the screenshots, the long-task bench) use the
// same functions and call closeAll() at the end.
//
// The page contract the helpers rely on: the board is the page's one
// role=grid; each of its 64 squares is a role=gridcell (itself focusable, or
// holding the focusable element) whose accessible name begins with its
// coordinate (`d3`), then its state in the current language.
//
// Every server gets a fresh temporary data folder (`--data`), removed at
// the end. `serverWith(['--grace', '2'])` starts another one with flags of
// its own, which a test may SIGKILL and start again on the same port and
// data folder (`kill()`, `restart()`); `open(context, url)` takes its
// addresses whole. `serverWith([], { root })` serves another copy of the
// site, and `restart({ root })` the same port from another folder (a new
// version of the site at the same address).
//
// The pages run in Debian's chromium-headless-shell: the same engine as
// the browser, without its UI process, in about 30 % less time. A file
// that needs what only the full browser has (notifications' permission
// prompt) calls `useFullBrowser()` at its top.
//
// Environment: VIRADA_BIN (the server binary; default target/debug/virada,
// which `make test` builds), CHROMIUM (one browser for every file; by
// default /usr/bin/chromium-headless-shell, or /usr/bin/chromium where the
// shell is missing), CHROMIUM_FULL (useFullBrowser's, /usr/bin/chromium),
// HEADED=1 to watch the browser (the full one).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The repository root, which the server serves. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The server binary the tests serve the pages with. */
export const BIN = process.env.VIRADA_BIN ?? `${ROOT}target/debug/virada`;
const CHROMIUM_FULL = process.env.CHROMIUM ?? process.env.CHROMIUM_FULL ?? '/usr/bin/chromium';
const CHROMIUM_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM ?? (!process.env.HEADED && existsSync(CHROMIUM_SHELL) ? CHROMIUM_SHELL : CHROMIUM_FULL);
/** Whether this file's browser is the full one (useFullBrowser). */
let full = false;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let server = null; // the default server: { child, url, log, data, … } (see startServer)
/** Servers started with flags of their own (serverWith), stopped by closeAll. */
const extraServers = new Set();
let browser = null;
const contexts = new Set();
/** Pages opened since the current test began; checked after it. */
const watched = new Set();

/**
 * Starts `virada serve` on `port` (0: a free one) with its own data folder
 * (a fresh temporary one unless given) and any other `flags`; resolves with
 * {child, url, port, log, data, flags} once it prints its address.
 */
function spawnServer({ port = 0, data = mkdtempSync(join(tmpdir(), 'virada-browser-')), flags = [], root = ROOT } = {}) {
  for (const [path, fix] of [
    [BIN, 'build it with `cargo build --profile test -p virada-cli --bin virada` (make test does)'],
    [`${ROOT}www/pkg/virada_bg.wasm`, 'build it with `make wasm`'],
    [`${ROOT}www/pkg-bot/virada_bg.wasm`, 'build it with `make wasm`'],
    [`${ROOT}www/pkg-threads/virada_bg.wasm`, 'build it with `make wasm`'],
  ]) {
    if (!existsSync(path)) throw new Error(`harness: ${path} is missing: ${fix}`);
  }
  // --new-key: a fresh folder's keys are made on its first start.
  const child = spawn(BIN, ['serve', '--port', String(port), '--root', root, '--data', data, '--new-key', ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    log.push(...text.split('\n').filter(Boolean));
    // The last lines only; enough for a test to count a page's requests
    // across the offline worker's install (one a site file, about 160).
    log.splice(0, Math.max(0, log.length - 2000));
  });
  process.on('exit', () => {
    child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail('no address within 30 s'), 30_000);
    function fail(why) {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`harness: virada serve failed: ${why}\n${log.join('\n')}`));
    }
    child.on('error', (error) => fail(error.message));
    child.on('exit', (code) => fail(`exited with ${code}`));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      out += text;
      const match = out.match(/on (http:\/\/\S+?)\/?\n/);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.stdout.resume();
        resolve({ child, url: match[1], port: Number(new URL(match[1]).port), log, data, flags, root });
      }
    });
  });
}

/** Starts the default server: `virada serve --port 0` with a fresh data folder. */
function startServer() {
  return spawnServer();
}

/**
 * A server of its own, started with `flags` (e.g. ['--grace', '2']) and a
 * fresh data folder: {url, port, log, kill(), restart()}. `kill()` ends it
 * with SIGKILL (nothing is finished or flushed); `restart()` starts it again
 * on the same port and data folder. closeAll() stops it.
 */
export async function serverWith(flags = [], { root = ROOT } = {}) {
  let current = await spawnServer({ flags, root });
  const handle = {
    url: current.url,
    port: current.port,
    log: current.log,
    /** SIGKILL, and wait until the process is gone. */
    async kill() {
      if (current.child.exitCode !== null || current.child.signalCode !== null) return;
      const gone = new Promise((resolve) => current.child.once('exit', resolve));
      current.child.kill('SIGKILL');
      await gone;
    },
    /** The same server again: same port, same data folder; the same flags and files unless `flags` or `root` is given. */
    async restart({ root = current.root, flags = current.flags } = {}) {
      await handle.kill();
      current = await spawnServer({ port: current.port, data: current.data, flags, root });
      handle.log = current.log;
    },
    stop() {
      current.child.kill('SIGKILL');
      rmSync(current.data, { recursive: true, force: true });
    },
  };
  extraServers.add(handle);
  await ensureBrowser();
  return handle;
}

/** The default server and the browser, each started on first use. */
async function ensureStarted() {
  server ??= await startServer();
  await ensureBrowser();
}

/**
 * The browser alone: a file whose tests all run on servers of their own
 * (serverWith) never starts the default one.
 */
async function ensureBrowser() {
  if (!browser) {
    const path = full ? CHROMIUM_FULL : CHROMIUM;
    if (!existsSync(path)) {
      throw new Error(`harness: no Chromium at ${path} (make test installs Debian's chromium)`);
    }
    // launch() gives every run a fresh temporary user-data-dir.
    browser = await chromium.launch({
      executablePath: path,
      headless: !process.env.HEADED,
      args: CHROMIUM_ARGS,
    });
  }
}

/**
 * This file's pages run in the full browser rather than the headless
 * shell: for what only it has, such as notifications' permission prompt
 * (the shell answers "denied" before anyone is asked). Call it at the
 * file's top, before any page opens.
 */
export function useFullBrowser() {
  if (browser) throw new Error('harness: useFullBrowser() comes before the first page');
  full = true;
}

/** The served page's base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
export async function baseUrl() {
  await ensureStarted();
  return server.url;
}

/** The address of `query` on the served root: `?lang=en`, `nabu.html?size=6`… */
export async function pageUrl(query = '') {
  await ensureStarted();
  return `${server.url}/${query.replace(/^\//, '')}`;
}

/**
 * Watches a page: console errors, uncaught page errors, failed requests and
 * HTTP answers of 400 or more fill `page.errors` as they happen. Every page of
 * a harness context is watched from its creation.
 *
 * @returns {string[]} the page's `errors`
 */
function watch(page) {
  if (page.errors) return page.errors;
  const errors = [];
  page.errors = errors;
  watched.add(page);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? '';
    // A load cut short by a reload or a navigation (the favicon, most often)
    // is the browser's doing, not the page's.
    if (why === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${request.url()} ${why}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return errors;
}

/**
 * A fresh browser context (its own storage) whose pages are all watched.
 *
 * Its pages prefer reduced motion unless `reducedMotion: 'no-preference'`
 * is given: the board then draws each move once instead of some fifteen
 * frames of flipping discs, which is most of the browser's work in a long
 * test (a whole mouse game: 101 CPU-seconds animated, 88 without). The tests
 * that are about motion or frames (one whole game by mouse, the frame
 * counts of table-responsive) and the benchmarks ask for it.
 *
 * @param {object} [options] `viewport` ({width, height}), `hasTouch`,
 *   `isMobile`, `locale` (default en-US), `reducedMotion` (default
 *   'reduce'), and any other option of `browser.newContext`.
 */
export async function newContext(options = {}) {
  await ensureBrowser();
  const context = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce', ...options });
  contexts.add(context);
  context.on('page', watch);
  context.on('close', () => contexts.delete(context));
  return context;
}

/**
 * Opens the table (or another page) at `query` in `context` and waits until
 * the page says it is ready (body[data-ready="true"]).
 *
 * @returns {Promise<import('playwright-core').Page & {errors: string[]}>}
 */
export async function open(context, query = '') {
  const page = await context.newPage();
  watch(page);
  // A full address (another server's, from serverWith) is opened as it is.
  await page.goto(/^https?:/.test(query) ? query : await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/**
 * Opens the page in a fresh browser context and waits for its `load` event.
 *
 * @param {string} [query] what follows the root URL: `?lang=en&seed=…`, or a
 *   path such as `index.html?lang=it`.
 * @param {object} [options] as for newContext().
 * @returns {Promise<{page, context, errors: string[], url: string}>} `errors`
 *   is `page.errors`: assert it is empty at the end.
 */
export async function openPage(query = '', options = {}) {
  const context = await newContext(options);
  const page = await context.newPage();
  const errors = watch(page);
  const url = await pageUrl(query);
  await page.goto(url, { waitUntil: 'load' });
  return { page, context, errors, url };
}

/** The board: the page's role=grid. */
export function boardLocator(page) {
  return page.getByRole('grid');
}

/** All squares of the board, in document order. */
export function squaresLocator(page) {
  return boardLocator(page).getByRole('gridcell');
}

/** The square whose accessible name begins with `coordinate` (e.g. `d3`). */
export function squareLocator(page, coordinate) {
  if (!/^[a-o](1[0-5]|[1-9])$/.test(coordinate)) {
    throw new Error(`squareLocator: not a coordinate: ${coordinate}`);
  }
  return boardLocator(page).getByRole('gridcell', { name: new RegExp(`^${coordinate}(?![0-9])`) });
}

/**
 * The accessible names of all squares, in document order, as the browser's
 * accessibility tree gives them.
 */
export async function squareNames(page) {
  const snapshot = await boardLocator(page).ariaSnapshot();
  return [...snapshot.matchAll(/^\s*- gridcell "((?:[^"\\]|\\.)*)"/gm)].map((m) => JSON.parse(`"${m[1]}"`));
}

/** The accessible name of one square. */
export async function squareName(page, coordinate) {
  const names = await squareNames(page);
  const found = names.filter((name) => new RegExp(`^${coordinate}(?![0-9])`).test(name));
  if (found.length !== 1) {
    throw new Error(`squareName: ${found.length} squares named ${coordinate}…`);
  }
  return found[0];
}

/**
 * Makes navigator.hardwareConcurrency `cores` in every page `context`
 * opens or reloads from now on (an init script).
 * @param {import('playwright-core').BrowserContext} context
 * @param {number} cores
 */
export async function fakeCores(context, cores) {
  await context.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  }, cores);
}

/**
 * Restores in `page` the Othello game of a record's text (its seed and
 * moves, a `*` move as the table's time-out) finished, as the table saves
 * it, reloads, and waits for the finished table.
 * @param {import('playwright-core').Page} page
 * @param {string} record
 */
export async function restoreFinished(page, record) {
  const field = (key) => new RegExp(`^${key}: (.*)$`, 'm').exec(record)[1];
  await page.evaluate(({ seed, plies }) => {
    localStorage.setItem('virada.game.v1', JSON.stringify({
      game: 'othello', size: 8, seats: 'person,person', level: 3, clock: 30,
      seed, seedChosen: false, word: '',
      moves: plies.map((m) => m.replace('*', '')).join(''),
      byTable: plies.flatMap((m, i) => (m.startsWith('*') ? [i] : [])),
      deadline: null,
    }));
  }, { seed: field('seed'), plies: field('moves').split(' ') });
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"][data-over="true"]');
}

/** Closes every context, the browser and the server. Runs by itself after each test file. */
export async function closeAll() {
  for (const context of contexts) await context.close().catch(() => {});
  contexts.clear();
  watched.clear();
  await browser?.close().catch(() => {});
  browser = null;
  server?.child.kill();
  if (server) rmSync(server.data, { recursive: true, force: true });
  server = null;
  for (const extra of extraServers) extra.stop();
  extraServers.clear();
}

/** Fails the test that just ran if any page it opened collected an error. */
function checkErrors() {
  const found = [...watched].flatMap((page) => page.errors.map((e) => `${page.url()}: ${e}`));
  watched.clear();
  if (found.length) throw new Error(`harness: errors in the page:\n${found.join('\n')}`);
}

// Hooks only when node:test runs this file's importer as a test (`node --test`
// or `node x.test.mjs`), so the scripts stay plain scripts.
if (process.env.NODE_TEST_CONTEXT || /\.test\.mjs$/.test(process.argv[1] ?? '')) {
  afterEach(checkErrors);
  after(closeAll);
}
