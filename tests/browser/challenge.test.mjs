// Challenge a named player from their profile, with two accounts (Chromium's
// virtual authenticator): ana (a desktop) challenges bruno (a 390 px
// phone). bruno's open pages (the lobby, his profile in a background tab,
// a table) show it with Accept and Decline; the background tab says it in
// its title and a system notification. Declined: ana's page says so.
// Accepted: both sit at the table, as a paired seek does. Nobody else may
// take it, and it is not in the lobby's seeks.
import assert from 'node:assert/strict';
import test from 'node:test';
import { open, serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, listedSeeks, originOf, signedUp } from './accounts-util.mjs';

/** Pages of `context` opened from now on see themselves hidden, and record their notifications. */
async function background(context) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    Object.defineProperty(document, 'hidden', { get: () => true });
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    const notes = [];
    /** @type {any} */ (window).__notes = notes;
    class Recorded {
      static permission = 'granted';
      static requestPermission() { return Promise.resolve('granted'); }
      constructor(title, options) { notes.push(`${title}: ${options?.body}`); }
    }
    /** @type {any} */ (window).Notification = Recorded;
  });
}

test('a challenge from a profile: shown on the challenged person\'s open pages, declined, then accepted into a table (a 390 px phone and a desktop)', async () => {
  const server = await serverWith([]);
  const bruno = await signedUp(server, 'bruno', PHONE390);
  const ana = await signedUp(server, 'ana', DESKTOP);
  const carla = await signedUp(server, 'carla', DESKTOP);
  await background(bruno.context);
  const brunoProfile = await open(bruno.context, `${originOf(server)}/players.html?name=bruno&lang=en`);

  // No challenge form on one's own profile; one on another's.
  assert.equal(await brunoProfile.locator('#challenge-send').count(), 0);
  const profile = await open(ana.context, `${originOf(server)}/players.html?name=bruno&lang=en`);
  const send = profile.getByRole('button', { name: 'Challenge bruno' });
  await send.click();
  await profile.locator('#challenge-waiting').waitFor();

  // bruno's lobby (in view) and profile (in the background) show it.
  for (const page of [bruno.page, brunoProfile]) {
    const card = page.locator('#challenges .challenge-card');
    await card.waitFor();
    assert.equal((await card.innerText()).replace(/\s+/g, ' ').trim(), 'ana (1500?) challenges you Othello, 30 s a move, rated Accept Decline');
    const box = await card.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= page.viewportSize().width, JSON.stringify(box));
  }
  await brunoProfile.waitForFunction(() => document.title.startsWith('ana challenges you to a game'));
  assert.deepEqual(await brunoProfile.evaluate(() => /** @type {any} */ (window).__notes), ['Virada: ana challenges you to a game']);
  // Not a seek in the lobby's list; nobody else may take it.
  assert.deepEqual(await listedSeeks(carla.page), []);
  const id = await bruno.page.locator('#challenges .challenge-card').getAttribute('data-id');
  const origin = originOf(server);
  const answer = await carla.context.request.post(`${origin}/api/seeks/${id}/accept`, { headers: { Origin: origin }, data: {} });
  const taken = [answer.status(), (await answer.json()).code];
  assert.deepEqual(taken, [403, 'not-yours']);

  // Declined: ana's page says so, and bruno's pages drop the card.
  await bruno.page.getByRole('button', { name: 'Decline the challenge of ana' }).click();
  await profile.locator('#challenge-message').waitFor();
  assert.equal(await profile.locator('#challenge-message').innerText(), 'bruno declined your challenge.');
  await brunoProfile.locator('#challenges .challenge-card').waitFor({ state: 'detached' });

  // Challenged again, a casual game with a minute a move: bruno accepts from a table page.
  await profile.locator('#challenge-clock').selectOption('60');
  await profile.locator('#challenge-rated').uncheck();
  await send.click();
  await profile.locator('#challenge-waiting').waitFor();
  const table = await open(bruno.context, `${originOf(server)}/index.html?lang=en`);
  const card = table.locator('#challenges .challenge-card');
  await card.waitFor();
  assert.match(await card.innerText(), /Othello, 60 s a move, casual/);
  await Promise.all([table.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' }), table.getByRole('button', { name: 'Accept the challenge of ana' }).click()]);
  await profile.waitForURL(/index\.html\?table=/, { waitUntil: 'commit' });
  assert.equal(new URL(profile.url()).searchParams.get('table'), new URL(table.url()).searchParams.get('table'));
  for (const page of [profile, table]) {
    await page.waitForSelector('body[data-online="playing"]');
    assert.notEqual(await page.locator('body').getAttribute('data-seat'), 'watching');
  }
  assert.match(await table.locator('.box-row').innerText(), /ana/);
  for (const page of [bruno.page, brunoProfile, profile, table, carla.page]) assert.deepEqual(page.errors, []);
});
