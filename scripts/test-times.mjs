// The summary `make test` prints at its end: each phase's wall time (from
// scripts/phase.sh) and the ten slowest test files — browser files by the
// sum of their tests' durations (scripts/test-times-reporter.mjs), Rust
// test binaries by the time libtest reports for each (`finished in …s` in
// the saved output of `cargo test`). It reads target/test-times/ (or the
// folder given) and prints nothing for what is not there. It only reports:
// the budget lives in docs/development.md, never in a test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? 'target/test-times';
const root = process.cwd();

/** @param {number} s */
function clock(s) {
  if (s < 60) return `${s.toFixed(1)} s`;
  // Whole seconds first, so that 179.9 s reads 3 min 00 s, not 2 min 60 s.
  const whole = Math.round(s);
  const m = Math.floor(whole / 60);
  return `${m} min ${String(whole - m * 60).padStart(2, '0')} s`;
}

/** @returns {{ name: string, seconds: number, start: number, end: number }[]} */
function phases() {
  const path = join(dir, 'phases.tsv');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, , start, end] = line.split('\t');
      return { name, seconds: Number(seconds), start: Number(start), end: Number(end) };
    });
}

/** The browser tests that failed (a failed Rust test stops cargo first). */
function browserFailures() {
  if (!existsSync(dir)) return 0;
  let failed = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line && !JSON.parse(line).pass) failed += 1;
    }
  }
  return failed;
}

/** @returns {{ file: string, seconds: number, tests: number }[]} */
function browserFiles() {
  if (!existsSync(dir)) return [];
  const byFile = new Map();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const { file, ms } = JSON.parse(line);
      const entry = byFile.get(file) ?? { file: relative(root, file), seconds: 0, tests: 0 };
      entry.seconds += ms / 1000;
      entry.tests += 1;
      byFile.set(file, entry);
    }
  }
  return [...byFile.values()];
}

// The package a test binary belongs to, from its dep-info file's first
// source path (target/debug/deps/NAME-HASH.d); two packages each have a
// `tests/it` binary, so the path alone does not say which.
/** @param {string} binary */
function packageOf(binary) {
  const depInfo = join(root, `${binary}.d`);
  if (!existsSync(depInfo)) return '';
  const first = readFileSync(depInfo, 'utf8').split('\n')[0] ?? '';
  // The sources after the target's name, from the workspace's root.
  const source = first
    .split(/\s+/)
    .slice(1)
    .find((p) => p.endsWith('.rs') && !p.startsWith('/'));
  return source ? source.split('/')[0] : '';
}

/** @returns {{ file: string, seconds: number, tests: number, failed: number }[]} */
function rustBinaries() {
  const path = join(dir, 'rust-test.log');
  if (!existsSync(path)) return [];
  const found = [];
  let current = '';
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const running = line.match(/^\s+Running (.+?) \((\S+)\)$/);
    if (running) {
      const pkg = packageOf(running[2]);
      current = pkg ? `${pkg}: ${running[1]}` : running[1];
      continue;
    }
    const doc = line.match(/^\s+Doc-tests (\S+)/);
    if (doc) {
      current = `doc tests of ${doc[1]}`;
      continue;
    }
    const result = line.match(/^test result: \w+\. (\d+) passed; (\d+) failed.*finished in ([\d.]+)s/);
    if (result && current) {
      const failed = Number(result[2]);
      found.push({ file: current, seconds: Number(result[3]), tests: Number(result[1]) + failed, failed });
      current = '';
    }
  }
  return found;
}

const steps = phases();
if (steps.length > 0) {
  // Some phases run side by side (`make -j2`), so the whole is the span
  // from the first start to the last end, not the sum.
  console.log('\nmake test, each phase (wall time; the Rust tests run beside the wasm build and tsc):');
  for (const { name, seconds } of steps) console.log(`  ${name.padEnd(26)} ${clock(seconds).padStart(12)}`);
  const span = Math.max(...steps.map((s) => s.end)) - Math.min(...steps.map((s) => s.start));
  console.log(`  ${'from first to last'.padEnd(26)} ${clock(span).padStart(12)}`);
}
const files = [...browserFiles(), ...rustBinaries()].sort((a, b) => b.seconds - a.seconds);
if (files.length > 0) {
  console.log('\nThe ten slowest test files (browser: their tests summed; Rust: each binary):');
  for (const { file, seconds, tests } of files.slice(0, 10)) {
    console.log(`  ${clock(seconds).padStart(12)}  ${file} (${tests} tests)`);
  }
}

// The plain closing line: every test counted above and in the rest of the
// run, so that the run's last line says what it ran.
const all = [...browserFiles(), ...rustBinaries()];
const passed = all.reduce((sum, f) => sum + f.tests, 0);
const failed = browserFailures() + rustBinaries().reduce((sum, f) => sum + f.failed, 0);
if (all.length > 0) console.log(`\ntests: ${passed - failed} passed, ${failed} failed`);
