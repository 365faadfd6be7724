// Polish at 360 px: a 20-character name does not widen the players page;
// the leaderboard says how far one is from it ("0 of the 5 rated games");
// the results beside the rating are the rated games', with no plural to get wrong;
// a signed-in device is named by its browser and system, not its raw
// User-Agent; a seek's open-ended range reads as words; a deleted account
// leaves a line that says so.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { originOf, signedUp } from './accounts-util.mjs';

const PHONE360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

test('a long name at 360 px, the devices by name, a range in words, a deletion confirmed', async () => {
  const server = await serverWith([]);
  const { page } = await signedUp(server, 'Maximiliano_Roberto2', PHONE360);
  await page.locator('#seek-min').fill('1600');
  await page.locator('#seek-post').click();
  const own = page.locator('#seek-list .seek-entry', { hasText: 'Maximiliano_Roberto2' });
  await own.waitFor();
  assert.match(await own.innerText(), /rating 1600 or more/);
  await page.locator('#seek-cancel').click();
  // The leaderboard says how far one is from it.
  await page.goto(`${originOf(server)}/players.html?lang=en`);
  await page.locator('#board-mine').waitFor();
  assert.equal(await page.locator('#board-mine').innerText(), 'You have played 0 of the 5 rated Blitz games that put you on its leaderboard.');
  await page.goto(`${originOf(server)}/players.html?name=Maximiliano_Roberto2&lang=pt`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#profile-record').innerText(), 'partidas valendo nota: vitórias 0, empates 0, derrotas 0');
  await page.goto(`${originOf(server)}/players.html?name=Maximiliano_Roberto2&lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#sessions li').first().waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'no wider than the phone');
  assert.match(await page.locator('#sessions li').first().innerText(), /^Chrome on Linux/);
  await page.locator('#delete-name').fill('maximiliano_roberto2');
  await Promise.all([page.waitForURL(/deleted=1/), page.locator('#delete-account').click()]);
  await page.locator('#deleted-done').waitFor();
  assert.equal(await page.locator('#deleted-done').innerText(), 'The account is deleted.');
  assert.deepEqual(page.errors, []);
});

test('the name typed to confirm a deletion stays, focused, when the devices arrive after it (a 390 px phone)', async () => {
  const server = await serverWith([]);
  const { page } = await signedUp(server, 'carla', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  // The devices' answer waits until the name is typed, as on a slow line.
  let release = () => {};
  const typed = new Promise((resolve) => (release = resolve));
  await page.route('**/api/accounts/sessions', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(`${originOf(server)}/players.html?name=carla&lang=en`);
  await page.locator('#delete-name').fill('carla');
  release();
  await page.locator('#sessions li').first().waitFor();
  assert.equal(await page.locator('#delete-name').inputValue(), 'carla');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'delete-name');
  await Promise.all([page.waitForURL(/deleted=1/), page.locator('#delete-account').click()]);
  await page.locator('#deleted-done').waitFor();
  assert.deepEqual(page.errors, []);
});
