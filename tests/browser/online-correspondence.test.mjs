// A correspondence game (`2d`, two days a move) between two signed-in
// people, across days: the server is started again over the same store
// with its clock moved on (`virada serve --time-shift`, a test's flag), so
// nothing waits for real days.
//
// ana seeks a rated game at 2d (the lobby's form offers clocks a move; the
// API takes the notation, so her seek's clock is set to `2d` on its way),
// bruno takes it. Dark moves and both close their pages. A day later bruno,
// on another device (a fresh browser with his session), finds the game in
// My games marked "your turn" with the day it has left ("23 h 59 min
// left"), opens it and moves; ana's My games says
// "their turn" then, and "your turn" after his move. Nobody moves for four
// days more: her two-day window lapses while the server is down, the
// server that starts finds it, and the game is lost on time; her page says
// so in words and the signed record, `clock: 2d`, verifies; My games then
// lists it as recently finished, lost.
//
// And My games notifies "your turn" while its page is hidden, once the
// person allowed notifications from its button; the same button subscribes
// to Web Push where the browser can, and says in words when it cannot.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith, useFullBrowser } from './harness.mjs';
import { DESKTOP, PHONE390, originOf, signedUp } from './accounts-util.mjs';
import { cliVerify, myTurn, tapMove } from './online-util.mjs';

// Notifications' permission prompt: the headless shell denies it unasked.
useFullBrowser();

const DAY_S = 86_400;

/** Waits until `done()` answers true (asked every 100 ms, 300 times at most). */
async function until(done) {
  for (let i = 0; i < 300; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`not so after 300 asks: ${done}`);
}

/** A fresh browser of `options` with the session cookies of `context`: the same person on another device. */
async function anotherDevice(context, options) {
  const device = await newContext(options);
  await device.addCookies(await context.cookies());
  return device;
}

/** The My games entry of table `id` in the lobby `page`, once listed. */
async function mine(page, id) {
  const entry = page.locator(`#mine-list .mine-entry[data-id="${id}"]`);
  await entry.waitFor();
  return entry;
}

/**
 * ana (a desktop) seeks a rated game at 2d, bruno (a 390 px phone) takes
 * it: both at the table, {ana, bruno, id, dark, light} (dark to move).
 */
async function correspondencePair(server) {
  const ana = await signedUp(server, 'ana', DESKTOP);
  const bruno = await signedUp(server, 'bruno', PHONE390);
  await ana.page.route(/\/api\/seeks$/, (route) => {
    const body = route.request().postDataJSON();
    return route.continue({ postData: JSON.stringify({ ...body, clock: '2d' }) });
  });
  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const take = bruno.page.getByRole('button', { name: /^Play ana/ });
  await take.waitFor();
  await Promise.all([bruno.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), take.click()]);
  await ana.page.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' });
  for (const p of [ana.page, bruno.page]) await p.waitForSelector('body[data-online="playing"]');
  const id = new URL(bruno.page.url()).searchParams.get('table');
  const [dark, light] = (await myTurn(ana.page)) ? [ana, bruno] : [bruno, ana];
  return { ana, bruno, id, dark, light };
}

test('a 2d correspondence game across days: My games marks my turn on another device, and a lapsed window loses on time', { timeout: 240_000 }, async () => {
  const server = await serverWith([]);
  const origin = originOf(server);
  const { ana, id, dark, light } = await correspondencePair(server);
  // Day 0: dark moves, then both close their pages.
  await tapMove(dark.page, 0);
  await light.page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
  await dark.page.close();
  await light.page.close();

  // Day 1: a day later, light on another device.
  await server.restart({ flags: ['--time-shift', String(DAY_S)] });
  const lightDevice = await anotherDevice(light.context, light === ana ? DESKTOP : PHONE390);
  const lightLobby = await open(lightDevice, `${origin}/lobby.html?lang=en`);
  const lightEntry = await mine(lightLobby, id);
  // The turn's time left, a day of two gone (the server's clock, shifted).
  assert.match(await lightEntry.innerText(), /^Othello against (ana|bruno) your turn · 23 h \d+ min left · 2 days a move · rated$/);
  assert.match(await lightEntry.getAttribute('class'), /\byour-turn\b/);
  const darkDevice = await anotherDevice(dark.context, DESKTOP);
  const darkLobby = await open(darkDevice, `${origin}/lobby.html?lang=en`);
  const darkEntry = await mine(darkLobby, id);
  assert.match(await darkEntry.innerText(), /^Othello against (ana|bruno) their turn · 23 h \d+ min left · 2 days a move · rated$/);
  assert.doesNotMatch(await darkEntry.getAttribute('class'), /\byour-turn\b/);
  // Light opens the game from My games and moves: it is dark's turn now.
  await Promise.all([lightLobby.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), lightEntry.locator('a').click()]);
  await lightLobby.waitForSelector('body[data-online="playing"]');
  await lightLobby.waitForFunction(() => Number(document.body.dataset.ply) === 1);
  assert.equal(await myTurn(lightLobby), true);
  await tapMove(lightLobby, 0);
  await lightLobby.waitForFunction(() => Number(document.body.dataset.ply) === 2);
  await darkLobby.waitForFunction((table) => document.querySelector(`#mine-list .mine-entry[data-id="${table}"]`)?.classList.contains('your-turn'), id);
  assert.match(await (await mine(darkLobby, id)).innerText(), /your turn · 1 d 23 h left · 2 days a move · rated$/);
  await lightLobby.close();
  await darkLobby.close();

  // Day 5: dark never moved; the server that starts finds the lapsed window.
  await server.restart({ flags: ['--time-shift', String(5 * DAY_S)] });
  const record = await (async () => {
    for (;;) {
      const answer = await fetch(`${server.url}/api/records/${id}`);
      if (answer.ok) return answer.text();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  assert.match(record, /\nclock: 2d\n/);
  assert.match(record, /\nresult: dark \d+ light \d+ light wins on time\n/);
  assert.match(record, /\nsignature: /);
  const verified = cliVerify(record);
  assert.equal(verified.code, 0, verified.out);
  // Dark opens the game's link: it is over, lost on time, in words.
  const ended = await open(darkDevice, `${origin}/index.html?table=${id}&lang=en`);
  await ended.waitForSelector('body[data-over="true"]');
  assert.match(await ended.locator('#result-line').textContent(), /^Time ran out for Dark \(.+\): Light \(.+\) wins on time\.$/);
  // My games no longer lists it in progress, but as recently finished,
  // with the result: it ended while both were away.
  const after = await open(darkDevice, `${origin}/lobby.html?lang=en`);
  const ended2 = after.locator(`#mine-recent .mine-entry[data-id="${id}"]`);
  await ended2.waitFor();
  assert.match(await ended2.innerText(), /^Othello against (ana|bruno) you lost · ended (\w+ \d+|\d+ \w+)$/);
  assert.equal(await after.locator('#mine-recent-title').innerText(), 'Recently finished');
  assert.equal(await after.locator(`#mine-list .mine-entry[data-id="${id}"]`).count(), 0);
  for (const page of [ended, after]) assert.deepEqual(page.errors, []);
});

test('My games notifies "your turn" while the page is hidden, once the person allowed it', { timeout: 120_000 }, async () => {
  const server = await serverWith([]);
  const origin = originOf(server);
  const { id, dark, light } = await correspondencePair(server);
  // Light's lobby, on another device: notifications not yet allowed, so
  // My games offers to ask; then allowed (the browser's prompt, granted
  // here), and the page hidden (another tab in front: its visibility is
  // set from the test, as headless Chromium keeps every page visible).
  const device = await anotherDevice(light.context, DESKTOP);
  await device.addInitScript(() => {
    let state = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    /** @type {any} */ (window).setVisibility = (s) => {
      state = s;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    // Each notification the page makes, kept for the test (the real one is made too).
    const Real = window.Notification;
    /** @type {any} */ (window).notified = [];
    class Kept extends Real {
      constructor(title, options) {
        super(title, options);
        /** @type {any} */ (window).notified.push({ title, body: options?.body, tag: options?.tag });
      }
    }
    window.Notification = Kept;
  });
  const lobby = await open(device, `${origin}/lobby.html?lang=en`);
  await mine(lobby, id);
  const ask = lobby.locator('#mine-notify');
  assert.equal(await ask.textContent(), 'Notify me when it is my turn');
  assert.equal(await ask.isVisible(), true);
  await device.grantPermissions(['notifications'], { origin });
  await ask.click();
  await ask.waitFor({ state: 'hidden' });
  assert.deepEqual(await lobby.evaluate(() => window.notified), []);
  // Granted, the page also subscribes to the server's pushes where the
  // browser can (Web Push, for a closed page). Headless Chromium has a
  // PushManager but no push service to reach: the page says so in words,
  // the server keeps no subscription, and the button to try again is there.
  const pushLine = lobby.locator('#mine-push-status');
  await lobby.waitForFunction(() => document.getElementById('mine-push-status')?.textContent);
  assert.equal(await pushLine.textContent(), 'This browser cannot notify you with the site closed; this page notifies you while it is open.');
  assert.equal(await pushLine.getAttribute('role'), 'status');
  await lobby.locator('#mine-push').waitFor();
  assert.equal(await lobby.locator('#mine-push').textContent(), 'Notify me with the site closed too');
  assert.deepEqual(await lobby.evaluate(async () => (await (await fetch('api/push/subscriptions')).json()).endpoints), []);
  // Chromium says why in the console, itself (the test's browser contexts
  // are incognito ones): that line, and only that one, is not the page's error.
  const chromiums = lobby.errors.filter((e) => /does not support the Push API in incognito mode/.test(e));
  lobby.errors.splice(0, lobby.errors.length, ...lobby.errors.filter((e) => !chromiums.includes(e)));
  // What the service worker does with a push, delivered to it through
  // DevTools (no push service involved): "Your move against NAME" in the
  // words the page left it, the name as text, the table's page to open; an
  // address off the site is replaced by the lobby's.
  const cdp = await device.newCDPSession(lobby);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await lobby.evaluate(() => navigator.serviceWorker.ready);
  // DevTools tells of the registration in its own time after enable.
  const ours = () => registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
  for (let waited = 0; !ours() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const registration = ours();
  assert.ok(registration, JSON.stringify(registrations));
  const deliver = (message) => cdp.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId: registration.registrationId, data: JSON.stringify(message) });
  const shown = () => lobby.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })));
  await deliver({ table: id, opponent: '<b>ana</b>', url: `index.html?table=${id}` });
  await until(async () => (await shown()).length === 1);
  assert.deepEqual(await shown(), [{ title: 'Your move against <b>ana</b>', body: 'Virada: your correspondence game', tag: `turn-${id}`, url: `${origin}/index.html?table=${id}` }]);
  await deliver({ table: 'x', opponent: null, url: 'https://elsewhere.example/index.html?table=x' });
  await until(async () => (await shown()).length === 2);
  assert.deepEqual((await shown()).find((n) => n.tag === 'turn-x'), { title: 'Your move', body: 'Virada: your correspondence game', tag: 'turn-x', url: `${origin}/lobby.html` });
  await lobby.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
  await cdp.detach();
  // Dark moves while light's lobby is hidden: light is notified.
  await lobby.evaluate(() => window.setVisibility('hidden'));
  await tapMove(dark.page, 0);
  await lobby.waitForFunction(() => window.notified.length > 0);
  const [note] = await lobby.evaluate(() => window.notified);
  assert.equal(note.title, 'Your turn — Virada');
  assert.match(note.body, /^Othello against (ana|bruno)$/);
  assert.equal(note.tag, `turn-${id}`);
  // Visible again, the next turn is only marked in the list.
  await lobby.evaluate(() => window.setVisibility('visible'));
  await light.page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
  await tapMove(light.page, 1);
  await dark.page.waitForFunction(() => Number(document.body.dataset.ply) === 2);
  await lobby.waitForFunction((table) => !document.querySelector(`#mine-list .mine-entry[data-id="${table}"]`)?.classList.contains('your-turn'), id);
  await tapMove(dark.page, 2);
  await lobby.waitForFunction((table) => document.querySelector(`#mine-list .mine-entry[data-id="${table}"]`)?.classList.contains('your-turn'), id);
  assert.equal(await lobby.evaluate(() => window.notified.length), 1);
  assert.deepEqual(lobby.errors, []);
});
