// Writes the table pages (index.html, nabu.html) from their one markup,
// www/table/page.js; with --check, writes nothing and fails when a page
// differs from what it would write (tests/browser/pages.test.mjs runs that).
//
//   node scripts/pages.mjs [--check]

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TABLE_PAGES, tablePage } from '../www/table/page.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const check = process.argv.includes('--check');
const stale = [];
for (const [file, page] of Object.entries(TABLE_PAGES)) {
  const html = tablePage(page);
  if (check) {
    if (readFileSync(`${root}${file}`, 'utf8') !== html) stale.push(file);
  } else {
    writeFileSync(`${root}${file}`, html);
    console.log(`wrote ${file}`);
  }
}
if (stale.length) {
  console.error(`${stale.join(', ')}: not as www/table/page.js writes it; run node scripts/pages.mjs`);
  process.exit(1);
}
