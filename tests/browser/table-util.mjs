// Shared helpers for the table's browser tests: a static server over the
// repository, Chromium via playwright-core, and small readers of the page's
// accessible state (the grid cells' names and data attributes).

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SEED = '5eed'.repeat(16);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** Serves the repository on a free port; resolves to {url, close()}. */
export async function serve() {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(ROOT, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(ROOT)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** Headless Chromium from Debian. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Opens the table at `query` and waits until it is ready; page errors fail the test. */
export async function open(context, base, query) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(`${base}/${query}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** The cells' state: [{sq, name, disc, legal, hint, preview, wouldFlip, last}] in reading order. */
export function cells(page) {
  return page.locator('#grid [role=gridcell]').evaluateAll((els) =>
    els.map((e) => ({
      sq: Number(e.dataset.sq),
      name: e.getAttribute('aria-label'),
      disc: e.dataset.disc,
      legal: e.dataset.legal === undefined ? null : Number(e.dataset.legal),
      hint: e.dataset.hint === 'true',
      preview: e.dataset.preview === 'true',
      wouldFlip: e.dataset.wouldFlip === 'true',
      last: e.dataset.last === 'true',
    })),
  );
}

/** Plies played so far (passes included). */
export async function ply(page) {
  return Number(await page.locator('body').getAttribute('data-ply'));
}

export const isOver = async (page) => (await page.locator('body').getAttribute('data-over')) === 'true';

export function squareName(sq) {
  return 'abcdefgh'[sq % 8] + String(Math.floor(sq / 8) + 1);
}

/** The grid cell for square name `d3`. */
export function cell(page, name) {
  const i = (Number(name[1]) - 1) * 8 + 'abcdefgh'.indexOf(name[0]);
  return page.locator(`#grid [data-sq="${i}"]`);
}
