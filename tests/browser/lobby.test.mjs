// The lobby (lobby.html) over a real server: a page opens the lobby, a host
// opens a table from the New game dialog, and the lobby lists it as
// waiting; a second person taps it there and sits, and the entry moves to
// the games in progress; a third taps the game and watches, and the lobby
// counts one spectator. Nothing is waited for by sleeping: each step waits
// for what the page shows.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith, newContext, open } from './harness.mjs';
import { hostTable, PHONE } from './online-util.mjs';

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
