// How long the page reads a table's snapshot across the wasm boundary: a
// GameTable of each game some turns in (the table's time-out moves), its
// snapshot taken and read into a JavaScript object 20,000 times (after
// 2,000 to warm up), in microseconds each. Reads a JSON string with
// JSON.parse, or takes an object as it comes, so that a package built to
// pass the snapshot another way (docs/development.md, "JSON across the wasm
// boundary") times the same.
//
//   node tests/bench/wasm-snapshot.mjs [PACKAGE_DIR]   (default www/pkg, after `make wasm`)

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? 'www/pkg');
const pkg = await import(pathToFileURL(`${dir}/virada.js`).href);
pkg.initSync({ module: readFileSync(`${dir}/virada_bg.wasm`) });

/** @param {{snapshot(): unknown}} table */
const read = (table) => {
  const s = table.snapshot();
  return typeof s === 'string' ? JSON.parse(s) : s;
};

const seed = '0a'.repeat(32);
const othello = new pkg.GameTable('othello', 8, 'person,person', 1, '30', seed, 'olá');
for (let i = 0; i < 20; i++) othello.time_out();
const nabu = new pkg.GameTable('nabucodonosor', 9, 'person,person', 1, '30', seed, '');
for (let i = 0; i < 10; i++) nabu.time_out();

const N = 20_000;
for (const [name, table] of [['othello', othello], ['nabucodonosor', nabu]]) {
  const bytes = JSON.stringify(read(table)).length;
  for (let i = 0; i < 2_000; i++) read(table);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) read(table);
  const us = ((performance.now() - t0) * 1000) / N;
  console.log(`${name}: ${us.toFixed(1)} µs a snapshot read (${bytes} bytes as JSON)`);
}
