// The table pages' shared markup is written once (www/table/page.js):
// index.html and nabu.html are what scripts/pages.mjs writes from it, so a
// change made to one page alone cannot drift from the other.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TABLE_PAGES, tablePage } from '../../www/table/page.js';

test('index.html and nabu.html are as www/table/page.js writes them (node scripts/pages.mjs)', () => {
  assert.deepEqual(Object.keys(TABLE_PAGES).sort(), ['index.html', 'nabu.html']);
  for (const [file, page] of Object.entries(TABLE_PAGES)) {
    assert.equal(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), tablePage(page), `${file}: run node scripts/pages.mjs`);
  }
});
