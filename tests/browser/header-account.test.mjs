// The account in every page's header, on a 390 px phone and a desktop:
// signed out, "Sign in" at the top of the table's page leads to the lobby
// (where accounts are made); signed in, every page's header shows the name
// and rating and leads to one's profile. Nothing is asked of the server
// for it, and nothing moves when it fills in.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, open, serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, originOf, signedUp } from './accounts-util.mjs';

const PAGES = ['index.html', 'nabu.html', 'lobby.html', 'players.html', 'tournament.html', 'verify.html', 'history.html'];

for (const [size, options] of [['a 390 px phone', PHONE390], ['a desktop', DESKTOP]]) {
  test(`every page's header shows the account: Sign in, then the name and rating (${size})`, async () => {
    const server = await serverWith([]);
    const context = await newContext(options);
    const table = await open(context, `${originOf(server)}/index.html?lang=en`);
    const link = table.locator('#header-account');
    assert.equal(await link.innerText(), 'Sign in');
    assert.equal(await link.getAttribute('href'), 'lobby.html');
    const box = await link.boundingBox();
    assert.ok(box && box.y < 120 && box.x + box.width <= options.viewport.width, JSON.stringify(box));

    const { page: lobby, context: signed } = await signedUp(server, 'ana', options);
    // The lobby's header follows the sign-in at once.
    await lobby.waitForFunction(() => document.getElementById('header-account')?.textContent === 'ana 1500?');
    for (const path of PAGES) {
      const page = await open(signed, `${originOf(server)}/${path}?lang=en`);
      const mine = page.locator('#header-account');
      assert.equal(`${path} ${await mine.innerText()}`, `${path} ana 1500?`);
      assert.equal(await mine.getAttribute('href'), 'players.html?name=ana', path);
      const at = await mine.boundingBox();
      assert.ok(at && at.y < 160 && at.x + at.width <= options.viewport.width, `${path}: ${JSON.stringify(at)}`);
      assert.deepEqual(page.errors, [], path);
      await page.close();
    }
    // Signed out: back to "Sign in".
    await lobby.locator('#account-signout').click();
    await lobby.waitForFunction(() => document.getElementById('header-account')?.textContent === 'Sign in');
  });
}
