// Ratings by speed, seen: after a rated game at 30 s a move (rapid: 30 ×
// 30 s = 15 min), each profile lists the five speeds with the rapid one
// moved and the others at 1500?, on a 390 px phone and a desktop; the
// leaderboard opens at blitz (nobody there yet), switches to rapid by its
// tab, by the keyboard and by the address, and names its speed in Portuguese
// and Italian too, no wider than the phone.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { playOut } from './online-util.mjs';
import { originOf, ratedPair } from './accounts-util.mjs';

/** The rows of the profile's speeds table: [speed, rating, games]. */
const speedRows = (page) => page.locator('#profile-speeds tbody tr').evaluateAll((rows) => rows.map((r) => [
  /** @type {HTMLElement} */ (r).dataset.speed, r.children[1].textContent, r.children[2].textContent,
]));

/** The page is no wider than its viewport. */
async function noOverflow(page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `${scroll} px wide in ${width}`);
}

test('each speed\'s rating on the profiles and one leaderboard a speed, on a 390 px phone and a desktop', async () => {
  const server = await serverWith(['--leaderboard-games', '1']);
  const origin = originOf(server);
  // ana on a desktop, bruno on a 390 px phone; the lobby's clock, 30 s a move.
  const { ana, bruno } = await ratedPair(server);
  await playOut([ana.page, bruno.page]);
  await bruno.page.locator('#result-ratings').waitFor();

  for (const { page } of [ana, bruno]) {
    for (const name of ['ana', 'bruno']) {
      await page.goto(`${origin}/players.html?name=${name}&lang=en`);
      await page.waitForSelector('body[data-ready="true"]');
      const rows = await speedRows(page);
      assert.deepEqual(rows.map((r) => r[0]), ['bullet', 'blitz', 'rapid', 'classical', 'correspondence']);
      const rapid = rows[2];
      assert.match(rapid[1], /^\d+\??$/);
      assert.notEqual(rapid[1], '1500?');
      assert.equal(rapid[2], '1');
      for (const other of [rows[0], rows[1], rows[3], rows[4]]) assert.deepEqual(other.slice(1), ['1500?', '0'], String(other));
      assert.equal(await page.locator('#profile-rating').textContent(), rapid[1]);
      assert.equal(await page.locator('#profile-main').textContent(), 'Rapid, the speed of most rated games');
      assert.match(await page.locator('#profile-games li').first().innerText(), /rated · Rapid · \d+/);
      await noOverflow(page);
    }
  }

  for (const { page } of [ana, bruno]) {
    await page.goto(`${origin}/players.html?lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    const tabs = page.getByRole('tablist', { name: 'Speed' }).getByRole('tab');
    assert.deepEqual(await tabs.allInnerTexts(), ['Bullet', 'Blitz', 'Rapid', 'Classical', 'Correspondence']);
    // Blitz first: nobody has played it.
    assert.equal(await page.getByRole('tab', { name: 'Blitz' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('#board-none').innerText(), 'Nobody has played enough rated Blitz games yet.');
    await noOverflow(page);
    // The rapid tab: both, the address saying so.
    await page.getByRole('tab', { name: 'Rapid' }).click();
    await page.waitForSelector('body[data-ready="true"] #leaderboard[data-speed="rapid"]');
    assert.equal(new URL(page.url()).searchParams.get('speed'), 'rapid');
    assert.equal(await page.getByRole('tab', { name: 'Rapid' }).getAttribute('aria-selected'), 'true');
    const names = await page.locator('#leaderboard tbody tr td:nth-child(2)').allInnerTexts();
    assert.deepEqual([...names].sort(), ['ana', 'bruno']);
    assert.equal(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), 'board-speed-rapid');
    await noOverflow(page);
    // The keyboard: the next speed, focus kept on its tab.
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('body[data-ready="true"] #board-none');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'board-speed-classical');
    assert.equal(new URL(page.url()).searchParams.get('speed'), 'classical');
    // The address opens a speed's table, in each language.
    for (const [lang, tab, none] of [['pt', 'Rápida', null], ['it', 'Corrispondenza', 'Nessuno ha ancora giocato abbastanza partite valide di Corrispondenza.']]) {
      const speed = none ? 'correspondence' : 'rapid';
      await page.goto(`${origin}/players.html?speed=${speed}&lang=${lang}`);
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.getByRole('tab', { name: tab }).getAttribute('aria-selected'), 'true');
      if (none) assert.equal(await page.locator('#board-none').innerText(), none);
      else assert.equal(await page.locator('#leaderboard tbody tr').count(), 2);
      await noOverflow(page);
    }
  }
  for (const { page } of [ana, bruno]) assert.deepEqual(page.errors, []);
});
