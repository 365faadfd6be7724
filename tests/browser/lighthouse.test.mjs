// Lighthouse's accessibility, best-practices and SEO audits on the five
// pages (the table, Nabucodonosor, Verify a game, the history, the puzzles) as `virada
// serve` serves them: 100 each. These categories do not depend on timing;
// the performance score does, so it stays a benchmark (`make lighthouse`).
// And the pages' first boards within their download budget
// (`tests/bench/page-weight.mjs`).
// Both scripts run as they are, on the harness's server binary.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, ROOT } from './harness.mjs';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'];
const PAGES = ['index.html', 'nabu.html', 'verify.html', 'history.html', 'puzzle.html'];

test('accessibility, best practices and SEO score 100 on the five pages', () => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'tests/bench/lighthouse.mjs'), '--runs', '1', '--json', '--verbose', '--bin', BIN, '--categories', CATEGORIES.join(','), '--pages', PAGES.join(',')],
    { encoding: 'utf8', timeout: 240_000 },
  );
  const json = run.stdout.trim().split('\n').pop();
  assert.ok(json?.startsWith('{'), `no report from lighthouse.mjs:\n${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(json);
  for (const page of PAGES) {
    for (const c of CATEGORIES) {
      // run.stderr lists each audit that fell short.
      assert.equal(report[page]?.[c], 100, `${page} ${c}\n${run.stderr}`);
    }
  }
  assert.equal(run.status, 0, run.stderr);
});

test('the table\'s and the puzzles\' first boards are within their download budget', () => {
  const run = spawnSync(process.execPath, [join(ROOT, 'tests/bench/page-weight.mjs')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /page weight of index\.html: [\d.]+ KB gzip of 150\.0 KB budget: pass/);
  assert.match(run.stdout, /page weight of puzzle\.html: [\d.]+ KB gzip of 150\.0 KB budget: pass/);
});
