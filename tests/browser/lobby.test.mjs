// The lobby (lobby.html) over a real server: a page opens the lobby, a host
// opens a table from the New game dialog, and the lobby lists it as
// waiting; a second person taps it there and sits, and the entry moves to
// the games in progress; a third taps the game and watches, and the lobby
// counts one spectator. A game shows its move and score as it goes, a
// person who left as away, and leaves the list once both people left. A
// lobby follows its server through a restart, and a Nabucodonosor table's
// link is nabu.html's. Nothing is waited for by sleeping: each step waits
// for what the page shows.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith, newContext, open } from './harness.mjs';
import { hostTable, joinLink, playOut, PHONE } from './online-util.mjs';

/** Opens the lobby in a fresh context and waits until it follows the server. */
async function openLobby(server, options = PHONE) {
  const context = await newContext(options);
  const page = await open(context, `${server.url}/lobby.html?lang=en`);
  await page.waitForSelector('body[data-ready="true"][data-lobby="live"]');
  return { page, context };
}

test('the lobby lists a waiting table, moves it to the games when a person sits from it, and counts a spectator', async () => {
  const server = await serverWith([]);
  const { page: lobby } = await openLobby(server, { viewport: { width: 1280, height: 800 } });
  assert.equal(await lobby.locator('#waiting-count').textContent(), '0');
  assert.equal(await lobby.locator('#waiting-none').isVisible(), true);

  const host = await hostTable(server, '?lang=en', { level: 2 });
  const id = new URL(host.link).searchParams.get('table');
  const waiting = lobby.locator(`#waiting-list .lobby-entry[data-id="${id}"]`);
  const shownAt = Date.now();
  await waiting.waitFor();
  console.log(`lobby: the table listed ${Date.now() - shownAt} ms after the host's page was waiting`);
  assert.equal(await lobby.locator('#waiting-count').textContent(), '1');
  assert.equal(await lobby.locator('#waiting-none').isVisible(), false);
  assert.match(await waiting.innerText(), /Othello/);
  assert.match(await waiting.innerText(), /a person – free seat/);
  const fingerprint = await host.page.locator('#fingerprint').textContent();
  if (fingerprint) assert.match(await waiting.innerText(), new RegExp(`Fingerprint ${fingerprint.slice(0, 16)}`));

  // A second person opens the lobby and taps the table: they sit, the game starts.
  const { page: guest } = await openLobby(server);
  const entry = guest.locator(`#waiting-list .lobby-entry[data-id="${id}"] a`);
  assert.match(await entry.getAttribute('aria-label'), /^Sit at this Othello table/);
  await entry.tap();
  await guest.waitForURL((url) => url.searchParams.get('table') === id);
  await guest.waitForSelector('body[data-online="playing"][data-seat="1"]');
  await host.page.waitForSelector('body[data-online="playing"][data-seat="0"]');

  // The first lobby sees it move from the waiting tables to the games.
  const playing = lobby.locator(`#playing-list .lobby-entry[data-id="${id}"]`);
  await playing.waitFor();
  await waiting.waitFor({ state: 'detached' });
  assert.equal(await lobby.locator('#waiting-count').textContent(), '0');
  assert.match(await playing.innerText(), /a person – a person/);
  assert.match(await playing.innerText(), /nobody watching/);

  // A third person taps the game in their lobby and watches.
  const { page: watcher } = await openLobby(server);
  const game = watcher.locator(`#playing-list .lobby-entry[data-id="${id}"] a`);
  await game.waitFor();
  assert.match(await game.getAttribute('aria-label'), /^Watch this Othello game/);
  await game.tap();
  await watcher.waitForURL((url) => url.searchParams.get('table') === id);
  await watcher.waitForSelector('body[data-online="playing"][data-seat="watching"]');
  await lobby.waitForFunction((tableId) => /1 watching/.test(
    document.querySelector(`#playing-list .lobby-entry[data-id="${tableId}"]`)?.textContent ?? '',
  ), id);
});

test('a game shows its move and score, then a person who left as away, and leaves the lobby when both left', async () => {
  const server = await serverWith([]);
  const { page: lobby } = await openLobby(server);
  const host = await hostTable(server, '?lang=en');
  const id = new URL(host.link).searchParams.get('table');
  const guest = await joinLink(host.link);
  for (const page of [host.page, guest.page]) await page.waitForSelector('body[data-online="playing"]');
  const entry = lobby.locator(`#playing-list .lobby-entry[data-id="${id}"]`);
  const progress = entry.locator('.lobby-progress');
  await progress.waitFor();
  assert.equal(await progress.textContent(), 'move 1 · 2–2');
  // Four moves: the fifth is to be played, and the board holds eight discs.
  await playOut([host.page, guest.page], { until: (ply) => ply >= 4 });
  await lobby.waitForFunction((tableId) => /^move 5 · /.test(
    document.querySelector(`#playing-list .lobby-entry[data-id="${tableId}"] .lobby-progress`)?.textContent ?? '',
  ), id);
  const [first, second] = (await progress.textContent()).split(' · ')[1].split('–').map(Number);
  assert.equal(first + second, 8, 'a disc a move, after the four of the start');
  assert.match(await entry.locator('a').getAttribute('aria-label'), /move 5 · \d+–\d+/);

  // The guest leaves: the lobby says so; then the host too: the game goes.
  await guest.context.close();
  await lobby.waitForFunction((tableId) => /^a person – a person \(away\)$/.test(
    document.querySelector(`#playing-list .lobby-entry[data-id="${tableId}"] .lobby-seats`)?.textContent ?? '',
  ), id);
  await host.context.close();
  await entry.waitFor({ state: 'detached' });
  assert.equal(await lobby.locator('#playing-count').textContent(), '0');
});

/**
 * The browser's complaints while the server was down are expected: the event
 * stream cut, then refused, and any other load the kill cut short (the
 * favicon, fetched lazily, was once in flight). Nothing else is.
 */
function forgetServerDown(page) {
  const down = /net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING|EMPTY_RESPONSE|CONNECTION_RESET)/;
  const kept = page.errors.filter((e) => !(down.test(e) && /^(request failed: |console: Failed to load resource)/.test(e)));
  page.errors.splice(0, page.errors.length, ...kept);
}

test('the lobby follows its server through a restart; a Nabucodonosor table opens at nabu.html', async () => {
  const server = await serverWith([]);
  const { page: lobby } = await openLobby(server);
  await server.kill();
  await lobby.waitForSelector('body[data-lobby="retrying"]');
  assert.match(await lobby.locator('#connection').textContent(), /trying again/);
  await server.restart();
  await lobby.waitForSelector('body[data-lobby="live"]', { timeout: 30_000 });
  forgetServerDown(lobby);

  const host = await hostTable(server, 'nabu.html?lang=en', { size: 5 });
  const id = new URL(host.link).searchParams.get('table');
  const entry = lobby.locator(`#waiting-list .lobby-entry[data-id="${id}"] a`);
  await entry.waitFor();
  assert.equal(await entry.getAttribute('href'), `nabu.html?table=${id}`);
  assert.match(await entry.innerText(), /Nabucodonosor 5×5/);
  await entry.tap();
  await lobby.waitForURL((url) => url.pathname.endsWith('/nabu.html') && url.searchParams.get('table') === id);
  await lobby.waitForSelector('body.nabu[data-online="playing"][data-seat="1"]');
});
