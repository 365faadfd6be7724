// What each page downloads, gzip-compressed, against a budget: the HTML, what
// it links (favicon, style sheets, its module script, preloads), every module
// those scripts import statically, and the wasm package they load — what the
// page needs to draw its first board. What loads later, on demand, is listed
// after it, each part with what it adds: a module loaded by `import()` (the
// review, the online table) or started as a worker (the bots), with what they
// in turn import.
//
//   node tests/bench/page-weight.mjs [--budget-kb 150] [--whole-budget-kb 1536]
//        [--pages index.html,nabu.html,history.html,verify.html,puzzle.html]
//
// Then each page's whole transfer: its first board, every part it may load
// on demand, and the bots' weights (each file once), against its own budget.
//
// The budget applies to every page's first board, each page on its own.
// Bot weight files (*weights*, *.bin) are left out: the bot's worker fetches
// them apart. So is `<link rel="apple-touch-icon">`: a browser fetches it
// only when a person adds the page to an iOS home screen, never to draw the
// page. Exits 1 when a page is over budget.
//
// The puzzle page draws its first board from its worker's answer (the
// position comes from the puzzle package, with the shipped set): its worker,
// what the worker imports and the set count in its first board
// (`FIRST_BOARD_NEEDS`), not on demand.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: {
    'budget-kb': { type: 'string', default: '150' },
    'whole-budget-kb': { type: 'string', default: '1536' },
    pages: { type: 'string', default: 'index.html,nabu.html,history.html,verify.html,puzzle.html' },
  },
});
/** What a page's first board needs beyond what its HTML loads (see the top). */
const FIRST_BOARD_NEEDS = { 'puzzle.html': ['www/puzzle/worker.js', 'www/puzzle/puzzles.txt'] };
const budget = Number(values['budget-kb']) * 1024;
const root = fileURLToPath(new URL('../../', import.meta.url));
const excluded = /weights|\.bin$/;

/**
 * The files `path` makes the browser fetch, relative references resolved:
 * {now, later}, `now` fetched with it (links, scripts, static imports, the
 * wasm beside wasm-bindgen's loader), `later` on demand (dynamic `import()`,
 * workers).
 */
function references(path) {
  const text = readFileSync(path, 'utf8');
  const here = dirname(path);
  const now = [];
  const later = [];
  const [nowPatterns, laterPatterns] = path.endsWith('.html')
    ? [[/<link\b(?![^>]*\brel="apple-touch-icon")[^>]*\bhref="([^"]+)"/g, /<script\b[^>]*\bsrc="([^"]+)"/g], []]
    : path.endsWith('.js')
      ? [
          [/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g, /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g],
          [
            /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
            /new URL\(\s*['"]([^'"]+\.js)['"]\s*,\s*import\.meta\.url\s*\)/g,
          ],
        ]
      : [[], []];
  // JSDoc's `import('./x.js').Type` is a type, not a load: comments are skipped.
  const code = path.endsWith('.js') ? text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '') : text;
  for (const pattern of nowPatterns) for (const m of code.matchAll(pattern)) now.push(join(here, m[1]));
  for (const pattern of laterPatterns) for (const m of code.matchAll(pattern)) later.push(join(here, m[1]));
  // wasm-bindgen's loader fetches its module beside itself by default.
  if (/pkg[^/]*\/virada\.js$/.test(path)) now.push(join(here, 'virada_bg.wasm'));
  const keep = (p) => existsSync(p) && !excluded.test(p);
  return { now: now.filter(keep), later: later.filter(keep) };
}

/**
 * What a page loads: `first`, every file fetched before its first board (the
 * page included), and `parts`, each file loaded on demand (a dynamic import,
 * a worker) with the files it brings beyond the first board's (each part
 * on its own: two parts may bring the same file, the bots' engine say).
 */
function pageFiles(page) {
  const first = new Set();
  const starts = [];
  const walk = (start, seen, into) => {
    const queue = [start];
    while (queue.length) {
      const path = queue.pop();
      if (seen.has(path) || into.has(path)) continue;
      into.add(path);
      const { now, later } = references(path);
      queue.push(...now);
      starts.push(...later);
    }
  };
  walk(join(root, page), new Set(), first);
  for (const need of FIRST_BOARD_NEEDS[page] ?? []) walk(join(root, need), new Set(), first);
  const parts = [];
  const done = new Set(first);
  while (starts.length) {
    const start = starts.shift();
    if (done.has(start)) continue;
    done.add(start);
    const part = new Set();
    walk(start, first, part);
    parts.push({ start, files: [...part].sort() });
  }
  return { first: [...first].sort(), parts };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** Gzip and raw sizes of `files`, each listed when `list`. */
function weigh(files, { list }) {
  let total = 0;
  let raw = 0;
  for (const path of files) {
    const bytes = readFileSync(path);
    const packed = gzipSync(bytes, { level: 9 }).length;
    total += packed;
    raw += bytes.length;
    if (list) console.log(`${String(packed).padStart(8)} ${String(bytes.length).padStart(8)}  ${relative(root, path)}`);
  }
  return { total, raw };
}

let pass = true;
for (const page of values.pages.split(',').filter(Boolean)) {
  const { first, parts } = pageFiles(page);
  const main = weigh(first, { list: true });
  console.log(`${String(main.total).padStart(8)} ${String(main.raw).padStart(8)}  total of ${page} before its first board (gzip -9, raw)`);
  for (const part of parts) {
    console.log(`on demand, ${relative(root, part.start)}: +${kb(weigh(part.files, { list: false }).total)} (${part.files.map((p) => relative(root, p)).join(', ')})`);
  }
  const firstPass = main.total <= budget;
  console.log(`page weight of ${page}: ${kb(main.total)} gzip of ${kb(budget)} budget: ${firstPass ? 'pass' : 'FAIL'}`);
  // The whole transfer: the bots' worker fetches the weights and the opening
  // book beside its package.
  const weights = ['www/pkg-bot/eval-weights.vrdw', 'www/pkg-bot/opening-book.vrdb'].map((p) => join(root, p)).filter((p) => existsSync(p));
  const everything = new Set([...first, ...parts.flatMap((part) => part.files), ...weights]);
  const whole = weigh([...everything], { list: false });
  const wholeBudget = Number(values['whole-budget-kb']) * 1024;
  const wholePass = whole.total <= wholeBudget;
  console.log(
    `whole transfer of ${page} with every on-demand part and ${weights.map((p) => relative(root, p)).join(', ') || 'no weights or book (run make wasm)'}: ${kb(whole.total)} gzip of ${kb(wholeBudget)} budget: ${wholePass ? 'pass' : 'FAIL'}\n`,
  );
  pass &&= firstPass && wholePass;
}
process.exit(pass ? 0 : 1);
