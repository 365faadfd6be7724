// Perft from the start position compiled to WebAssembly and run in Node,
// beside the same count from the native `virada perft`, with their ratio.
//
//   node tests/bench/wasm-perft.mjs [--depth 12] [--native target/release/virada]
//
// Prints `wasm perft DEPTH NODES SECONDS RATE`, the native line, and
// `wasm/native R%`. A benchmark, not a test: it prints figures and fails only
// when the two counts disagree or something is missing.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '12' },
    native: { type: 'string' },
  },
});
const depth = Number(values.depth);
if (!Number.isInteger(depth) || depth < 1 || depth > 14) {
  console.error(`wasm-perft: depth must be an integer from 1 to 14, not ${values.depth}`);
  process.exit(2);
}

const pkg = new URL('../../target/pkg-bench/', import.meta.url);
if (!existsSync(new URL('virada_bg.wasm', pkg))) {
  console.error('wasm-perft: target/pkg-bench/virada_bg.wasm is missing: run `make bench-wasm` first');
  process.exit(2);
}
const { initSync, perft_start: perftStart } = await import(new URL('virada.js', pkg));
initSync({ module: readFileSync(new URL('virada_bg.wasm', pkg)) });

/** Leaves, seconds and millions of leaves a second, as `virada perft` prints them. */
function line(label, nodes, secs) {
  return `${label} ${depth} ${nodes} ${secs.toFixed(2)}s ${(nodes / secs / 1e6).toFixed(1)}M/s`;
}

perftStart(Math.min(depth, 8)); // warm up: compile tiers, caches
const started = performance.now();
const nodes = perftStart(depth);
const wasmSecs = (performance.now() - started) / 1000;
console.log(line('wasm perft', nodes, wasmSecs));

if (values.native) {
  const out = execFileSync(values.native, ['perft', String(depth)], { encoding: 'utf8' });
  const last = out.trim().split('\n').at(-1);
  console.log(`native ${last}`);
  const [, , nativeNodes, nativeSecs] = last.split(' ');
  if (Number(nativeNodes) !== nodes) {
    console.error(`wasm-perft: native counts ${nativeNodes} leaves, wasm ${nodes}`);
    process.exit(1);
  }
  const ratio = parseFloat(nativeSecs) / wasmSecs;
  console.log(`wasm/native ${(ratio * 100).toFixed(0)}% (perft ${depth}, single thread, Node ${process.versions.node})`);
}
