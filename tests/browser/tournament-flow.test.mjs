// A tournament as its people live it, across pages and devices: a Swiss
// of four accounts (Chromium's virtual passkeys), made and joined through
// the API, starts its first round while each is somewhere else on the
// site: ana (desktop) on the tournament's page, bia (a 390 px phone) in
// the lobby, caio (desktop) at a table of his own against the bot, dora
// (a 390 px phone) on Verify a game. ana is taken to her game; the
// others each see a notice with a link to theirs, the lobby's tab title
// changes and My games lists the game at once. ana's table names the
// tournament and round and links back. Then ana's opponent withdraws
// before sitting: her table says so at once, and that the point is hers
// (the forfeit is 10 minutes away: only the withdrawal can end the wait),
// with a way back to the tournament and no Play again. The other two
// meet at their table, and one withdraws before both have moved: a
// forfeit on both tables, never "aborted".
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { signedUp, originOf, DESKTOP, PHONE390 } from './accounts-util.mjs';

/** `page` asks the server `path` (a JSON body for a POST), as the page itself would. */
async function api(page, path, body) {
  return page.evaluate(async ([path, body]) => {
    const init = body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const r = await fetch(path, init);
    return { status: r.status, body: await r.json() };
  }, [path, body]);
}

test('a Swiss round reaches its players on every page, and a leaver does not trap the opponent', { timeout: 180_000 }, async () => {
  const server = await serverWith(['--contribution-window', '1', '--tournament-forfeit', '600']);
  const origin = originOf(server);
  try {
    const people = {};
    for (const [name, options] of [['ana', DESKTOP], ['bia', PHONE390], ['caio', DESKTOP], ['dora', PHONE390]]) {
      people[name] = { name, ...(await signedUp(server, name, options)) };
    }
    const { ana, bia, caio, dora } = people;
    const made = await api(ana.page, 'api/tournaments', { name: 'Flow Swiss', format: 'swiss', clock: '180+2', rated: false, rounds: 3, starts: Date.now() + 6_000 });
    assert.equal(made.status, 201, JSON.stringify(made));
    const id = made.body.id;
    for (const p of Object.values(people)) assert.equal((await api(p.page, `api/tournaments/${id}/join`, {})).status, 200);
    // Each somewhere else on the site when the round starts.
    await ana.page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
    await bia.page.goto(`${origin}/lobby.html?lang=en`);
    await caio.page.goto(`${origin}/index.html?lang=en`);
    await dora.page.goto(`${origin}/verify.html?lang=en`);
    for (const p of Object.values(people)) await p.page.waitForSelector('body[data-ready="true"]');

    // ana, on the tournament's page, is taken to her game.
    await ana.page.waitForURL(/index\.html\?table=/, { timeout: 30_000, waitUntil: 'commit' });
    const v = (await api(bia.page, `api/tournaments/${id}`)).body;
    const boards = v.played[0].boards;
    const boardOf = (name) => boards.find((b) => b.white.name === name || b.black?.name === name);
    const opponentOf = (name) => { const b = boardOf(name); return b.white.name === name ? b.black.name : b.white.name; };
    assert.equal(new URL(ana.page.url()).searchParams.get('table'), boardOf('ana').table);

    // Everyone else: a notice with a link to their own game.
    for (const p of [bia, caio, dora]) {
      const card = p.page.locator(`.round-call[data-table="${boardOf(p.name).table}"]`);
      await card.waitFor({ timeout: 10_000 });
      assert.equal(await card.locator('p.challenge-who').textContent(), `Round 1 of Flow Swiss: your game against ${opponentOf(p.name)} has started.`);
      // Until when they may still sit: the forfeit time, as a time of day.
      assert.match(await card.locator('p.round-call-until').textContent(), /^Sit by \d{1,2}:\d\d( [AP]M)? or lose by forfeit\.$/);
      const href = await card.getByRole('link', { name: `Go to the game: round 1 against ${opponentOf(p.name)}` }).getAttribute('href');
      assert.equal(href, `index.html?table=${boardOf(p.name).table}`);
    }
    // The lobby's tab says it (it is "Lobby — Virada"), and My games lists the game.
    assert.match(await bia.page.title(), /^Round 1 of Flow Swiss/);
    await bia.page.locator(`#mine-list li[data-id="${boardOf('bia').table}"]`).waitFor({ timeout: 10_000 });

    // ana's table names the tournament and round, and links back.
    await ana.page.waitForSelector('body[data-online="waiting"]');
    const back = ana.page.locator('#online-tournament-link');
    await back.waitFor();
    assert.equal(await back.textContent(), 'Flow Swiss · round 1');
    assert.equal(await back.getAttribute('href'), `tournament.html?id=${id}`);
    // Waiting for her opponent: the forfeit, not a bot.
    const held = ana.page.locator('#online-held');
    await held.waitFor();
    assert.match(await held.textContent(), new RegExp(`^Waiting for ${opponentOf('ana')}: if they have not come in \\d+:\\d\\d, they lose by forfeit and the point is yours\\.$`));

    // Her opponent withdraws instead of playing: her table says so at once.
    const leaver = people[opponentOf('ana')];
    assert.equal((await api(leaver.page, `api/tournaments/${id}/withdraw`, {})).status, 200);
    await ana.page.waitForSelector('body[data-online="over"]', { timeout: 10_000 });
    const said = `${leaver.name} withdrew from the tournament. The game is not played: the point is yours.`;
    assert.equal(await ana.page.locator('#online-line').textContent(), said);
    // Its end says the same, and no result of a board never played.
    await ana.page.locator('#result', { hasText: said }).waitFor();
    assert.doesNotMatch(await ana.page.locator('#result').textContent(), /wins|null/);
    await ana.page.locator('#status', { hasText: said }).waitFor();
    assert.doesNotMatch(await ana.page.locator('#status').textContent(), /wins|null/);
    assert.equal(await back.textContent(), 'Back to Flow Swiss');
    assert.equal(await ana.page.locator('#online-again').isHidden(), true);
    assert.equal(await ana.page.locator('#online-held-ways').isHidden(), true);
    const after = (await api(ana.page, `api/tournaments/${id}`)).body;
    const result = after.played[0].boards.find((b) => b.table === boardOf('ana').table).result;
    assert.deepEqual([result.white, result.black], boardOf('ana').white.name === 'ana' ? ['+', '-'] : ['-', '+']);

    // From the lobby's notice to one's own game: the link seats bia.
    const stay = [bia, caio, dora].find((p) => p !== leaver && opponentOf(p.name) !== leaver.name);
    if (stay) {
      await Promise.all([stay.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), stay.page.locator('.round-call-go').first().click()]);
      await stay.page.waitForSelector('body[data-online]');
      await stay.page.locator('#online-tournament-link', { hasText: 'Flow Swiss · round 1' }).waitFor();
      // Its opponent comes too and the game starts; they withdraw before
      // both have moved: a forfeit said as such on both tables, not an abort.
      const other = people[opponentOf(stay.name)];
      await Promise.all([other.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), other.page.locator('.round-call-go').first().click()]);
      for (const p of [stay, other]) await p.page.waitForSelector('body[data-online="playing"]');
      assert.equal((await api(other.page, `api/tournaments/${id}/withdraw`, {})).status, 200);
      const told = `${other.name} withdrew from the tournament. The game is not played: the point is yours.`;
      await stay.page.locator('#result', { hasText: told }).waitFor();
      await other.page.locator('#result', { hasText: 'You withdrew from the tournament: this game is lost by forfeit.' }).waitFor();
      for (const p of [stay, other]) assert.doesNotMatch(await p.page.locator('#result').textContent(), /abort/i);
    }
    for (const p of Object.values(people)) assert.deepEqual(p.page.errors ?? [], [], `${p.name}'s page`);
  } finally {
    server.stop();
  }
});
