// The seek form's clocks, every kind in the one notation (docs/accounts.md,
// "Pairing"): clocks a move, game clocks and correspondence, each kind a
// group whose label says it in words, in pt, en and it. ana, on a 360 px
// phone, seeks a rated game at 2d; bruno's list shows `2d` (the words on
// the clock and in the Play button's label), he takes it and both reach
// one table at 2d. Then both ask Quick pairing at 180+2 and reach one table
// at 180+2; a challenge from a profile offers the same clocks.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { DESKTOP, listedSeeks, originOf, signedUp } from './accounts-util.mjs';

const PHONE360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

/** The seek form's clock choices: each group's label and its options' text. */
const choices = (page) => page.locator('#seek-clock optgroup').evaluateAll((groups) => groups.map((g) => [
  /** @type {HTMLOptGroupElement} */ (g).label,
  [...g.querySelectorAll('option')].map((o) => o.textContent),
]));

/** The clock of table `id` as the lobby lists it. */
const listedClock = (page, id) => page.evaluate((id) => new Promise((resolve) => {
  const source = new EventSource('api/lobby');
  source.addEventListener('lobby', (event) => {
    const list = JSON.parse(/** @type {MessageEvent} */ (event).data);
    const table = [...list.waiting, ...list.playing].find((x) => x.id === id);
    if (!table) return;
    source.close();
    resolve({ clock: table.clock, rated: table.rated });
  });
}), id);

/** Both pages at one table (the address of each): its id. */
async function atOneTable(pages) {
  const tables = pages.map((p) => new URL(p.url()).searchParams.get('table'));
  assert.equal(tables[0], tables[1], 'one table for both');
  for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
  return tables[0];
}

test('the seek form offers every clock kind in its notation; a 2d seek is listed and taken at 2d, quick pairing at 180+2', async () => {
  const server = await serverWith([]);
  const ana = await signedUp(server, 'ana', PHONE360);
  const bruno = await signedUp(server, 'bruno', DESKTOP);
  // What each option shows: a game clock as people write it, minutes + seconds a move.
  const clocks = [
    ['15 s', '30 s', '60 s', '120 s', '300 s'],
    ['1+0', '3+2', '5+0', '10+5', '30+0'],
    ['1d', '2d', '3d', '7d', '14d'],
  ];
  const groups = {
    en: ['A clock a move (seconds)', 'A clock a game (minutes + seconds a move)', 'Correspondence (days a move)'],
    pt: ['Um relógio por lance (segundos)', 'Um relógio por partida (minutos + segundos por lance)', 'Por correspondência (dias por lance)'],
    it: ['Un orologio a mossa (secondi)', 'Un orologio a partita (minuti + secondi a mossa)', 'Per corrispondenza (giorni a mossa)'],
  };
  assert.deepEqual(await choices(ana.page), groups.en.map((label, i) => [label, clocks[i]]));
  assert.equal(await ana.page.locator('#seek-clock').inputValue(), '30', '30 s a move as before');
  // The choice made stays through the other languages, whose groups say it in their words.
  await ana.page.locator('#seek-clock').selectOption('2d');
  for (const lang of ['pt', 'it', 'en']) {
    await ana.page.locator('#lang').selectOption(lang);
    await ana.page.waitForFunction((label) => document.querySelector('#seek-clock optgroup')?.getAttribute('label') === label, groups[lang][0]);
    assert.deepEqual(await choices(ana.page), groups[lang].map((label, i) => [label, clocks[i]]));
    assert.equal(await ana.page.locator('#seek-clock').inputValue(), '2d');
  }
  // Nothing spills out of a 360 px phone.
  assert.ok(await ana.page.evaluate(() => document.documentElement.scrollWidth) <= 360);

  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const entry = bruno.page.locator('#seek-list .seek-entry', { hasText: 'ana' });
  await entry.waitFor();
  assert.match(await entry.locator('.seek-what').innerText(), /^Othello · 2d · rated · any rating$/);
  assert.equal(await entry.locator('.seek-clock').getAttribute('title'), '2 days a move');
  assert.deepEqual((await listedSeeks(bruno.page)).map((s) => [s.name, s.clock, s.rated]), [['ana', '2d', true]]);
  const take = bruno.page.getByRole('button', { name: /^Play ana \(\d+\??\): Othello, 2 days a move, rated$/ });
  await Promise.all([bruno.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), take.click()]);
  await ana.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' });
  const correspondence = await atOneTable([ana.page, bruno.page]);
  assert.deepEqual(await listedClock(bruno.page, correspondence), { clock: '2d', rated: true });

  // Quick pairing takes the form's clock likewise: both at 180+2.
  for (const page of [ana.page, bruno.page]) {
    await page.goto(`${originOf(server)}/lobby.html?lang=en`);
    await page.locator('#seek-clock').selectOption('180+2');
  }
  await ana.page.locator('#seek-quick').click();
  await ana.page.locator('#seek-waiting').waitFor();
  await bruno.page.locator('#seek-list .seek-entry .seek-what', { hasText: /^Othello · 3\+2 · rated · any rating$/ }).waitFor();
  await Promise.all([
    ana.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }),
    bruno.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }),
    bruno.page.locator('#seek-quick').click(),
  ]);
  const game = await atOneTable([ana.page, bruno.page]);
  assert.deepEqual(await listedClock(ana.page, game), { clock: '180+2', rated: true });

  // A challenge from bruno's profile offers the same clocks.
  await ana.page.goto(`${originOf(server)}/players.html?name=bruno&lang=en`);
  await ana.page.locator('#challenge-clock').waitFor();
  assert.deepEqual(
    await ana.page.locator('#challenge-clock optgroup').evaluateAll((gs) => gs.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.textContent)])),
    groups.en.map((label, i) => [label, clocks[i]]),
  );
  assert.equal(await ana.page.locator('#challenge-clock').inputValue(), '30');
  assert.deepEqual([...ana.page.errors, ...bruno.page.errors], []);
  await ana.context.close();
  await bruno.context.close();
});
