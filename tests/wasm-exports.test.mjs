// The page's wasm package exports only what the pages call: its export
// names (read from www/pkg/virada.js, built by `make wasm`) must be exactly
// the list in tests/wasm-exports.txt. Benchmark entry points live in the
// `bench` build (target/pkg-bench), never here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function exported(js) {
  const names = new Set();
  for (const m of js.matchAll(/^export (?:async )?(?:function|class|const|let) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of js.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  if (/^export default /m.test(js)) names.add('default');
  return [...names].sort();
}

test('the page package exports exactly the listed names', () => {
  const js = readFileSync(new URL('www/pkg/virada.js', root), 'utf8');
  const listed = readFileSync(new URL('tests/wasm-exports.txt', root), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .sort();
  assert.deepEqual(exported(js), listed);
});

test('the export reader sees every form wasm-bindgen writes', () => {
  const js = 'export class A {}\nexport function b() {}\nexport { initSync, __wbg_init as default };\n';
  assert.deepEqual(exported(js), ['A', 'b', 'default', 'initSync']);
});
