// The online table as a newcomer meets it, on a phone (360×740, by taps):
// against the bot there is no Hint or Undo and the page says why (never an
// internal error or a key name); a spectator is offered nothing it cannot
// do and hears no square named a move; an opponent who closes their page is
// shown as away with the bot's countdown within 2 s, and their return is
// said; a page that sits down mid-game is told where the game stands, and a
// person the bot stood in for is told what it played; the message box
// follows a change of language; the board does not move through any of it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { hostTable, joinLink, playOut, ply } from './online-util.mjs';

/** The board's box on the page, to the pixel. */
function boardBox(page) {
  return page.locator('.board').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

/**
 * Whatever the page says that a person should never read: an internal
 * error, or a text still its i18n key (the element's key, or an aria-label).
 */
function leaks(page) {
  return page.evaluate(() => {
    const found = [];
    const internal = /.{0,40}(is not a function|\bundefined\b|\bnull\b|\[object |NaN|\{\w+\}).{0,40}/.exec(document.body.innerText);
    if (internal) found.push(internal[0]);
    for (const el of document.querySelectorAll('[data-i18n]')) if (el.textContent === el.dataset.i18n) found.push(el.dataset.i18n);
    for (const el of document.querySelectorAll('[data-i18n-label]')) if (el.getAttribute('aria-label') === el.dataset.i18nLabel) found.push(el.dataset.i18nLabel);
    return found;
  });
}

const status = (page) => page.locator('#status').textContent();

/** A host at a table with the bot (Start now), a few moves in, at the host's turn. */
async function againstTheBot(server) {
  const host = await hostTable(server, '?lang=en', { level: 1 });
  await host.page.locator('#online-start').click();
  await host.page.waitForSelector('body[data-online="playing"]');
  await playOut([host.page], { until: (n) => n >= 4 });
  await host.page.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('all-moves'))).disabled);
  return host;
}

test('against the bot: no Hint or Undo, and the page says why; nothing internal or a key name shows', async () => {
  const server = await serverWith([]);
  const { page: a } = await againstTheBot(server);
  for (const id of ['#hint', '#undo']) assert.equal(await a.locator(id).isVisible(), false, `${id} is not offered online`);
  assert.match(await a.locator('#online-assists').innerText(), /^No Hint or Undo at an online table: the server signs the record as the moves were played, for both seats alike\.$/);
  assert.deepEqual(await leaks(a), []);
});

test('a spectator is offered nothing it cannot do, hears no square named a move, and is told where the game stands', async () => {
  const server = await serverWith([]);
  const host = await againstTheBot(server);
  const a = host.page;
  // Both seats are taken: whoever opens the link now watches.
  const { page: w } = await joinLink(host.link);
  assert.equal(await w.locator('body').getAttribute('data-seat'), 'watching');
  for (const id of ['#place', '#all-moves', '#hint', '#undo', '#online-assists']) {
    assert.equal(await w.locator(id).isVisible(), false, `${id} is not offered to a spectator`);
  }
  const enabled = await w.$$eval('.panel button, .panel summary', (els) => els
    .filter((el) => el.checkVisibility() && !(/** @type {HTMLButtonElement} */ (el).disabled))
    .map((el) => el.id || el.textContent.trim()));
  assert.deepEqual(enabled.filter((name) => !['new-game', 'copy-record', 'Download or share the record', 'Moves', 'Review a game'].includes(name)), []);
  // Through the game's moves, no square is named a move to the spectator.
  for (let step = 0; step < 3; step++) {
    const names = await w.$$eval('#grid [role=gridcell]', (els) => els.map((el) => el.getAttribute('aria-label')));
    assert.equal(names.length, 64);
    assert.deepEqual(names.filter((name) => /legal/.test(name)), []);
    const now = await ply(w);
    await playOut([a], { until: (n) => n > now + 1 });
    await w.waitForFunction((n) => Number(document.body.dataset.ply) > n, now);
  }
  assert.deepEqual(await leaks(w), []);

  // Another spectator, mid-game: where the game stands, not "New game".
  await a.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('all-moves'))).disabled);
  const { page: late } = await joinLink(host.link);
  const said = await status(late);
  assert.match(said, new RegExp(`^Both seats are taken: you are watching\\. The game is at move ${(await ply(late)) + 1}: (Dark|Light) to play \\(player 1\\)\\. On the board: dark \\d+, light \\d+\\.$`));
  assert.doesNotMatch(said, /New game/);
});

test('a page reloaded mid-game is told where the game stands, not "New game", in the language chosen', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en');
  const a = host.page;
  const guest = await joinLink(host.link);
  const b = guest.page;
  for (const page of [a, b]) await page.waitForSelector('body[data-online="playing"]');
  await playOut([a, b], { until: (n) => n >= 3 });
  const moves = await ply(a);
  await b.reload();
  await b.waitForFunction(() => document.getElementById('online-line').dataset.connected === 'true');
  const said = await status(b);
  assert.match(said, new RegExp(`^You sit in seat 2\\. The game is at move ${moves + 1}: (Dark|Light) to play \\((you|opponent)\\)\\. On the board: dark \\d+, light \\d+\\.$`));
  assert.doesNotMatch(said, /New game/);
  // The message box follows a change of language, as the page does.
  await b.locator('#lang').selectOption('pt');
  assert.match(await status(b), new RegExp(`^Você senta no lugar 2\\. O jogo está na jogada ${moves + 1}: (Escuro|Claro) joga \\((você|adversário)\\)\\. No tabuleiro: escuro \\d+, claro \\d+\\.$`));
  assert.equal(await b.locator('#online-line').textContent(), 'Mesa online: você senta no lugar 2.');
  assert.deepEqual(await leaks(b), []);
});

test('an opponent who closes their page is shown away with the countdown within 2 s; their return is said; the board stays put', async () => {
  const server = await serverWith([]);
  const host = await hostTable(server, '?lang=en');
  const a = host.page;
  const guest = await joinLink(host.link);
  for (const page of [a, guest.page]) await page.waitForSelector('body[data-online="playing"]');
  await playOut([a, guest.page], { until: (n) => n >= 2 });
  const board = await boardBox(a);

  const closed = Date.now();
  await guest.page.close();
  await a.waitForFunction(() => !document.getElementById('away').hidden, null, { timeout: 2000 });
  const shownIn = Date.now() - closed;
  assert.ok(shownIn <= 2000, `the away notice within 2 s (${shownIn} ms)`);
  const away = await a.locator('#away').innerText();
  const match = /^Your opponent is away: the bot takes their seat in (\d):(\d\d) unless they come back\.$/.exec(away);
  assert.ok(match, away);
  assert.match(await status(a), /Your opponent has left the table\. Unless they come back in time, the bot takes their seat\./);
  const boxes = (await a.locator('#box-dark').getAttribute('aria-label')) + (await a.locator('#box-light').getAttribute('aria-label'));
  assert.match(boxes, /opponent, away/);
  // It counts down.
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  await a.waitForFunction((s) => {
    const m = /in (\d):(\d\d)/.exec(document.getElementById('away').textContent);
    return m && Number(m[1]) * 60 + Number(m[2]) < s;
  }, seconds, { timeout: 3000 });
  assert.deepEqual(await boardBox(a), board, 'the away notice moves no board');

  // The same browser opens the link again: it sits in its seat and is told where the game stands.
  const back = (await joinLink(host.link, guest.context)).page;
  const moves = await ply(back);
  const said = await status(back);
  assert.match(said, /^You sit in seat 2\. The game is at move (\d+): (Dark|Light) to play \((you|opponent)\)\. On the board: dark \d+, light \d+\.$/);
  assert.equal(Number(/move (\d+)/.exec(said)[1]), moves + 1);
  assert.doesNotMatch(said, /New game/);
  await a.waitForFunction(() => document.getElementById('away').hidden);
  assert.match(await status(a), /Back at the table: your opponent\./);
  assert.deepEqual(await boardBox(a), board, 'the return moves no board');

  // The message box follows a change of language, as the page does.
  await a.locator('#lang').selectOption('it');
  await a.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await status(a), 'Di nuovo al tavolo: il tuo avversario.');
  assert.equal(await a.locator('#online-line').textContent(), 'Tavolo online: siedi al posto 1.');
  assert.deepEqual(await leaks(a), []);
  assert.deepEqual(await boardBox(a), board, 'a change of language moves no board');
});

test('the bot takes the seat of a person who left: the board does not move at 360 px, and on return the person hears what the bot played', async () => {
  const server = await serverWith(['--grace', '2']);
  const host = await hostTable(server, '?lang=en', { level: 1 });
  const a = host.page;
  const guest = await joinLink(host.link);
  for (const page of [a, guest.page]) await page.waitForSelector('body[data-online="playing"]');
  await playOut([a, guest.page], { until: (n) => n >= 2 });
  const board = await boardBox(a);
  const left = await ply(a);

  await guest.page.close();
  await a.waitForFunction(() => /The bot took the seat of your opponent/.test(document.getElementById('status').textContent), null, { timeout: 15_000 });
  assert.deepEqual(await boardBox(a), board, 'the bot taking the seat moves no board');
  const label = await a.locator('#box-dark, #box-light').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')).join(' | '));
  assert.match(label, /bot, level 1 \(for your opponent\)/);

  // The bot plays for the guest while the host plays on.
  await playOut([a], { until: (n) => n >= left + 5 });
  assert.deepEqual(await boardBox(a), board);

  const back = (await joinLink(host.link, guest.context)).page;
  const said = await status(back);
  assert.match(said, /^You sit in seat 2\. The game is at move \d+: (Dark|Light) to play \((you|opponent)\)\. On the board: dark \d+, light \d+\. While you were away the bot played (a move|\d+ moves) for you: ([a-h][1-8](, )?)+\./);
  assert.doesNotMatch(said, /New game/);
  await a.waitForFunction(() => /Back at the table: your opponent\./.test(document.getElementById('status').textContent));
  assert.deepEqual(await boardBox(a), board, 'the seat given back moves no board');
  assert.deepEqual(await leaks(back), []);
});
