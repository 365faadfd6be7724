// A Swiss as its players live it in the browser: four accounts (Chromium's
// virtual passkeys), two on a desktop and two on a 390 px phone. One makes
// the tournament with the page's form, each joins on its page, each
// round's start takes them to their table (or its "Your game" link does),
// where they play a few moves and one resigns; back on the tournament's
// page they are taken to round 2's game. At the end the page's final
// standings are the games as the test played them, and the signed file
// the page offers for download passes `virada swiss check`.
//
// What the server does with a Swiss is tested over its sockets, not here
// (docs/server-tests.md): the Dutch pairings, standings from the signed
// records and the signed TRF to a tournament's end, across a restart and
// across two servers over Redis with one killed between rounds
// (cli/tests/it/online/tournament.rs).
import assert from 'node:assert/strict';
import test from 'node:test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverWith, BIN } from './harness.mjs';
import { signedUp, originOf, DESKTOP, PHONE390 } from './accounts-util.mjs';
import { playOut } from './online-util.mjs';
import { toYourGame, tournamentWhen } from './tournament-util.mjs';

/** `YYYY-MM-DDTHH:MM:SS` in local time, `ms` from now. */
function localIn(ms) {
  const d = new Date(Date.now() + ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Each person goes to their game of round `n` (taken there, or by its
 * "Your game" link), plays a few moves, and the later-seated resigns.
 * Answers the winners' names.
 */
async function playRound(people, n) {
  const boards = new Map();
  for (const p of people) {
    const table = await toYourGame(p.page, n);
    boards.set(table, [...(boards.get(table) ?? []), p]);
  }
  return Promise.all([...boards.values()].map(async (pair) => {
    assert.equal(pair.length, 2);
    for (const p of pair) await p.page.waitForSelector('body[data-online="playing"]');
    await playOut(pair.map((p) => p.page), { until: (ply) => ply >= 4 });
    const loser = pair[1].page;
    await loser.getByRole('button', { name: 'Resign' }).click();
    await loser.locator('#online-confirm-yes').click();
    for (const p of pair) await p.page.waitForSelector('body[data-over="true"]');
    return pair[0].name;
  }));
}

test('four accounts play a 2-round Swiss from the tournament page to its end; the final standings and the signed file offered', { timeout: 300_000 }, async () => {
  const server = await serverWith(['--contribution-window', '1', '--tournament-forfeit', '120']);
  const origin = originOf(server);
  try {
    const names = ['ana', 'bia', 'caio', 'dora'];
    const people = [];
    for (const [i, name] of names.entries()) {
      const p = await signedUp(server, name, i % 2 ? PHONE390 : DESKTOP);
      people.push({ name, ...p });
    }
    // ana makes it with the form, starting in 20 s.
    const ana = people[0].page;
    await ana.goto(`${origin}/tournament.html?lang=en`);
    await ana.waitForSelector('body[data-ready="true"]');
    await ana.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunday Swiss');
    await ana.getByRole('combobox', { name: 'Format' }).selectOption('swiss');
    await ana.getByRole('textbox', { name: /^Clock/ }).fill('30s'); // 30 seconds a move, as people write it
    await ana.getByRole('spinbutton', { name: 'Rounds' }).fill('2');
    await ana.locator('#tn-starts').fill(localIn(20_000));
    await Promise.all([ana.waitForURL(/tournament\.html\?id=/), ana.getByRole('button', { name: 'Make it' }).click()]);
    const id = new URL(ana.url()).searchParams.get('id');
    for (const p of people) {
      await p.page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
      await p.page.waitForSelector('body[data-ready="true"]');
      await p.page.getByRole('button', { name: 'Join' }).click();
      await p.page.locator('#tn-withdraw').waitFor();
      assert.match(await p.page.locator('#tn-countdown').innerText(), /^(Starts in \d|Starting)/);
    }
    const winners = await playRound(people, 1);
    // Round 1 over: everyone back on the tournament's page, which takes them to round 2.
    await tournamentWhen(server.url, id, (v) => v.played[0].boards.every((b) => b.result), 30_000);
    for (const p of people) {
      await p.page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
      await p.page.waitForSelector('body[data-ready="true"]');
    }
    winners.push(...await playRound(people, 2));
    const v = await tournamentWhen(server.url, id, (t) => t.phase === 'over');
    assert.equal(v.played.length, 2, 'each round paired once');

    // The final standings: each person's points are their wins as played.
    const page = people[2].page;
    await page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
    await page.getByRole('heading', { name: 'Final standings' }).waitFor({ timeout: 60_000 });
    const rows = await page.locator('#standings tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
    assert.equal(rows.length, 4);
    for (const [place, name, shown] of rows) {
      assert.equal(Number(shown), winners.filter((w) => w === name).length, `${name}: ${JSON.stringify(rows)}`);
      assert.match(place, /^\d$/);
    }
    // The signed file the page offers, downloaded, passes `virada swiss check`.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#tn-trf').click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'virada-trf-')), download.suggestedFilename());
    await download.saveAs(file);
    assert.equal(download.suggestedFilename(), `tournament-${id}.trf`);
    const said = execFileSync(BIN, ['swiss', 'check', file], { encoding: 'utf8' });
    assert.match(said, /the signature holds/);
    assert.match(said, /every round is the Dutch system's pairing/);
    for (const p of people) assert.deepEqual(p.page.errors ?? [], [], `${p.name}'s page`);
  } finally {
    server.stop();
  }
});
