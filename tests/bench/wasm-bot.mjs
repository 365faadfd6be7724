// The bot's top-level search in WebAssembly under Node beside the same
// searches by the native `virada bench --midgame`, with their speed ratio:
// what a node budget in `virada match` stands for in the browser.
//
//   node tests/bench/wasm-bot.mjs [--positions 20] [--nodes 1000000]
//        [--native target/release/virada]
//
// The native run lists the positions (after the first XOT openings) and its
// figures; the wasm run searches the same positions with the same budget and
// must visit the same nodes. Prints both rates and the ratio.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '20' },
    nodes: { type: 'string', default: '1000000' },
    native: { type: 'string', default: 'target/release/virada' },
  },
});

const pkg = new URL('../../target/pkg-bench/', import.meta.url);
if (!existsSync(new URL('virada_bg.wasm', pkg))) {
  console.error('wasm-bot: target/pkg-bench/virada_bg.wasm is missing: run `make bench-wasm` first');
  process.exit(2);
}
const { initSync, bot_bench: think, load_weights: loadWeights } = await import(new URL('virada.js', pkg));
initSync({ module: readFileSync(new URL('virada_bg.wasm', pkg)) });
// The trained evaluation, as the page's bot worker loads it (native binaries build it in).
loadWeights(readFileSync(new URL('../../crate/weights/eval.vrdw', import.meta.url)));

const out = execFileSync(
  values.native,
  ['bench', '--depth', '1', '--runs', '1', '--midgame', values.positions, '--midgame-nodes', values.nodes],
  { encoding: 'utf8' },
);
const rows = out.split('\n').filter((l) => /^ +[0-9a-f]{16} /.test(l));
const nativeTotal = out.split('\n').find((l) => l.startsWith('midgame:'));

think(0x0000000810000000n, 0x0000001008000000n, true, 10, 1000, 20000); // warm up

let totalNodes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (const row of rows) {
  const [dark, light, side, mv, score, nodes] = row.trim().split(/\s+/);
  const got = think(BigInt('0x' + dark), BigInt('0x' + light), side === 'X', 10, 1e9, Number(values.nodes));
  const [wmv, wscore, wnodes] = got.split(' ');
  if (wmv !== mv || wscore !== score || wnodes !== nodes) {
    console.error(`wasm-bot: ${row.trim()}: wasm found ${got}`);
    process.exit(1);
  }
  totalNodes += Number(wnodes);
}
const wall = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
const wasmRate = totalNodes / cpuSecs / 1e6;
const nativeRate = Number(nativeTotal.match(/([0-9.]+)M nodes\/s on CPU/)[1]);
console.log(`native ${nativeTotal}`);
console.log(`wasm: ${totalNodes} nodes ${wall.toFixed(2)}s wall ${cpuSecs.toFixed(2)}s on CPU ${wasmRate.toFixed(2)}M nodes/s on CPU (Node ${process.versions.node})`);
console.log(`wasm/native speed ${((wasmRate / nativeRate) * 100).toFixed(0)}% (same positions, same nodes, one thread)`);
