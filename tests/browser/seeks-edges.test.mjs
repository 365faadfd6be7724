// The seeks' edges that once broke, on a 390 px phone and a desktop: the
// seek form keeps its choices and its focus while the list is redrawn; a
// seek leaves the list when its poster's lobby closes or they are paired
// elsewhere; and whoever takes a seek whose poster never comes is told who
// they wait for and until when, and may play the bot now or go back.
import assert from 'node:assert/strict';
import test from 'node:test';
import { serverWith } from './harness.mjs';
import { DESKTOP, PHONE390, listedSeeks, originOf, signedUp, twoListings } from './accounts-util.mjs';

for (const [size, options] of [['a 390 px phone', PHONE390], ['a desktop', DESKTOP]]) {
  test(`the seek form keeps its choices and its focus while the seeks are redrawn (${size})`, async () => {
    const server = await serverWith([]);
    const { page } = await signedUp(server, 'eva', options);
    await page.locator('#seek-game').selectOption('nabucodonosor:7');
    await page.locator('#seek-clock').selectOption('120');
    await page.locator('#seek-rated').uncheck();
    await page.locator('#seek-min').fill('1450');
    await page.locator('#seek-min').focus();
    await twoListings(page);
    assert.equal(await page.locator('#seek-game').inputValue(), 'nabucodonosor:7');
    assert.equal(await page.locator('#seek-clock').inputValue(), '120');
    assert.equal(await page.locator('#seek-rated').isChecked(), false);
    assert.equal(await page.locator('#seek-min').inputValue(), '1450');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'seek-min', 'the focus stays in the field');
    // Each label stays beside its field.
    for (const id of ['seek-game', 'seek-clock', 'seek-min', 'seek-max']) {
      const [label, input] = await Promise.all([page.locator(`label[for="${id}"]`).boundingBox(), page.locator(`#${id}`).boundingBox()]);
      assert.ok(Math.abs((label.y + label.height / 2) - (input.y + input.height / 2)) < input.height / 2, `${id}: its label on its line`);
    }
    await page.locator('#seek-post').click();
    const own = page.locator('#seek-list .seek-entry', { hasText: 'eva' });
    await own.waitFor();
    assert.match(await own.innerText(), /Nabucodonosor 7×7 · 120s · casual · rating 1450/);
    const [seek] = await listedSeeks(page);
    assert.deepEqual([seek.game, seek.size, seek.clock, seek.rated, seek.min], ['nabucodonosor', 7, '120', false, 1450]);
    assert.deepEqual(page.errors, []);
  });
}

test('a seek leaves the list when its poster\'s lobby closes, and when its poster is paired elsewhere', async () => {
  const server = await serverWith([]);
  const ana = await signedUp(server, 'ana', DESKTOP);
  const bruno = await signedUp(server, 'bruno', PHONE390);
  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const listed = bruno.page.locator('#seek-list .seek-entry', { hasText: 'ana' });
  await listed.waitFor();

  // ana leaves the lobby for another page of the site: her page withdraws
  // the seek as it goes (a request that outlives the page, which the tab's
  // session storage remembers here), and the seek leaves bruno's list.
  await ana.page.evaluate(() => {
    const fetched = window.fetch;
    window.fetch = (input, init) => {
      sessionStorage.setItem('asked', `${sessionStorage.getItem('asked') ?? ''} ${init?.method ?? 'GET'} ${String(input)}`);
      return fetched(input, init);
    };
  });
  await ana.page.goto(`${originOf(server)}/players.html?lang=en`);
  assert.match(await ana.page.evaluate(() => sessionStorage.getItem('asked') ?? ''), /POST \S+\/api\/seeks\/[0-9a-f]+\/cancel/);
  await listed.waitFor({ state: 'detached' });
  assert.deepEqual((await listedSeeks(bruno.page)).map((s) => s.name), []);

  // ana seeks again, then takes carl's seek: hers is gone with the pairing.
  await ana.page.goto(`${originOf(server)}/lobby.html?lang=en`);
  await ana.page.waitForSelector('body[data-ready="true"]');
  await ana.page.locator('#seek-post').click();
  await ana.page.locator('#seek-waiting').waitFor();
  const carl = await signedUp(server, 'carl', PHONE390);
  await carl.page.locator('#seek-rated').uncheck();
  await carl.page.locator('#seek-post').click();
  await carl.page.locator('#seek-waiting').waitFor();
  const take = ana.page.getByRole('button', { name: /^Play carl/ });
  await take.waitFor();
  // Taken through the server directly, with ana's page still open: the pairing itself takes her seek.
  const answer = await ana.page.evaluate(async (id) => (await fetch(`api/seeks/${id}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json(),
    (await listedSeeks(ana.page)).find((s) => s.name === 'carl').id);
  assert.match(answer.table, /^[0-9a-f]+$/);
  assert.deepEqual((await listedSeeks(bruno.page)).map((s) => s.name), []);
  // ana's lobby hears it is paired and goes to the table.
  await ana.page.waitForURL(new RegExp(`table=${answer.table}`));
  for (const p of [ana.page, bruno.page, carl.page]) assert.deepEqual(p.errors, []);
});

for (const [size, options] of [['a 390 px phone', PHONE390], ['a desktop', DESKTOP]]) {
  test(`whoever takes a seek whose poster never comes is told so, and may play the bot now or go back (${size})`, async () => {
    const server = await serverWith([]);
    const ana = await signedUp(server, 'ana', DESKTOP);
    // ana's seek is made, and her page is gone without a word (a crash, a lost network).
    const made = await ana.context.request.post(`${originOf(server)}/api/seeks`, {
      headers: { Origin: originOf(server) },
      data: { game: 'othello', clock: 30, rated: true },
    });
    assert.equal(made.status(), 201);
    await ana.page.close();
    const bruno = await signedUp(server, 'bruno', options);
    const take = bruno.page.getByRole('button', { name: /^Play ana/ });
    await take.waitFor();
    await Promise.all([bruno.page.waitForURL(/index\.html\?table=/), take.click()]);
    const page = bruno.page;
    await page.waitForSelector('body[data-online="waiting"][data-seat="1"]');
    const held = page.locator('#online-held');
    await held.waitFor();
    assert.match(await held.innerText(), /^Waiting for ana, who made the seek you took\. If they do not come, the bot sits in their place in \d+:\d\d, in a casual game\.$/);
    assert.equal(await page.getByText('Share this link').isVisible(), false, 'no link to share: the seat is ana\'s');
    assert.equal(await page.locator('#online-link').isVisible(), false);
    assert.equal(await page.locator('#online-back').getAttribute('href'), 'lobby.html');
    assert.ok(await page.locator('#online-back').isVisible());
    await page.getByRole('button', { name: 'Play the bot now (casual)' }).click();
    await page.waitForSelector('body[data-online="playing"][data-seat="1"]');
    // The bot sits in ana's place: the seat no longer names her.
    await page.waitForFunction(() => /bot/i.test(document.querySelector('.box-row')?.textContent ?? ''));
    assert.equal(await page.locator('#online-held').isVisible(), false);
    assert.deepEqual(page.errors, []);
  });
}
