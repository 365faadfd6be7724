// What each page downloads, gzip-compressed, against a budget: the HTML, what
// it links (favicon, style sheets, its module script), every module those
// scripts import or start as a worker, and the wasm package they load.
//
//   node tests/bench/page-weight.mjs [--budget-kb 150] [--page index.html]
//
// The budget applies to the table (index.html); the other pages are listed
// beside it. Bot weight files (*weights*, *.bin) are left out: they load
// apart, after the page is up. Exits 1 when the table is over budget.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: {
    'budget-kb': { type: 'string', default: '150' },
    page: { type: 'string', default: 'index.html' },
  },
});
const budget = Number(values['budget-kb']) * 1024;
const root = fileURLToPath(new URL('../../', import.meta.url));
const excluded = /weights|\.bin$/;

/** The files `path` makes the browser fetch, relative references resolved. */
function references(path) {
  const text = readFileSync(path, 'utf8');
  const here = dirname(path);
  const found = [];
  const patterns = path.endsWith('.html')
    ? [/<link\b[^>]*\bhref="([^"]+)"/g, /<script\b[^>]*\bsrc="([^"]+)"/g]
    : path.endsWith('.js')
      ? [
          /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
          /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
          /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
          /new URL\(\s*['"]([^'"]+\.(?:js|wasm))['"]\s*,\s*import\.meta\.url\s*\)/g,
        ]
      : [];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) found.push(join(here, m[1]));
  }
  // wasm-bindgen's loader fetches its module beside itself by default.
  if (path.endsWith('pkg/virada.js')) found.push(join(here, 'virada_bg.wasm'));
  return found.filter((p) => existsSync(p) && !excluded.test(p));
}

/** Every file a page loads, the page included. */
function pageFiles(page) {
  const seen = new Set();
  const queue = [join(root, page)];
  while (queue.length) {
    const path = queue.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...references(path));
  }
  return [...seen].sort();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
function weigh(page, { list }) {
  let total = 0;
  let raw = 0;
  for (const path of pageFiles(page)) {
    const bytes = readFileSync(path);
    const packed = gzipSync(bytes, { level: 9 }).length;
    total += packed;
    raw += bytes.length;
    if (list) console.log(`${String(packed).padStart(8)} ${String(bytes.length).padStart(8)}  ${relative(root, path)}`);
  }
  return { total, raw };
}

const main = weigh(values.page, { list: true });
console.log(`${String(main.total).padStart(8)} ${String(main.raw).padStart(8)}  total of ${values.page} (gzip -9, raw)`);
for (const other of ['verify.html', 'nabu.html', 'history.html'].filter((p) => p !== values.page && existsSync(join(root, p)))) {
  console.log(`${other}: ${kb(weigh(other, { list: false }).total)} gzip`);
}
const pass = main.total <= budget;
console.log(`page weight of ${values.page}: ${kb(main.total)} gzip of ${kb(budget)} budget: ${pass ? 'pass' : 'FAIL'}`);
process.exit(pass ? 0 : 1);
