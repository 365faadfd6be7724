// An arena played to its end in the browser: two accounts (Chromium's
// virtual passkeys) join on the tournament page; their game is paired, each
// follows their "Your game" link to the table, they play a few moves and
// one resigns. The arena's 5 minutes last 10 s here (`--arena-minute 2`, a
// flag for tests), and it ends once its last game is over. At the end the
// page's final standings are lichess's scoring of the game as the test
// played it (2 a win), the winner said, no streak shown once over.
//
// What the server does with an arena is tested over its sockets, not here
// (docs/server-tests.md): whoever finishes paired again at once, never the
// same opponent twice in a row, streaks scored 4 a win, the signed file
// (cli/tests/it/online/tournament_arena.rs).
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { signedUp, originOf, DESKTOP } from './accounts-util.mjs';
import { playOut } from './online-util.mjs';
import { toYourGame, tournamentNow } from './tournament-util.mjs';

/**
 * Board `board` of wave `n` played from the tournament page: both follow
 * their link, a few moves, then the one seated second resigns. Answers the
 * winner's name.
 */
async function playBoard(origin, id, n, board, people) {
  const pair = [board.white.name, board.black.name].map((name) => people.find((p) => p.name === name));
  for (const p of pair) {
    // The tournament's page may take them to the table before it has loaded
    // (tournament/call.js): the goto is then interrupted, the table reached.
    await p.page.goto(`${origin}/tournament.html?id=${id}&lang=en`).catch((e) => {
      if (!/interrupted by another navigation/.test(String(e))) throw e;
    });
    assert.equal(await toYourGame(p.page, n), board.table);
  }
  for (const p of pair) await p.page.waitForSelector('body[data-online="playing"]');
  await playOut(pair.map((p) => p.page), { until: (ply) => ply >= 4 });
  const loser = pair[1].page;
  await loser.getByRole('button', { name: 'Resign' }).click();
  await loser.locator('#online-confirm-yes').click();
  for (const p of pair) await p.page.waitForSelector('body[data-over="true"]');
  return pair[0].name;
}

/** lichess's arena points of one player's results in order (true: a win). */
function lichessPoints(wins) {
  let points = 0;
  wins.forEach((won, i) => {
    if (won) points += i >= 2 && wins[i - 1] && wins[i - 2] ? 4 : 2;
  });
  return points;
}

test('two accounts play an arena to its end from the tournament page; the final standings as lichess scores', { timeout: 180_000 }, async () => {
  const server = await serverWith(['--contribution-window', '1', '--arena-minute', '2']);
  const origin = originOf(server);
  try {
    const names = ['ana', 'bia'];
    const people = [];
    for (const name of names) people.push({ name, ...(await signedUp(server, name, DESKTOP)) });
    const id = await people[0].page.evaluate(async () => {
      const body = { name: 'Arena Relâmpago', format: 'arena', clock: '180+0', rated: false, minutes: 5, starts: Date.now() + 8_000 };
      const r = await fetch('api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await r.json()).id;
    });
    for (const p of people) {
      await p.page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
      await p.page.waitForSelector('body[data-ready="true"]');
      await p.page.getByRole('button', { name: 'Join' }).click();
      await p.page.locator('#tn-withdraw').waitFor();
    }
    // Every game as it is paired (two people: one, since nobody meets the
    // same opponent twice in a row), the boards of a wave side by side.
    const winners = new Map();
    for (;;) {
      const v = await tournamentNow(server.url, id);
      if (v.phase === 'over') break;
      const todo = v.played.flatMap((r) => r.boards.map((b) => ({ n: r.number, b })))
        .filter(({ b }) => b.table && !b.result && !winners.has(b.table));
      if (todo.length === 0) {
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      for (const { b } of todo) winners.set(b.table, null);
      const won = await Promise.all(todo.map(({ n, b }) => playBoard(origin, id, n, b, people)));
      todo.forEach(({ b }, i) => winners.set(b.table, won[i]));
    }
    const page = people[1].page;
    await page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
    await page.getByRole('heading', { name: 'Final standings' }).waitFor({ timeout: 60_000 });
    const v = await tournamentNow(server.url, id);
    assert.ok(v.played.length >= 1, 'a game was paired');
    // Each player's games in order: the results the server kept are the games as played.
    const games = Object.fromEntries(names.map((n) => [n, []]));
    for (const r of v.played) {
      for (const b of r.boards) {
        const winner = winners.get(b.table);
        assert.ok(winner, `a board the test played: ${JSON.stringify(b)}`);
        assert.deepEqual([b.result.white, b.result.black], winner === b.white.name ? ['1', '0'] : ['0', '1']);
        games[b.white.name].push({ opponent: b.black.name, won: winner === b.white.name });
        games[b.black.name].push({ opponent: b.white.name, won: winner === b.black.name });
      }
    }
    // The page's final standings: lichess's points of those games, in order.
    const rows = await page.locator('#standings tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
    assert.equal(rows.length, names.length);
    let last = Infinity;
    for (const [place, name, shown] of rows) {
      const expected = lichessPoints(games[name].map((g) => g.won));
      assert.equal(Number(shown), expected, `${name}: ${JSON.stringify(rows)}`);
      assert.ok(expected <= last, `in order of points: ${JSON.stringify(rows)}`);
      assert.match(place, /^\d$/);
      last = expected;
    }
    // Over: who won, no streak (a live thing), equal points by the higher performance.
    assert.match(await page.locator('#tn-winner').innerText(), /^Won by \S+ with \d+ points?\.$/);
    assert.deepEqual(await page.locator('#standings th').allInnerTexts(), ['Place', 'Player', 'Points', 'Performance']);
    assert.equal(await page.locator('#standings .tn-fire').count(), 0);
    // (An unrated arena shows no performance, "—": then the rating decides.)
    const performance = (row) => (row[3] === '—' ? -Infinity : Number(row[3]));
    for (let i = 1; i < rows.length; i++) {
      if (rows[i][2] === rows[i - 1][2]) assert.ok(performance(rows[i]) <= performance(rows[i - 1]), `equal points by performance: ${JSON.stringify(rows)}`);
    }
    for (const p of people) assert.deepEqual(p.page.errors ?? [], [], `${p.name}'s page`);
  } finally {
    server.stop();
  }
});
