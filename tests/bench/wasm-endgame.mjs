// Exact endgame solves in WebAssembly under Node, beside the same solves by
// the native `virada bench`, with their ratio.
//
//   node tests/bench/wasm-endgame.mjs [--file tests/data/fforum-40-49.obf]
//        [--first 1 --last 10] [--native target/release/virada]
//
// Prints one line per position (move, score, nodes, seconds), the total, and
// with --native the native total over the same positions and the ratio.
// A benchmark, not a test: it fails only when a score disagrees with the file.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: 'tests/data/fforum-40-49.obf' },
    first: { type: 'string', default: '1' },
    last: { type: 'string', default: '1000' },
    native: { type: 'string' },
  },
});

const pkg = new URL('../../target/pkg-bench/', import.meta.url);
if (!existsSync(new URL('virada_bg.wasm', pkg))) {
  console.error('wasm-endgame: target/pkg-bench/virada_bg.wasm is missing: run `make bench-wasm` first');
  process.exit(2);
}
const { initSync, endgame_solve: solve, load_weights: loadWeights } = await import(new URL('virada.js', pkg));
initSync({ module: readFileSync(new URL('virada_bg.wasm', pkg)) });
// The trained evaluation, as the page's bot worker loads it (native binaries build it in).
loadWeights(readFileSync(new URL('../../crate/weights/eval.vrdw', import.meta.url)));

const lines = readFileSync(values.file, 'utf8')
  .split('\n')
  .map((l) => l.split('%')[0].trim())
  .filter((l) => l.length > 0)
  .slice(Number(values.first) - 1, Number(values.last));

solve(1n, 2n, true, 1); // warm up: compile tiers, build the evaluation tables

let totalNodes = 0;
let totalSecs = 0;
const cpuBefore = process.cpuUsage();
for (const [i, line] of lines.entries()) {
  const cells = line.slice(0, 64);
  const side = line.slice(65, 66);
  let dark = 0n;
  let light = 0n;
  for (let k = 0; k < 64; k++) {
    if (cells[k] === 'X') dark |= 1n << BigInt(k);
    if (cells[k] === 'O') light |= 1n << BigInt(k);
  }
  const best = Number(line.split(';')[1].split(':')[1]);
  const started = performance.now();
  const [mv, score, nodes] = solve(dark, light, side === 'X', 64).split(' ');
  const secs = (performance.now() - started) / 1000;
  totalNodes += Number(nodes);
  totalSecs += secs;
  console.log(`#${i + Number(values.first)} ${mv} ${score} ${nodes} ${secs.toFixed(2)}s`);
  if (Number(score) !== best) {
    console.error(`wasm-endgame: position ${i + 1} solved ${score}, annotated ${best}`);
    process.exit(1);
  }
}
const cpu = process.cpuUsage(cpuBefore);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
console.log(`wasm total ${lines.length} positions ${totalNodes} nodes ${totalSecs.toFixed(1)}s wall ${cpuSecs.toFixed(1)}s on CPU ${(totalNodes / cpuSecs / 1e6).toFixed(1)}M nodes/s on CPU (Node ${process.versions.node})`);

if (values.native) {
  const tmp = '/tmp/wasm-endgame-subset.obf';
  writeFileSync(tmp, lines.join('\n') + '\n');
  const out = execFileSync(values.native, ['solve', tmp], { encoding: 'utf8' });
  const last = out.trim().split('\n').at(-1);
  console.log(`native ${last}`);
  const nativeCpu = parseFloat(last.match(/on CPU ([0-9.]+)s/)[1]);
  console.log(`wasm/native speed ${((nativeCpu / cpuSecs) * 100).toFixed(0)}% by on-CPU time (same positions, same nodes, one thread)`);
}
