// Two people, two browser contexts, one table on `virada serve`: a whole
// Othello game and a whole Nabucodonosor game (5×5) played by taps through
// the server. Each page sees the other's moves; the fingerprint is in the
// answer that opens the table and the first frame of every socket, before
// the page sends anything (its socket's frames are recorded both ways);
// each page's contribution (a random value, and the word) is in the record;
// the fingerprint shown before the first move is the SHA-256 of the seed
// revealed at the end; the signed
// record verifies in verify.html and with `virada verify`; edited copies
// (a seat, the clock, a word; their plain digest recomputed) are refused by
// the signature.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import {
  hostTable, joinLink, playOut, ply, fingerprintOf, field, tampered, cliVerify, pageVerify,
  openingAnswer, assertCommittedFirst, assertContributions, contributionsSent,
} from './online-util.mjs';

/** The end of a game on both pages: the same signed record, its seed, its key shown. */
async function checkEnd(a, b, fingerprint) {
  for (const page of [a, b]) {
    await page.waitForSelector('body[data-over="true"]');
    await page.locator('#record').waitFor();
  }
  const record = await a.locator('#record').textContent();
  assert.equal(await b.locator('#record').textContent(), record, 'both pages show the same record');
  assertContributions(record, [a, b]);
  // Each page saw the fingerprint before it sent anything, and it is the record's.
  for (const page of [a, b]) assert.deepEqual(assertCommittedFirst(page), [fingerprint]);
  assert.match(record, /^signature: ed25519 [0-9a-f]{64} [0-9a-f]{128}$/m);
  const seed = field(record, 'seed');
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.equal(fingerprintOf(seed), fingerprint, 'SHA-256 of the revealed seed is the fingerprint shown at the start');
  assert.equal(field(record, 'fingerprint'), fingerprint);
  assert.equal(await a.locator('#seed').textContent(), seed);
  // The server's key beside the record, the one the page saw from /api/key.
  const key = /^signature: ed25519 ([0-9a-f]{64})/m.exec(record)[1];
  const keyLine = await a.locator('#record-key').textContent();
  assert.ok(keyLine.includes(key));
  assert.match(keyLine, /has seen from the server/);
  return record;
}

async function checkVerifies(context, server, record, edits) {
  const good = await pageVerify(context, server, record);
  assert.ok(good.ok, good.texts);
  assert.equal(good.checks.signature, 'signature-ok');
  assert.match(good.texts, /This page has seen that key/);
  const cli = cliVerify(record);
  assert.equal(cli.code, 0, cli.out);
  for (const [from, to] of edits) {
    const edited = tampered(record, from, to);
    const report = await pageVerify(context, server, edited);
    assert.equal(report.ok, false, `${from} → ${to}`);
    assert.equal(report.checks.digest, 'digest-ok', 'the plain digest was recomputed');
    assert.equal(report.checks.signature, 'signature-mismatch', `${from} → ${to}`);
    assert.equal(cliVerify(edited).code, 1);
  }
}

test('a whole Othello game between two people by taps, through the server', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en', { word: 'olá' });
  const a = host.page;
  // The waiting screen: the link to share, the fingerprint before anyone else sits, Start now for the host.
  assert.equal(await a.locator('#online-link').inputValue(), host.link);
  assert.match(host.link, /\/\?table=[0-9a-f]+$/);
  const fingerprint = await a.locator('#online-fingerprint').textContent();
  assert.match(fingerprint, /^[0-9a-f]{64}$/);
  // The commitment is in the very answer that opened the table.
  assert.equal(openingAnswer(a)?.fingerprint, fingerprint);
  assert.match(await a.locator('#online-countdown').textContent(), /The bot sits in the free seat in \d+:\d\d/);
  assert.equal(await a.locator('#online-start').isVisible(), true);

  const { page: b, context: bContext } = await joinLink(host.link);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  assert.equal(await b.locator('body').getAttribute('data-seat'), '1');
  assert.equal(await b.locator('#fingerprint').textContent(), fingerprint);
  assert.equal(await ply(a), 0);

  // The first move: the other page hears it in its live region.
  const first = (await a.locator('#all-moves').isEnabled()) ? [a, b] : [b, a];
  await playOut([first[0], first[1]], { until: (n) => n >= 1 });
  assert.match(await first[1].locator('#status').textContent(), /played [a-h][1-8] and flipped 1 disc/);
  assert.equal(await first[1].locator('#history li').count(), 1);

  await playOut([a, b]);
  const record = await checkEnd(a, b, fingerprint);
  assert.match(record, /^game: othello 8$/m);
  assert.match(record, /^seats: person, person$/m);
  assert.match(record, /^word: olá$/m);
  assert.match(record, /^second-word: $/m);
  // The host's word went out in its contribution, never in a hello.
  assert.deepEqual(contributionsSent(a).map((c) => c.word), ['olá']);
  // The finished game joined "Your last finished games".
  assert.ok((await a.evaluate(() => localStorage.getItem('virada.history'))).includes(field(record, 'digest')));
  await checkVerifies(bContext, server, record, [
    ['seats: person, person', 'seats: person, bot 10'],
    ['clock: 30', 'clock: 60'],
    ['word: olá', 'word: ola'],
  ]);
});

test('a whole Nabucodonosor game on 5×5 between two people by taps', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, 'nabu.html?lang=en', { size: 5, word: 'uno' });
  const a = host.page;
  assert.match(host.link, /\/nabu\.html\?table=[0-9a-f]+$/);
  const fingerprint = await a.locator('#online-fingerprint').textContent();
  // The host changes the word on the waiting screen before anyone sits.
  assert.equal(await a.locator('#online-word').inputValue(), 'uno');
  await a.locator('#online-word').fill('tre');
  await a.waitForFunction(() => JSON.stringify(localStorage.getItem('virada.online.v1')).includes('tre'));
  // Kept when the typing stops; it goes out in the contribution once the guest sits.
  const { page: b, context: bContext } = await joinLink(host.link);
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  assert.equal(await a.locator('#grid [role=gridcell]').count(), 25);
  await playOut([a, b]);
  const record = await checkEnd(a, b, fingerprint);
  assert.match(record, /^game: nabucodonosor 5$/m);
  assert.match(record, /^word: tre$/m);
  assert.equal(await a.locator('#verify-line').getAttribute('data-ok'), 'true');
  await checkVerifies(bContext, server, record, [
    ['seats: person, person', 'seats: bot 2, person'],
    ['clock: 30', 'clock: off'],
    ['word: tre', 'word: tra'],
  ]);
});

test('without the server behind the page, Play online says so plainly', async () => {
  const server = await serverWith([]);
  const context = await newContext();
  const page = await open(context, `${server.url}/?lang=en`);
  // As on a static host: nothing answers at /api/key.
  await page.route('**/api/key', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.locator('#new-game').click();
  await page.getByRole('radio', { name: 'Play online' }).check();
  await page.waitForFunction(() => /needs the Virada server/.test(document.getElementById('nd-server').textContent));
  assert.equal(await page.locator('#nd-start').isDisabled(), true);
  // Back on this device, Start is there again.
  await page.getByRole('radio', { name: 'On this device' }).check();
  assert.equal(await page.locator('#nd-start').isDisabled(), false);
  assert.equal(await page.locator('#nd-server').isVisible(), false);
  // The 404 was the test's own doing.
  page.errors.splice(0, page.errors.length, ...page.errors.filter((e) => !/404/.test(e)));
});

test('Play anyone: two people who both choose it sit at one table', async () => {
  const server = await serverWith([]);
  const first = await hostTable(server, '?lang=en', { anyone: true });
  assert.match(await first.page.locator('#online-line').textContent(), /another person who chose Play anyone/);
  assert.equal(await first.page.locator('#online-countdown').isVisible(), false);
  const second = await hostTable(server, '?lang=it', { anyone: true, waitFor: 'playing' });
  assert.equal(second.link, first.link);
  for (const page of [first.page, second.page]) await page.waitForSelector('body[data-online="playing"]');
  assert.equal(await second.page.locator('body').getAttribute('data-seat'), '1');
  // The language the second person came with stays with them at the table.
  assert.match(await second.page.locator('#online-line').textContent(), /Tavolo online: siedi al posto 2/);
});
