// A Swiss played to its end in the browser: eight accounts (Chromium's
// virtual passkeys) on two servers over one Redis (Debian's redis-server,
// started here on a free port), one of which is SIGKILLed between the
// rounds. One makes the tournament with the page's form, each joins on its
// page, each round's "Your game" link takes them to their table, where
// they play a few moves and one resigns. At the end the page's standings
// are what the signed records say, and the signed TRF served checks with
// `virada swiss check` (every round the Dutch system's, the signature
// holding). Three rounds of four games, every game's pages open at once.
import assert from 'node:assert/strict';
import test from 'node:test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverWith, BIN } from './harness.mjs';
import { signedUp, originOf, DESKTOP, PHONE390 } from './accounts-util.mjs';
import { playOut } from './online-util.mjs';
import { startRedis } from './redis-util.mjs';
import { toYourGame, tournamentNow, tournamentWhen } from './tournament-util.mjs';

/** `YYYY-MM-DDTHH:MM:SS` in local time, `ms` from now. */
function localIn(ms) {
  const d = new Date(Date.now() + ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Each person goes to their game of round `n` (taken there, or by its "Your game" link), plays a few moves, and the later-seated resigns. */
async function playRound(people, n) {
  const boards = new Map();
  for (const p of people) {
    const table = await toYourGame(p.page, n);
    boards.set(table, [...(boards.get(table) ?? []), p]);
  }
  await Promise.all([...boards.values()].map(async (pair) => {
    assert.equal(pair.length, 2);
    for (const p of pair) await p.page.waitForSelector('body[data-online="playing"]');
    await playOut(pair.map((p) => p.page), { until: (ply) => ply >= 4 });
    const loser = pair[1].page;
    await loser.getByRole('button', { name: 'Resign' }).click();
    await loser.locator('#online-confirm-yes').click();
    for (const p of pair) await p.page.waitForSelector('body[data-over="true"]');
  }));
  return [...boards.keys()];
}

test('eight accounts play a 3-round Swiss to its end over two servers, one killed between rounds; the standings and the signed TRF check', { timeout: 600_000 }, async () => {
  const redis = await startRedis('tournament');
  const flags = ['--redis', redis.url, '--key-file', join(redis.dir, 'signing.key'), '--contribution-window', '1', '--tournament-forfeit', '120'];
  const first = await serverWith(flags);
  const second = await serverWith(flags);
  try {
    const names = ['ana', 'bia', 'caio', 'dora', 'edu', 'fia', 'gil', 'hana'];
    const people = [];
    for (const [i, name] of names.entries()) {
      const p = await signedUp(first, name, i % 2 ? PHONE390 : DESKTOP);
      people.push({ name, ...p });
    }
    // ana makes it with the form, starting in 20 s.
    const ana = people[0].page;
    await ana.goto(`${originOf(first)}/tournament.html?lang=en`);
    await ana.waitForSelector('body[data-ready="true"]');
    await ana.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunday Swiss');
    await ana.getByRole('combobox', { name: 'Format' }).selectOption('swiss');
    await ana.getByRole('textbox', { name: /^Clock/ }).fill('30s'); // 30 seconds a move, as people write it
    await ana.getByRole('spinbutton', { name: 'Rounds' }).fill('3');
    await ana.locator('#tn-starts').fill(localIn(30_000));
    await Promise.all([ana.waitForURL(/tournament\.html\?id=/), ana.getByRole('button', { name: 'Make it' }).click()]);
    const id = new URL(ana.url()).searchParams.get('id');
    // Half join on the first server's page, half on the second's (one Redis).
    for (const [i, p] of people.entries()) {
      const server = i < names.length / 2 ? first : second;
      await p.page.goto(`${originOf(server)}/tournament.html?id=${id}&lang=en`);
      await p.page.waitForSelector('body[data-ready="true"]');
      await p.page.getByRole('button', { name: 'Join' }).click();
      await p.page.locator('#tn-withdraw').waitFor();
      assert.match(await p.page.locator('#tn-countdown').innerText(), /^(Starts in \d|Starting)/);
    }
    const tables = await playRound(people, 1);
    // Round 1 over: everyone goes on at the second server, and the first
    // (which may hold the tournament's lease) is killed.
    await tournamentWhen(second.url, id, (v) => v.played[0].boards.every((b) => b.result), 30_000);
    for (const p of people) {
      await p.page.goto(`${originOf(second)}/tournament.html?id=${id}&lang=en`);
      await p.page.waitForSelector('body[data-ready="true"]');
    }
    await first.kill();
    for (const n of [2, 3]) {
      if (n > 2) {
        for (const p of people) {
          await p.page.goto(`${originOf(second)}/tournament.html?id=${id}&lang=en`);
          await p.page.waitForSelector('body[data-ready="true"]');
        }
      }
      tables.push(...await playRound(people, n));
    }
    const page = people[2].page;
    await page.goto(`${originOf(second)}/tournament.html?id=${id}&lang=en`);
    await page.getByRole('heading', { name: 'Final standings' }).waitFor({ timeout: 60_000 });
    const v = await tournamentNow(second.url, id);
    assert.equal(v.phase, 'over');
    assert.equal(v.played.length, 3, 'each round paired once');
    // The standings as the records say: each game's record names its
    // tournament and round; a resignation is the other's win.
    const points = Object.fromEntries(names.map((n) => [n, 0]));
    for (const table of tables) {
      const record = await page.evaluate(async (t) => (await fetch(`api/records/${t}`)).text(), table);
      assert.match(record, new RegExp(`^tournament: ${id} round [123]$`, 'm'));
      const [a, b] = /^names: (.*)$/m.exec(record)[1].split(', ');
      const dark = /^dark: (.*)$/m.exec(record)[1] === 'first' ? a : b;
      const winner = /dark wins/.test(record) ? dark : (dark === a ? b : a);
      points[winner] += 1;
    }
    const rows = await page.locator('#standings tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
    assert.equal(rows.length, 8);
    for (const [place, name, shown] of rows) {
      assert.equal(Number(shown), points[name], `${name}: ${JSON.stringify(rows)}`);
      assert.match(place, /^\d$/);
    }
    // The signed file.
    const trf = await page.evaluate(async (id) => (await fetch(`api/tournaments/${id}/trf`)).text(), id);
    const file = join(mkdtempSync(join(tmpdir(), 'virada-trf-')), 'tournament.trf');
    writeFileSync(file, trf);
    const said = execFileSync(BIN, ['swiss', 'check', file], { encoding: 'utf8' });
    assert.match(said, /the signature holds/);
    assert.match(said, /every round is the Dutch system's pairing/);
    for (const p of people) assert.deepEqual(p.page.errors ?? [], [], `${p.name}'s page`);
  } finally {
    second.stop();
    first.stop();
    redis.stop();
  }
});
