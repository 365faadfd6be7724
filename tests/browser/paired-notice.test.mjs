// Paired while the page is in the background, on a 390 px phone and a
// desktop: when the seek's game starts, the seeker's table says so in the
// tab's title and in a system notification (allowed in the lobby), and
// the title comes back when the page is looked at.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, signedUp } from './accounts-util.mjs';

/** Every page of `context` sees itself hidden until `__show()`, and records its notifications. */
async function background(context) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    let hidden = true;
    Object.defineProperty(document, 'hidden', { get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    /** @type {any} */ (window).__show = () => {
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
    };
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

for (const [size, options] of [['a 390 px phone', PHONE390], ['a desktop', DESKTOP]]) {
  test(`a seek's game starting in a background tab says so: the title, a notification (${size})`, async () => {
    const server = await serverWith([]);
    const ana = await signedUp(server, 'ana', options);
    await background(ana.context);
    await ana.page.reload();
    await ana.page.waitForSelector('body[data-ready="true"]');
    await ana.page.locator('#seek-post').click();
    await ana.page.locator('#seek-waiting').waitFor();
    const bruno = await signedUp(server, 'bruno', PHONE390);
    const take = bruno.page.getByRole('button', { name: /^Play ana/ });
    await take.waitFor();
    await Promise.all([bruno.page.waitForURL(/table=/, { waitUntil: 'commit' }), take.click()]);
    await ana.page.waitForURL(/table=/, { waitUntil: 'commit' });
    await ana.page.waitForSelector('body[data-online="playing"]');
    await ana.page.waitForFunction(() => document.title.startsWith('Your game with bruno starts'));
    assert.deepEqual(await ana.page.evaluate(() => /** @type {any} */ (window).__notes), ['Virada: Your game with bruno starts']);
    await ana.page.evaluate(() => /** @type {any} */ (window).__show());
    assert.doesNotMatch(await ana.page.title(), /starts/);
    assert.deepEqual(ana.page.errors, []);
  });
}
