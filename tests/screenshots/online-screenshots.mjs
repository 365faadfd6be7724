// Takes the screenshots of the online table, at 360×740 (phone, touch) and
// 1280×800 (desktop): the New game dialog with "Play online" chosen; the
// host's waiting screen (the link to share, the countdown until the bot
// sits, the fingerprint, the word, Start now); a game between two people a
// few moves in, with a move previewed; the host's page when the guest has
// closed theirs (the away notice and its countdown); the guest's page back
// at the table after the bot played for them (where the game stands, what
// the bot played); and the end, with Play again.
// Run: node tests/screenshots/online-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { hostTable, joinLink, playOut } from '../browser/online-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');

const shot = (name) => join(OUT, `online-${name}.png`);

/** Saves `page` as online-NAME-WxH.png. */
async function save(page, name, [w, h]) {
  const path = shot(`${name}-${w}x${h}`);
  await page.screenshot({ path });
  console.log(path);
}

try {
  // A short grace, so that the bot sits for the guest who left while the host plays on.
  const server = await serverWith(['--grace', '4']);
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const size = [w, h];
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };

    // The New game dialog, Play online chosen (its server answered).
    const context = await newContext(options);
    const dialog = await open(context, `${server.url}/?lang=en`);
    await dialog.locator('#new-game').click();
    await dialog.getByRole('radio', { name: 'Play online' }).check();
    await dialog.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('nd-start'))).disabled);
    await dialog.waitForTimeout(300);
    await save(dialog, 'dialog', size);
    await context.close();

    const host = await hostTable(server, '?lang=en', { word: 'olá', level: 1, options });
    await host.page.waitForTimeout(1500);
    await save(host.page, 'waiting', size);
    const guest = await joinLink(host.link, null, options);
    let pages = [host.page, guest.page];
    for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
    await playOut(pages, { until: (n) => n >= 9 });
    // Then on to the host's turn.
    if (!(await host.page.locator('#all-moves').isEnabled())) {
      const n = Number(await host.page.locator('body').getAttribute('data-ply'));
      await playOut(pages, { until: (m) => m > n });
    }
    // The host's turn, a move previewed (ghost disc and rings).
    for (const page of pages) {
      if (!(await page.locator('#all-moves').isEnabled())) continue;
      const legal = await page.$$eval('#grid [data-legal]', (els) => els.map((e) => e.dataset.sq));
      const target = page.locator(`#grid [data-sq="${legal[0]}"]`);
      await target.tap();
    }
    await host.page.waitForTimeout(400);
    await save(host.page, 'game', size);

    // The guest closes their page: the host sees them away, the bot's countdown running.
    for (const page of pages) if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await guest.page.close();
    await host.page.waitForSelector('#away:not([hidden])');
    await host.page.waitForTimeout(1200);
    await save(host.page, 'away', size);

    // The bot sits for the guest; the host plays on; the guest comes back.
    await host.page.waitForFunction(() => /The bot took the seat/.test(document.getElementById('status').textContent), null, { timeout: 15_000 });
    const left = Number(await host.page.locator('body').getAttribute('data-ply'));
    await playOut([host.page], { until: (n) => n >= left + 4 });
    const back = (await joinLink(host.link, guest.context, options)).page;
    await back.waitForTimeout(600);
    await save(back, 'return', size);

    // To the end: Play again offered under the result.
    pages = [host.page, back];
    await playOut(pages);
    await host.page.waitForSelector('#online-again-button:not([hidden])');
    await host.page.waitForTimeout(600);
    await save(host.page, 'end', size);
    for (const page of pages) if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await host.context.close();
    await guest.context.close();
  }
} finally {
  await closeAll();
}
