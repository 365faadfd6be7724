// Each wasm package exports only what its pages and workers call: the
// export names of the page's (read from www/pkg/virada.js, built by `make
// wasm`) must be exactly the list in tests/wasm-exports.txt, those of the
// bots' and the review's (www/pkg-bot/virada.js) the list in
// tests/wasm-exports-bot.txt, and those of the top level's on several
// threads (www/pkg-threads/virada.js) the list in
// tests/wasm-exports-threads.txt, and those of the tournament file's check
// (www/pkg-trf/virada.js) the list in tests/wasm-exports-trf.txt, and those
// of the puzzle page's worker (www/pkg-puzzle/virada.js) the list in
// tests/wasm-exports-puzzle.txt. Benchmark entry points live in the
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

function listed(file) {
  return readFileSync(new URL(file, root), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .sort();
}

test('the page package exports exactly the listed names', () => {
  const js = readFileSync(new URL('www/pkg/virada.js', root), 'utf8');
  assert.deepEqual(exported(js), listed('tests/wasm-exports.txt'));
});

test('the bots\' package exports exactly the listed names', () => {
  const js = readFileSync(new URL('www/pkg-bot/virada.js', root), 'utf8');
  assert.deepEqual(exported(js), listed('tests/wasm-exports-bot.txt'));
});

test('the threaded package exports exactly the listed names, and shares memory', () => {
  const js = readFileSync(new URL('www/pkg-threads/virada.js', root), 'utf8');
  assert.deepEqual(exported(js), listed('tests/wasm-exports-threads.txt'));
  // wasm-bindgen saw the shared memory: the loader takes one, or makes one shared.
  assert.match(js, /new WebAssembly\.Memory\(\{[^}]*shared:\s*true/);
  assert.match(js, /\{module, memory, thread_stack_size\} = module/);
});

test('the tournament file\'s package exports exactly the listed names', () => {
  const js = readFileSync(new URL('www/pkg-trf/virada.js', root), 'utf8');
  assert.deepEqual(exported(js), listed('tests/wasm-exports-trf.txt'));
});

test('the puzzle page\'s package exports exactly the listed names', () => {
  const js = readFileSync(new URL('www/pkg-puzzle/virada.js', root), 'utf8');
  assert.deepEqual(exported(js), listed('tests/wasm-exports-puzzle.txt'));
});

test('the packages share no export but the loader\'s', () => {
  const lists = ['tests/wasm-exports.txt', 'tests/wasm-exports-bot.txt', 'tests/wasm-exports-trf.txt', 'tests/wasm-exports-puzzle.txt'];
  for (const [i, a] of lists.entries()) {
    for (const b of lists.slice(i + 1)) {
      const mine = new Set(listed(a));
      const shared = listed(b).filter((n) => mine.has(n));
      assert.deepEqual(shared, ['default', 'initSync'], `${a} and ${b}`);
    }
  }
});

test('the export reader sees every form wasm-bindgen writes', () => {
  const js = 'export class A {}\nexport function b() {}\nexport { initSync, __wbg_init as default };\n';
  assert.deepEqual(exported(js), ['A', 'b', 'default', 'initSync']);
});
