// Takes the screenshots of rated play (#50) at 360×740 (phone, touch) and
// 1280×800 (desktop): the seats' ratings, the end of a rated game (the result, each rating's
// change, Play again), Resign's question, the lobby with My games and
// seeks (one out of range), a taker whose poster never came, and the
// profile of a 20-character name, a challenge sent from a profile and
// received. Passkeys through Chromium's virtual
// authenticator. Run: node tests/screenshots/rated-screenshots.mjs

import { join } from 'node:path';
import { closeAll, ROOT, serverWith } from '../browser/harness.mjs';
import { playOut } from '../browser/online-util.mjs';
import { originOf, ratedPair, signedUp } from '../browser/accounts-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `rated-${name}.png`);

async function take(page, name, fullPage = false) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: shot(name), fullPage });
  console.log(shot(name));
  if (page.errors.length) throw new Error(`${name}: errors in the page: ${page.errors.join('; ')}`);
}

try {
  for (const [w, h, phone] of [[360, 740, true], [1280, 800, false]]) {
    const size = `${w}x${h}`;
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, hasTouch: true, isMobile: phone };
    const server = await serverWith([]);
    const origin = originOf(server);

    // The lobby: My games (ana sits at a rated game with bruno) and two seeks, one out of range.
    const { ana, bruno, id } = await ratedPair(server, { options });
    const carl = await signedUp(server, 'carl', options);
    await carl.page.locator('#seek-game').selectOption('nabucodonosor:7');
    await carl.page.locator('#seek-post').click();
    const dora = await signedUp(server, 'dora', options);
    await dora.page.locator('#seek-min').fill('1600');
    await dora.page.locator('#seek-post').click();
    const lobby = await ana.context.newPage();
    await lobby.goto(`${origin}/lobby.html?lang=en`);
    await lobby.locator(`#mine-list .mine-entry[data-id="${id}"]`).waitFor();
    await lobby.locator('#seek-list .seek-entry', { hasText: 'dora' }).waitFor();
    await lobby.locator('#seek-min').fill('1400');
    await take(lobby, `lobby-${size}`, !phone);
    await lobby.close();

    // The seats: each account's rating, and "rated".
    await bruno.page.waitForFunction(() => /rated/.test(document.querySelector('#box-light .box-rating')?.textContent ?? ''));
    await bruno.page.evaluate(() => window.scrollTo(0, 0));
    await take(bruno.page, `seats-${size}`);

    // Resign's question, then the end of the game played out.
    await ana.page.getByRole('button', { name: 'Abort' }).waitFor();
    await playOut([ana.page, bruno.page], { until: (ply) => ply >= 6 });
    await bruno.page.getByRole('button', { name: 'Resign' }).click();
    await bruno.page.locator('#online-confirm').scrollIntoViewIfNeeded();
    await take(bruno.page, `resign-ask-${size}`);
    await bruno.page.getByRole('button', { name: 'Keep playing' }).click();
    await playOut([ana.page, bruno.page]);
    await bruno.page.locator('#result-ratings').waitFor();
    await bruno.page.evaluate(() => window.scrollTo(0, 0));
    await take(bruno.page, `end-${size}`);

    // A taker whose poster never came.
    const made = await carl.context.request.post(`${origin}/api/seeks`, { headers: { Origin: origin }, data: { game: 'othello', clock: 30, rated: true } });
    if (made.status() !== 201) throw new Error(`seek: ${made.status()}`);
    await carl.page.close();
    const erik = await signedUp(server, 'erik', options);
    const play = erik.page.getByRole('button', { name: /^Play carl/ });
    await play.waitFor();
    await Promise.all([erik.page.waitForURL(/table=/), play.click()]);
    await erik.page.locator('#online-held').waitFor();
    await erik.page.locator('#online-held').scrollIntoViewIfNeeded();
    await take(erik.page, `stranded-${size}`);

    // The profile of a 20-character name.
    const long = await signedUp(server, 'Maximiliano_Roberto2', options);
    await long.page.goto(`${origin}/players.html?name=Maximiliano_Roberto2&lang=en`);
    await long.page.waitForSelector('body[data-ready="true"]');
    await take(long.page, `profile-long-${size}`, true);

    // A challenge: dora's form on that profile, then the card on his open page.
    const challenger = await dora.context.newPage();
    await challenger.goto(`${origin}/players.html?name=Maximiliano_Roberto2&lang=en`);
    await challenger.waitForSelector('body[data-ready="true"]');
    await challenger.locator('#challenge-send').scrollIntoViewIfNeeded();
    await take(challenger, `challenge-send-${size}`);
    await challenger.locator('#challenge-send').click();
    await challenger.locator('#challenge-waiting').waitFor();
    await long.page.evaluate(() => window.scrollTo(0, 0));
    await long.page.locator('#challenges .challenge-card').waitFor();
    await take(long.page, `challenge-${size}`);
  }
} finally {
  await closeAll();
}
