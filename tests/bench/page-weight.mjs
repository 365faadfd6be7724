// What the page downloads, gzip-compressed: index.html, the favicon, every
// script and style sheet under www/ and the wasm package, against a budget.
//
//   node tests/bench/page-weight.mjs [--budget-kb 150]
//
// Bot weight files (www/**/*weights*, *.bin) are left out: they load apart,
// after the page is up. Exits 1 when over budget.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { 'budget-kb': { type: 'string', default: '150' } } });
const budget = Number(values['budget-kb']) * 1024;
const root = fileURLToPath(new URL('../../', import.meta.url));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const counted = /\.(js|mjs|css|wasm|html|svg|json)$/;
const excluded = /weights|\.d\.ts$|\.bin$/;
const files = [join(root, 'index.html'), join(root, 'favicon.svg'), ...walk(join(root, 'www'))]
  .filter((path) => counted.test(path) && !excluded.test(relative(root, path)))
  .sort();

let total = 0;
let raw = 0;
for (const path of files) {
  const bytes = readFileSync(path);
  const packed = gzipSync(bytes, { level: 9 }).length;
  total += packed;
  raw += bytes.length;
  console.log(`${String(packed).padStart(8)} ${String(bytes.length).padStart(8)}  ${relative(root, path)}`);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${String(total).padStart(8)} ${String(raw).padStart(8)}  total (gzip -9, raw)`);
const pass = total <= budget;
console.log(`page weight ${kb(total)} gzip of ${kb(budget)} budget: ${pass ? 'pass' : 'FAIL'}`);
process.exit(pass ? 0 : 1);
