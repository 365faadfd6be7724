// Lighthouse (mobile, its default simulated throttling) on the five pages as
// `virada serve` serves them: each category's score, the layout shift (CLS),
// the largest contentful paint (LCP) and the total blocking time (TBT), the
// median of several runs, against the bars. Builds nothing: run `make wasm`
// and build the server first (`make lighthouse` does both).
//
//   node tests/bench/lighthouse.mjs [--runs 3] [--pages index.html,nabu.html,history.html,verify.html,puzzle.html]
//        [--categories performance,accessibility,best-practices,seo] [--bin target/release/virada]
//        [--json] [--verbose] [--save DIR]
//
// Each figure is the median, with the lowest and highest run in brackets.
// The bars: performance ≥ 95 with CLS ≤ 0.05; accessibility, best practices
// and SEO 100. Exits 1 when a median is under its bar. `--json` prints one
// JSON line of the medians (the browser test reads it); `--verbose` lists
// each audit that fell short in each run; `--save DIR` writes each run's
// whole report there (PAGE-RUN.json: its long tasks, main-thread breakdown
// and bootup audits say where the blocking time went) and the trace it
// measured (PAGE-RUN.trace.json; tests/bench/load-tasks.mjs --trace reads
// it). Chromium is Debian's
// (CHROME_PATH, default /usr/bin/chromium), headless, with the network
// features it would use on its own turned off.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'index.html,nabu.html,history.html,verify.html,puzzle.html' },
    categories: { type: 'string', default: 'performance,accessibility,best-practices,seo' },
    bin: { type: 'string' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = Math.max(1, Number(values.runs));
const pages = values.pages.split(',').filter(Boolean);
const categories = values.categories.split(',').filter(Boolean);
const bin =
  values.bin ?? [join(root, 'target/release/virada'), join(root, 'target/debug/virada')].find((p) => existsSync(p));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Category → lowest passing score (0–100). */
const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_CLS = 0.05;

const children = new Set();
const folders = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) {
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Chromium may still be writing its cache: a temporary folder is left.
    }
  }
});

/** Starts `command args` and resolves with the first match of `pattern` in its stdout or stderr. */
function startAndWait(command, args, pattern, what) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within 30 s\n${seen}`)), 30_000);
    const look = (text) => {
      seen += text;
      const m = pattern.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m[1] });
      }
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', look);
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}\n${seen}`)));
  });
}

/** The median of numbers. */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

if (!bin || !existsSync(bin)) {
  console.error('lighthouse: no server binary: build it with `cargo build --release -p virada-cli --bin virada`');
  process.exit(2);
}
const data = mkdtempSync(join(tmpdir(), 'virada-lh-data-'));
const profile = mkdtempSync(join(tmpdir(), 'virada-lh-chrome-'));
folders.add(data).add(profile);
const server = await startAndWait(
  bin,
  ['serve', '--port', '0', '--root', root, '--data', data, '--new-key'],
  /on (http:\/\/\S+?)\/?\n/,
  'virada serve',
);
const chrome = await startAndWait(
  chromePath,
  [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
  /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
  'chromium',
);
const port = Number(chrome.match);

/** page → category → scores; page → metric → values. */
const scores = {};
const metrics = {};
let failed = false;
for (let run = 0; run < runs; run++) {
  for (const page of pages) {
    const url = `${server.match}/${page}?lang=en`;
    // A run Lighthouse itself could not record (NO_NAVSTART and the like, on
    // a loaded machine) is tried again, twice at most.
    let lhr = null;
    let trace = null;
    for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
      lhr = result?.lhr ?? null;
      trace = result?.artifacts?.Trace ?? null;
    }
    if (!lhr || lhr.runtimeError) {
      console.error(`${page}: Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
      failed = true;
      continue;
    }
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const name = join(values.save, `${page.replace(/\.html$/, '')}-${run + 1}`);
      writeFileSync(`${name}.json`, JSON.stringify(lhr));
      if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
    }
    scores[page] ??= {};
    metrics[page] ??= { cls: [], lcp: [], tbt: [] };
    for (const c of categories) (scores[page][c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    if (categories.includes('performance')) {
      metrics[page].cls.push(lhr.audits['cumulative-layout-shift'].numericValue);
      metrics[page].lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
      metrics[page].tbt.push(lhr.audits['total-blocking-time'].numericValue);
    }
    if (values.verbose) {
      for (const c of categories) {
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.error(`run ${run + 1} ${page} ${c}: ${ref.id} ${audit.score} ${audit.displayValue ?? ''}`);
          }
        }
      }
    }
  }
}

const report = {};
for (const page of Object.keys(scores)) {
  const line = [];
  report[page] = {};
  for (const c of categories) {
    const m = median(scores[page][c]);
    report[page][c] = m;
    const ok = m >= BARS[c];
    failed ||= !ok;
    const [lo, hi] = [Math.min(...scores[page][c]), Math.max(...scores[page][c])];
    line.push(`${c} ${m}${lo < hi ? ` [${lo}–${hi}]` : ''}${ok ? '' : ` (bar ${BARS[c]})`}`);
  }
  if (categories.includes('performance')) {
    const cls = median(metrics[page].cls);
    const lcp = median(metrics[page].lcp);
    const tbt = median(metrics[page].tbt);
    Object.assign(report[page], { cls, lcp, tbt });
    failed ||= cls > MAX_CLS;
    const range = (xs, f) => (xs.length > 1 ? ` [${f(Math.min(...xs))}–${f(Math.max(...xs))}]` : '');
    line.push(
      `CLS ${cls.toFixed(3)}${cls > MAX_CLS ? ` (bar ${MAX_CLS})` : ''}`,
      `LCP ${(lcp / 1000).toFixed(1)} s${range(metrics[page].lcp, (x) => (x / 1000).toFixed(1))}`,
      `TBT ${Math.round(tbt)} ms${range(metrics[page].tbt, Math.round)}`,
    );
  }
  if (!values.json) console.log(`${page}: ${line.join(', ')}`);
}
if (values.json) console.log(JSON.stringify(report));
else console.log(`median of ${runs} run${runs > 1 ? 's' : ''} a page, Lighthouse mobile: ${failed ? 'FAIL' : 'pass'}`);
await new Promise((resolve) => {
  chrome.child.once('exit', resolve);
  chrome.child.kill();
});
server.child.kill('SIGKILL');
process.exit(failed ? 1 : 0);
