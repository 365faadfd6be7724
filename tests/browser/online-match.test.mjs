// A match (V1) online: the host chooses "Match to 16 points" in the New game
// dialog with "Play online", a guest opens the link; each game is played at
// a table of its own (a nine-move wipe-out, 13 points to whoever plays dark),
// both pages going on to the next game's table by themselves, each game's
// colours drawn from both pages' contributions. The lobby's line shows the
// match. At the end the page links
// the server's signed match record, which verifies in verify.html; a copy
// with a game's points changed, its digests recomputed, fails there on the
// signature.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import test from 'node:test';
import { serverWith, newContext, open } from './harness.mjs';
import { PHONE, anyTurn, hostTable, joinLink, myTurn, contributionsSent, assertCommittedFirst, cliVerify, field } from './online-util.mjs';

const tableId = (url) => new URL(url).searchParams.get('table');
/** Nine plies after which dark has every disc, 13 to 0. */
const WIPE_OUT = ['d3', 'c3', 'b3', 'd2', 'e1', 'd6', 'd7', 'e3', 'f4'];

/** The grid cell of square `name`. */
function cell(page, name) {
  const i = (Number(name[1]) - 1) * 8 + 'abcdefgh'.indexOf(name[0]);
  return page.locator(`#grid [data-sq="${i}"]`);
}

/** Plays the wipe-out by taps: whoever's turn it is taps the next square twice (preview, place). */
async function playWipeOut(pages) {
  for (let n = 0; n < WIPE_OUT.length; n++) {
    for (const page of pages) await page.waitForFunction((k) => Number(document.body.dataset.ply) === k, n);
    let mover = null;
    while (!mover) {
      for (const page of pages) if (!mover && (await myTurn(page))) mover = page;
      if (!mover) await anyTurn(pages);
    }
    await cell(mover, WIPE_OUT[n]).tap();
    await cell(mover, WIPE_OUT[n]).tap();
  }
  for (const page of pages) await page.waitForSelector('body[data-over="true"]');
}

/** The match record with every digest recomputed (each game's and the match's), the signatures kept. */
function redigest(text) {
  const sha = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
  let whole = '';
  let game = '';
  let inGame = false;
  for (let line of text.trimEnd().split('\n')) {
    if (line.startsWith('virada-record ')) {
      game = '';
      inGame = true;
    }
    if (line.startsWith('total: ')) inGame = false;
    if (line.startsWith('digest: ')) line = `digest: ${sha(inGame ? game : whole)}`;
    whole += `${line}\n`;
    game += `${line}\n`;
  }
  return whole;
}

/** verify.html on `record`: whether it passed, and each of the match's own checks by name. */
async function verifyInPage(context, url, record) {
  const page = await context.newPage();
  await page.goto(`${url}/verify.html?lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#record-input').fill(record);
  await page.locator('#verify-button').click();
  // The match's verifier loads on demand, then the browser checks the signatures.
  await page.waitForSelector('#checks li[data-check="match-signature"]:not([data-code="signature-in-page"])');
  const ok = (await page.locator('body').getAttribute('data-verified')) === 'true';
  const own = Object.fromEntries(await page.$$eval('#checks > li[data-check]', (els) => els.map((li) => [li.dataset.check, li.dataset.code])));
  const games = await page.$$eval('#checks li.game-report', (els) => els.map((li) => li.dataset.ok));
  await page.close();
  return { ok, own, games };
}

test('two browsers play an online match to 16 points and its signed record verifies', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en', { match: 'points:16' });
  const a = host.page;
  // The lobby's line shows the match of the waiting table.
  const guest = await newContext(PHONE);
  const lobby = await open(guest, `${server.url}/lobby.html?lang=en`);
  const listed = lobby.locator(`#waiting-list .lobby-entry[data-id="${tableId(host.link)}"]`);
  await listed.waitFor();
  assert.match(await listed.innerText(), /match to 16 points, game 1/);
  await lobby.close();
  const { page: b } = await joinLink(host.link, guest);
  const tables = [tableId(host.link)];
  for (;;) {
    for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]', { timeout: 20_000 });
    const line = await a.locator('#online-match').textContent();
    assert.match(line, new RegExp(`^Match to 16 points, game ${tables.length}: \\d+ – \\d+`));
    await playWipeOut([a, b]);
    // The next game's table, or the end of the match.
    const next = await Promise.race([
      a.waitForURL((url) => tableId(url.href) !== tables.at(-1), { timeout: 20_000 }).then(() => tableId(a.url())),
      a.waitForSelector('#online-match-end:not([hidden])', { timeout: 20_000 }).then(() => null),
    ]);
    if (next === null) break;
    await b.waitForURL((url) => tableId(url.href) === next);
    tables.push(next);
  }
  assert.ok(tables.length >= 2 && tables.length <= 3, `${tables.length} games`);
  assert.equal(new Set(tables).size, tables.length, 'a table a game');
  assert.match(await a.locator('#online-match').textContent(), /The match is over: player [12] wins/);
  await b.waitForSelector('#online-match-end:not([hidden])');

  // The signed match record: every game with both pages' contributions and its own commitment.
  const address = await a.locator('#online-match-record').getAttribute('href');
  const text = await (await a.request.get(address)).text();
  assert.match(text, /^virada-match 2\nmatch: to 16 points\nseats: person, person\n/);
  const games = text.split(/^game \d+: .*\n/m).slice(1);
  assert.equal(games.length, tables.length);
  const sentA = contributionsSent(a).map((c) => c.random);
  const sentB = contributionsSent(b).map((c) => c.random);
  const fingerprints = new Set([...assertCommittedFirst(a), ...assertCommittedFirst(b)]);
  for (const game of games) {
    assert.ok(sentA.includes(field(game, 'random')), 'the host page contributed to this game');
    assert.ok(sentB.includes(field(game, 'second-random')), 'the guest page contributed to this game');
    assert.ok(fingerprints.has(field(game, 'fingerprint')), 'the commitment each page saw first');
  }
  assert.equal(new Set(games.map((g) => field(g, 'fingerprint'))).size, games.length, 'a new commitment each game');
  assert.equal(cliVerify(text).code, 0);

  // verify.html: the page's own link, then a tampered copy.
  const link = await a.locator('#online-match-verify').getAttribute('href');
  assert.match(link, /^verify\.html#r=/);
  const checked = await a.context().newPage();
  await checked.goto(new URL(link, a.url()).href);
  await checked.waitForSelector('#checks li[data-check="match-signature"]:not([data-code="signature-in-page"])');
  assert.equal(await checked.locator('#checks li[data-check="match-signature"]').getAttribute('data-code'), 'signature-ok');
  assert.equal(await checked.locator('body').getAttribute('data-verified'), 'true');
  await checked.close();

  const points = /^game 1: first (\d+) second (\d+)$/m.exec(text);
  const edited = redigest(text.replace(points[0], `game 1: first ${points[2]} second ${points[1]}`));
  const refused = await verifyInPage(a.context(), server.url, edited);
  assert.equal(refused.ok, false);
  assert.equal(refused.own['match-digest'], 'match-digest-ok', 'the digests were recomputed');
  assert.equal(refused.own['match-signature'], 'signature-mismatch');
  const renamed = redigest(text.replace('seats: person, person\ngame 1', 'seats: person, bot 3\ngame 1'));
  assert.equal((await verifyInPage(a.context(), server.url, renamed)).own['match-signature'], 'signature-mismatch');
  assert.notEqual(cliVerify(edited).code, 0);
});
