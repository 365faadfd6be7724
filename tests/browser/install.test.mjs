// Installability (docs/offline.md): every page links a web app manifest in
// its language, a theme colour and an apple-touch-icon; each manifest has its
// fields, a start URL inside its scope, icons that exist with the sizes they
// state; after one visit a service worker controls the page; and the
// worker's one list of the site's files (SITE_FILES in sw.js) holds every
// file a page loads, so a new module cannot be forgotten.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT, baseUrl, newContext, open } from './harness.mjs';
import { siteFiles } from '../../scripts/site-files.mjs';

const LANGS = { pt: 'pt-BR', en: 'en', it: 'it' };
const PAGES = ['index.html', 'nabu.html', 'verify.html'];

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function get(url) {
  const response = await fetch(url);
  assert.equal(response.status, 200, `${url} answers 200`);
  return response;
}

test('each language has a manifest: names, description, standalone, colours, start URL inside the scope, icons of the stated sizes', async () => {
  const base = `${await baseUrl()}/`;
  const descriptions = new Set();
  for (const [code, lang] of Object.entries(LANGS)) {
    const url = new URL(`www/manifest-${code}.webmanifest`, base);
    const response = await get(url);
    assert.equal(response.headers.get('content-type'), 'application/manifest+json');
    const m = await response.json();
    assert.equal(m.lang, lang);
    assert.match(m.name, /^Virada/);
    assert.equal(m.short_name, 'Virada');
    assert.ok(m.description.length > 40, `${code}: a description`);
    descriptions.add(m.description);
    assert.equal(m.display, 'standalone');
    assert.equal(m.theme_color, '#2e6b55');
    assert.equal(m.background_color, '#f3ede2');
    const scope = new URL(m.scope, url).href;
    const start = new URL(m.start_url, url).href;
    assert.equal(scope, base, 'the scope is the whole site');
    assert.ok(start.startsWith(scope), `start_url ${start} inside the scope ${scope}`);
    assert.equal((await get(start)).headers.get('content-type'), 'text/html');
    const sizes = [];
    for (const icon of m.icons) {
      const bytes = Buffer.from(await (await get(new URL(icon.src, url))).arrayBuffer());
      assert.equal(icon.type, 'image/png');
      assert.equal(pngSize(bytes), icon.sizes, `${icon.src} is ${icon.sizes}`);
      sizes.push(`${icon.sizes} ${icon.purpose}`);
    }
    assert.deepEqual(sizes.sort(), ['192x192 any', '512x512 any', '512x512 maskable']);
  }
  assert.equal(descriptions.size, 3, 'one description a language');
});

test('every page links the manifest of its language, the theme colour, the touch icon; a service worker controls it after one visit', async () => {
  const context = await newContext();
  for (const page of PAGES) {
    const html = readFileSync(join(ROOT, page), 'utf8');
    assert.match(html, /<link rel="manifest" href="www\/manifest-pt\.webmanifest">/, `${page}: Portuguese by default`);
    for (const [code, lang] of Object.entries(LANGS)) {
      const p = await open(context, `${page}?lang=${code}`);
      assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
      const head = await p.evaluate(() => ({
        manifest: /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=manifest]')).href,
        theme: document.querySelector('meta[name=theme-color]')?.getAttribute('content'),
        touch: /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=apple-touch-icon]')).href,
        paper: getComputedStyle(document.documentElement).getPropertyValue('--paper').trim(),
      }));
      assert.ok(head.manifest.endsWith(`/www/manifest-${code}.webmanifest`), `${page}?lang=${code}: ${head.manifest}`);
      assert.equal(head.theme, '#2e6b55');
      assert.equal(head.paper, '#f3ede2', 'the manifest background is the page');
      assert.equal(pngSize(Buffer.from(await (await get(head.touch)).arrayBuffer())), '180x180');
      // One visit: the worker installs, activates and takes the page.
      await p.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
      const controller = await p.evaluate(() => navigator.serviceWorker.controller.scriptURL);
      assert.equal(controller, `${await baseUrl()}/sw.js`);
      const scope = await p.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, `${await baseUrl()}/`);
      await p.close();
    }
  }
  await context.close();
});

/** The files `path` makes the browser fetch: links, scripts, imports, workers, `new URL(…, import.meta.url)`, manifest icons. */
function references(path) {
  const raw = readFileSync(path, 'utf8');
  // JSDoc's `import('./x.js').Type` is a type, not a load: comments are skipped.
  const text = path.endsWith('.js') ? raw.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '') : raw;
  const here = dirname(path);
  const patterns = {
    '.html': [/<link\b[^>]*\bhref="([^"#?]+)"/g, /<script\b[^>]*\bsrc="([^"#?]+)"/g],
    '.js': [
      /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
      /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
      /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
      /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
    ],
    '.webmanifest': [/"src":\s*"([^"]+)"/g],
  }[path.slice(path.lastIndexOf('.'))] ?? [];
  const found = [];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) if (!/^[a-z]+:/.test(m[1])) found.push(join(here, m[1]));
  }
  return found;
}

test('every page has the offline lines in its head; the service worker lists every file the pages load, and each listed file exists', async () => {
  const listed = siteFiles(ROOT);
  assert.equal(new Set(listed).size, listed.length, 'no file listed twice');
  for (const file of listed) assert.ok(existsSync(join(ROOT, file)), `${file} (listed in sw.js) exists`);
  // Every page of the site (each .html at its root) is listed, and everything each one loads.
  const pages = readdirSync(ROOT).filter((f) => f.endsWith('.html'));
  assert.ok(PAGES.every((page) => pages.includes(page)));
  for (const page of pages) {
    const html = readFileSync(join(ROOT, page), 'utf8');
    for (const line of ['<link rel="manifest" href="www/manifest-pt.webmanifest">', '<meta name="theme-color"', '<link rel="apple-touch-icon"', '<script type="module" src="www/core/offline.js">']) {
      assert.ok(html.includes(line), `${page} has ${line}`);
    }
  }
  const seen = new Set();
  const queue = pages.map((p) => join(ROOT, p));
  while (queue.length) {
    const path = queue.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    assert.ok(existsSync(path), `${relative(ROOT, path)} exists`);
    queue.push(...references(path));
  }
  // sw.js itself is the browser's to fetch and check, never a cached file.
  const missing = [...seen].map((p) => relative(ROOT, p)).filter((f) => f !== 'sw.js' && !listed.includes(f));
  assert.deepEqual(missing, [], 'loaded by a page but not in SITE_FILES (sw.js)');
});

test('what the pages really fetch while playing is all in the list (the online API aside)', async () => {
  const listed = new Set(siteFiles(ROOT).map((f) => `/${f}`));
  const base = new URL(await baseUrl());
  const context = await newContext();
  const fetched = new Set();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === base.origin) fetched.add(url.pathname === '/' ? '/index.html' : url.pathname);
  });
  // The bot plays (worker, wasm, weights), the review opens, the rules dialog reads its text.
  const othello = await open(context, 'index.html?lang=en&seats=bot,bot&level=1&clock=0');
  await othello.waitForFunction(() => Number(document.body.dataset.ply) >= 2);
  const nabu = await open(context, 'nabu.html?lang=it&seats=bot,bot&level=1&clock=0');
  await nabu.click('#rules');
  await nabu.waitForSelector('#rules-dialog .rules-body ol > li');
  await nabu.keyboard.press('Escape');
  await nabu.waitForFunction(() => Number(document.body.dataset.ply) >= 2);
  await open(context, 'verify.html?lang=pt');
  const ours = [...fetched].filter((p) => !p.startsWith('/api/') && p !== '/sw.js' && p !== '/www/pkg/site-version.js');
  assert.ok(ours.includes('/www/pkg-bot/eval-weights.vrdw') && ours.includes('/www/pkg-bot/opening-book.vrdb') && ours.includes('/www/games/nabu/rules.md'), ours.join(' '));
  assert.deepEqual(ours.filter((p) => !listed.has(p)), [], `fetched from ${base.host} but not listed in sw.js`);
  await context.close();
});
