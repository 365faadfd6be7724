// Time as people read it, and the end of a game as it was (issue 58), on a
// 390 px phone and a desktop, each table opened through the API:
//
// - the local table: `?clock=3%2B2` is 3 minutes + 2 s a move (it was 3 s),
//   the New game dialog offers `3+2`, Undo is off under a game clock and
//   says why, on a phone the dialog puts the focus on Start (no keyboard)
//   with Start in sight, and the desktop header shows a whole name;
// - an online 1+0 game resigned: the online box says "1+0 · Bullet", the
//   live region says the true result with rule T24's score (never "null
//   wins"), and the clocks stand as they stopped, after a reload a minute
//   later on the server's shifted time (`virada serve --time-shift`);
//   an aborted game says "aborted" in the live region too;
// - a 2d correspondence game a day later (the server's time shifted): the
//   clocks read in days and hours, never `1439:59`, and the away line says
//   the time the absent player has to move, never a bot's countdown;
// - the tournament form: `3+2` makes a tournament of 3 minutes + 2 s (kept
//   as `180+2`), and `3 min`, `180` or `2d` say what the form takes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { joinLink, myTurn, playOut, tapMove } from './online-util.mjs';
import { originOf, signedUp } from './accounts-util.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
// At the online tables, a desktop with a touch screen too: the shared helpers play by taps.
const TOUCH_DESKTOP = { ...DESKTOP, hasTouch: true };
const SIZES = [['a 390 px phone', PHONE], ['a desktop', DESKTOP]];

/** Both game clocks' texts, dark's first. */
const clocks = (page) => page.locator('.game-clock-time').allTextContents();

/** The live region's text. */
const said = (page) => page.locator('#status').textContent();

/** An Othello table at `clock` (the API's notation), one person on a phone and one on a desktop. */
async function twoAt(server, clock) {
  const opened = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'othello', clock }),
  });
  assert.equal(opened.status, 201);
  const { id } = await opened.json();
  const link = `${server.url}/?table=${id}&lang=en`;
  const host = await joinLink(link, null, PHONE);
  await host.page.waitForSelector('body[data-seat="0"]');
  const guest = await joinLink(link, null, TOUCH_DESKTOP);
  const pages = [host.page, guest.page];
  for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
  const [dark, light] = (await myTurn(host.page)) ? [host, guest] : [guest, host];
  return { id, link, host, guest, pages, dark, light };
}

/** Waits until `page` is connected to its table again (after a server restart). */
const reconnected = (page) => page.waitForFunction(() => document.getElementById('online-line')?.dataset.connected === 'true');

for (const [size, options] of SIZES) {
  test(`the local table reads and takes clocks in minutes + seconds (${size})`, async () => {
    const context = await newContext(options);
    const page = await open(context, '?lang=en&seats=person,bot&clock=3%2B2');
    await page.waitForFunction(() => document.querySelectorAll('.game-clock-time').length === 2);
    // Dark's runs from the first paint: a busy machine may show it a second on.
    const shown = await clocks(page);
    assert.ok(shown.includes('3:00') && shown.every((c) => /^(3:00|2:5\d)$/.test(c)), `3 minutes, not 3 seconds: ${shown}`);
    // No undo under a game clock: the button is off and says why.
    const undo = page.locator('#undo');
    assert.equal(await undo.isDisabled(), true);
    assert.equal(await undo.getAttribute('title'), 'No undo under a game clock.');
    // The header's name and rating, as a signed-in person's page writes them
    // (accounts/header.js), are whole on a desktop (a round mark on a phone).
    const header = page.locator('#header-account');
    await header.evaluate((a) => {
      a.textContent = 'ayd_51fj 1500';
      /** @type {HTMLElement} */ (a).dataset.signedIn = 'true';
    });
    if (options === DESKTOP) {
      assert.equal(await header.evaluate((a) => a.scrollWidth <= a.clientWidth), true, 'the name is not cut');
    }
    // The New game dialog: game clocks as people write them; on a phone the
    // focus is on Start (no keyboard), and Start is in sight without scrolling.
    await page.getByRole('button', { name: 'New game' }).click();
    const dialog = page.getByRole('dialog', { name: 'New game' });
    await dialog.waitFor();
    assert.deepEqual(
      await page.locator('#set-clock optgroup').nth(1).locator('option').allTextContents(),
      ['1+0', '3+2', '5+0', '10+5', '30+0'],
    );
    assert.equal(await page.locator('#set-clock').inputValue(), '180+2', 'the address’s clock, chosen');
    const focused = await page.evaluate(() => document.activeElement?.id);
    assert.equal(focused, options === PHONE ? 'nd-start' : 'nd-word');
    const start = await page.locator('#nd-start').boundingBox();
    assert.ok(start && start.y >= 0 && start.y + start.height <= options.viewport.height, JSON.stringify(start));
    assert.equal(await page.locator('#new-dialog').evaluate((d) => d.scrollTop), 0, 'nothing scrolled to reach it');
    // A clock the library refuses says what may be written.
    const bad = await open(context, '?lang=en&seats=person,person&clock=3%20min');
    assert.match(await said(bad), /Write minutes\+seconds, like 3\+2, seconds a move, like 30s, or days, like 2d\./);
    assert.deepEqual([...page.errors, ...bad.errors], []);
    await context.close();
  });
}

test('a resigned 1+0 game: the true result in the live region, with its score, and clocks that stand still after a reload', async () => {
  const server = await serverWith([]);
  const { link, pages, dark, light } = await twoAt(server, '60+0');
  for (const page of pages) assert.equal(await page.locator('#online-clock').textContent(), '1+0 · Bullet');
  await playOut(pages, { until: (n) => n >= 2 });
  // Dark's clock runs; light resigns.
  await light.page.getByRole('button', { name: 'Resign' }).click();
  await light.page.locator('#online-confirm-yes').click();
  for (const page of pages) {
    await page.waitForSelector('body[data-over="true"]');
    const line = await page.locator('#result-line').innerText();
    const m = /^Light \([^)]+\) resigned: Dark \([^)]+\) wins, (\d+) to (\d+)\.$/.exec(line);
    assert.ok(m, line);
    const [won, lost] = [Number(m[1]), Number(m[2])];
    assert.equal(won + lost, 64, line);
    assert.ok(lost <= 31, line);
    // The live region says the same, never "null (you) wins".
    await page.waitForFunction((text) => document.getElementById('status')?.textContent?.includes(text), line);
    assert.doesNotMatch(await said(page), /null/);
  }
  const before = await clocks(dark.page);
  assert.equal(before.length, 2);
  assert.doesNotMatch(before.join(' '), /0:00\.0/, 'nobody flagged');
  for (const page of pages) assert.deepEqual(page.errors, []);
  // A minute later on the server's clock, the game opened again: the same times.
  for (const page of pages) await page.close();
  await server.restart({ flags: ['--time-shift', '60'] });
  for (const person of [dark, light]) {
    const page = await open(person.context, link);
    await page.waitForSelector('body[data-over="true"]');
    await page.waitForFunction(() => document.querySelectorAll('.game-clock-time').length === 2);
    assert.deepEqual(await clocks(page), before);
    assert.deepEqual(page.errors, []);
  }
});

test('an aborted game: the live region says it was aborted', async () => {
  const server = await serverWith([]);
  const { pages, dark } = await twoAt(server, '60+0');
  await dark.page.getByRole('button', { name: 'Abort' }).click();
  await dark.page.locator('#online-confirm-yes').click();
  for (const page of pages) {
    await page.waitForSelector('body[data-over="true"]');
    await page.waitForFunction(() => /aborted the game: no result, not rated\./.test(document.getElementById('status')?.textContent ?? ''));
    assert.doesNotMatch(await said(page), /null/);
    assert.deepEqual(page.errors, []);
  }
});

test('a 2d correspondence game a day later: days and hours on the clocks, and the true away line', async () => {
  const server = await serverWith([]);
  const { link, pages, dark, light } = await twoAt(server, '2d');
  for (const page of pages) assert.equal(await page.locator('#online-clock').textContent(), '2d · Correspondence');
  await tapMove(dark.page, 0);
  for (const page of pages) await page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
  for (const page of pages) assert.deepEqual(page.errors, []);
  // A day later on the server's clock, both come back to the table.
  for (const page of pages) await page.close();
  await server.restart({ flags: ['--time-shift', String(86_400)] });
  const again = [];
  for (const person of [dark, light]) {
    const page = await open(person.context, link);
    await reconnected(page);
    again.push(page);
  }
  const [darkPage, lightPage] = again;
  // Light's turn: a day of its two is gone. Days and hours, never minutes:seconds.
  for (const page of again) {
    await page.waitForFunction(() => /^23 h \d+ min$/.test(document.querySelectorAll('.game-clock-time')[1]?.textContent ?? ''));
    const [d, l] = await clocks(page);
    assert.match(d, /^2 d 0 h$|^1 d 23 h$/);
    assert.match(l, /^23 h \d+ min$/);
  }
  // Light closes the page: dark reads that they are away and the time they have, no bot.
  assert.deepEqual(lightPage.errors, []);
  await lightPage.close();
  const away = darkPage.locator('#away');
  await darkPage.waitForFunction(() => /away/.test(document.getElementById('away')?.textContent ?? ''));
  assert.match(await away.textContent(), /^Your opponent is away\. They have 23 h \d+ min to move\.$/);
  assert.doesNotMatch(await said(darkPage), /bot/);
  assert.deepEqual(darkPage.errors, []);
});

test('the tournament form takes a clock as people write it, and says what it takes (a 390 px phone)', async () => {
  const server = await serverWith([]);
  const { page } = await signedUp(server, 'ana', PHONE);
  await page.goto(`${originOf(server)}/tournament.html?lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#tn-name').fill('Copa 3+2');
  const clock = page.getByRole('textbox', { name: /^Clock/ });
  assert.equal(await clock.inputValue(), '3+2');
  for (const bad of ['3 min', '180', '2d']) {
    await clock.fill(bad);
    await page.getByRole('button', { name: 'Make it' }).click();
    await page.locator('#create-message', { hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#create-message').textContent(), 'Write minutes+seconds, like 3+2, or seconds a move, like 30s (a tournament is not played by days).', bad);
    await page.locator('#create-message').evaluate((p) => { p.textContent = ''; });
  }
  // `2d` is a clock the library reads, which the server refuses for a
  // tournament (400 bad-clock): that answer, and only it, is not the page's error.
  const refused = (e) => /api\/tournaments|status of 400/.test(e);
  assert.equal(page.errors.filter(refused).length, 2, page.errors.join('; '));
  page.errors.splice(0, page.errors.length, ...page.errors.filter((e) => !refused(e)));
  await clock.fill('3+2');
  await Promise.all([page.waitForURL(/tournament\.html\?id=/), page.getByRole('button', { name: 'Make it' }).click()]);
  const id = new URL(page.url()).searchParams.get('id');
  // Kept in seconds, as the API and the record keep a clock; listed as people read it.
  const kept = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
  assert.equal(kept.clock, '180+2');
  await page.goto(`${originOf(server)}/tournament.html?lang=en`);
  await page.locator('#tournament-list .tn-summary', { hasText: /^Swiss · 3\+2 · / }).waitFor();
  assert.deepEqual(page.errors, []);
});
