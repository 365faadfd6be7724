// My games in the lobby, on a 390 px phone and a desktop: a signed-in
// person sees the games they sit at, "your turn" marked when it is, the
// game's kind ("rated"); the link takes them back to their seat, where
// they play on. The lobby's list of games says "rated" too. (The lobby
// lists a game while one of its people has it open.)
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { myTurn, tapMove } from './online-util.mjs';
import { originOf, ratedPair } from './accounts-util.mjs';

test('My games: each one\'s game, whose turn, rated; back to the seat from the lobby (a 390 px phone and a desktop)', async () => {
  const server = await serverWith([]);
  const { ana, bruno, id } = await ratedPair(server);
  const mover = (await myTurn(ana.page)) ? ana : bruno;
  const waiter = mover === ana ? bruno : ana;
  // The mover leaves the table for the lobby; the waiter opens the lobby beside the table.
  const lobbies = {
    mover: await open(mover.context, `${originOf(server)}/lobby.html?lang=en`),
    waiter: await open(waiter.context, `${originOf(server)}/lobby.html?lang=en`),
  };
  await mover.page.close();
  const yours = lobbies.mover.locator(`#mine-list .mine-entry[data-id="${id}"]`);
  await yours.waitFor();
  assert.match(await yours.innerText(), /^Othello against (ana|bruno) your turn · rated$/);
  assert.match(await yours.getAttribute('class'), /your-turn/);
  const theirs = lobbies.waiter.locator(`#mine-list .mine-entry[data-id="${id}"]`);
  await theirs.waitFor();
  assert.match(await theirs.innerText(), /^Othello against (ana|bruno) their turn · rated$/);
  // The games in progress say it is rated.
  assert.match(await lobbies.waiter.locator(`#playing-list .lobby-entry[data-id="${id}"]`).innerText(), /rated/);
  // Back to the seat: the mover plays on.
  await Promise.all([lobbies.mover.waitForURL(/table=/), yours.locator('a').click()]);
  const page = lobbies.mover;
  await page.waitForSelector('body[data-online="playing"]');
  await page.waitForFunction(() => document.body.dataset.seat !== 'watching');
  await page.waitForFunction(() => !document.getElementById('all-moves')?.hasAttribute('disabled'));
  const before = Number(await page.locator('body').getAttribute('data-ply'));
  await tapMove(page, 3);
  await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, before);
  // The waiter's lobby now says it is their turn.
  await lobbies.waiter.waitForFunction((tableId) => /your turn/.test(document.querySelector(`#mine-list .mine-entry[data-id="${tableId}"]`)?.textContent ?? ''), id);
  for (const p of Object.values(lobbies)) assert.deepEqual(p.errors, []);
});

test('My games on one\'s own profile: "your turn" marked, back to the seat; not on another\'s profile (a 390 px phone and a desktop)', async () => {
  const server = await serverWith([]);
  const { ana, bruno, id } = await ratedPair(server);
  const mover = (await myTurn(ana.page)) ? ana : bruno;
  const waiter = mover === ana ? bruno : ana;
  const moverName = mover === ana ? 'ana' : 'bruno';
  const waiterName = mover === ana ? 'bruno' : 'ana';
  const profiles = {
    mover: await open(mover.context, `${originOf(server)}/players.html?name=${moverName}&lang=en`),
    waiter: await open(waiter.context, `${originOf(server)}/players.html?name=${waiterName}&lang=en`),
    other: await open(waiter.context, `${originOf(server)}/players.html?name=${moverName}&lang=en`),
  };
  await mover.page.close();
  const yours = profiles.mover.locator(`#mine-list .mine-entry[data-id="${id}"]`);
  await yours.waitFor();
  assert.match(await yours.innerText(), new RegExp(`^Othello against ${waiterName} your turn · rated$`));
  assert.match(await yours.getAttribute('class'), /your-turn/);
  const theirs = profiles.waiter.locator(`#mine-list .mine-entry[data-id="${id}"]`);
  await theirs.waitFor();
  assert.match(await theirs.innerText(), new RegExp(`^Othello against ${moverName} their turn · rated$`));
  // Above the profile's rating (drawn once the profile answers), within the page's width.
  await profiles.mover.locator('#profile-rating').waitFor();
  const [mine, rating] = await Promise.all([yours.boundingBox(), profiles.mover.locator('#profile-rating').boundingBox()]);
  assert.ok(mine.y < rating.y, JSON.stringify({ mine, rating }));
  for (const p of Object.values(profiles)) {
    assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= p.viewportSize().width);
  }
  // Another's profile: none of their games in progress.
  await profiles.other.locator('#profile-rating').waitFor();
  assert.equal(await profiles.other.locator('#mine').isVisible(), false);
  assert.equal(await profiles.other.locator('#mine-list .mine-entry').count(), 0);
  // Back to the seat from the profile.
  await Promise.all([profiles.mover.waitForURL(/table=/), yours.locator('a').click()]);
  await profiles.mover.waitForSelector('body[data-online="playing"]');
  await profiles.mover.waitForFunction(() => document.body.dataset.seat !== 'watching');
  for (const p of Object.values(profiles)) assert.deepEqual(p.errors, []);
});

test('My games changes an entry in place as the lobby updates: the same element, the focus kept', async () => {
  const context = await newContext();
  const page = await open(context, 'lobby.html?lang=en');
  const kept = await page.evaluate(async () => {
    const { drawMine } = await import('./www/lobby/mine.js');
    const table = (turn, ply) => ({ id: 'T1', game: 'othello', size: 8, clock: '180+2', names: ['ana', 'bruno'], turn, ply, rated: true });
    const list = (turn, ply) => ({ v: 1, waiting: [], playing: [table(turn, ply)], waitingCount: 0, playingCount: 1 });
    const entry = () => document.querySelector('#mine-list .mine-entry[data-id="T1"]');
    drawMine(list(0, 4), 'ana');
    const first = entry();
    first.querySelector('a').focus();
    const before = first.textContent;
    drawMine(list(1, 5), 'ana');
    const after = entry();
    const result = {
      same: after === first,
      focused: document.activeElement === after.querySelector('a'),
      before,
      after: after.textContent,
      yourTurn: after.classList.contains('your-turn'),
    };
    drawMine(list(1, 5), 'cora');
    result.gone = entry() === null && document.getElementById('mine').hidden;
    return result;
  });
  assert.equal(kept.before, 'Othello against bruno your turn · rated');
  assert.equal(kept.after, 'Othello against bruno their turn · rated');
  assert.deepEqual(
    { same: kept.same, focused: kept.focused, yourTurn: kept.yourTurn, gone: kept.gone },
    { same: true, focused: true, yourTurn: false, gone: true },
  );
  assert.deepEqual(page.errors, []);
  await context.close();
});
