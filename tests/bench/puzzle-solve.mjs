// How long the puzzle page's worker takes to answer a move: the puzzle
// package (www/pkg-puzzle, the worker's) under Node, one fresh session a
// position (its 16 MiB table empty, as a page's first answer), the time of
// `play(best)`: the exact score after the move, then the opponent's perfect
// reply (each of its moves solved exactly). For each number of empties in
// the shipped set, its first puzzles; beyond the set, FFO #40–46 (20–24
// empties, tests/data) read as puzzles with their best annotated move.
//
//   node tests/bench/puzzle-solve.mjs [--per 3] [--ffo 40-46] [--stop-after-s 120]
//
// Positions go from the fewest empties up; once one reply takes longer than
// --stop-after-s, the positions with more empties are left out.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { initSync, PuzzleSession } from '../../www/pkg-puzzle/virada.js';

const { values } = parseArgs({
  options: {
    per: { type: 'string', default: '3' },
    ffo: { type: 'string', default: '40-46' },
    'stop-after-s': { type: 'string', default: '120' },
  },
});
const per = Number(values.per);
const [ffoFrom, ffoTo] = values.ffo.split('-').map(Number);
const stopAfterMs = Number(values['stop-after-s']) * 1000;
const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg-puzzle/virada_bg.wasm', root)) });

/** A puzzle line and its best move. */
const lines = [];
const byEmpties = new Map();
for (const l of readFileSync(new URL('www/puzzle/puzzles.txt', root), 'utf8').split('\n')) {
  if (!l.trim() || l.startsWith('#')) continue;
  const empties = [...l.slice(0, 64)].filter((c) => c === '-').length;
  const n = byEmpties.get(empties) ?? 0;
  if (n >= per) continue;
  byEmpties.set(empties, n + 1);
  lines.push({ empties, line: l, best: /; ([A-H][1-8]):/.exec(l)[1].toLowerCase(), name: /id=(\w+)/.exec(l)[1] });
}
for (const [i, l] of readFileSync(new URL('tests/data/fforum-40-49.obf', root), 'utf8').split('\n').filter(Boolean).entries()) {
  if (40 + i < ffoFrom || 40 + i > ffoTo) continue;
  const [pos, first] = l.split(';');
  const empties = [...pos.slice(0, 64)].filter((c) => c === '-').length;
  lines.push({ empties, line: `${pos.trim()}; ${first.trim()}; id=ffo-${40 + i}; rating=1000`, best: first.trim().slice(0, 2).toLowerCase(), name: `FFO #${40 + i}` });
}

const rows = new Map();
let stopAt = Infinity;
for (const { empties, line, best, name } of lines.sort((a, b) => a.empties - b.empties)) {
  if (empties > stopAt) break;
  const s = new PuzzleSession();
  s.open(line);
  const t0 = performance.now();
  const answer = JSON.parse(s.play(best));
  const ms = performance.now() - t0;
  s.free();
  console.log(`${String(empties).padStart(2)} empties  ${name.padEnd(9)} ${best}  ${answer.outcome.padEnd(6)} ${ms.toFixed(0).padStart(7)} ms`);
  rows.set(empties, [...(rows.get(empties) ?? []), ms]);
  if (ms > stopAfterMs) stopAt = empties;
}
console.log('\nempties: median and slowest reply (ms)');
for (const [empties, ms] of rows) {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`${empties}: ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(0)} / ${sorted[sorted.length - 1].toFixed(0)} (${sorted.length})`);
}
