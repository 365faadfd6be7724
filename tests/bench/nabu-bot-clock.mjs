// How long Nabucodonosor's bot takes for its first move on 15×15 at level 5,
// with a game clock (60+0: it thinks within its own time, at most a second
// a move here) and without one (its playouts alone), in headless Chromium;
// the time from the person's move to the bot's, the table's 450 ms pause
// and, the first time, the bot's worker starting included. A figure for
// docs/nabucodonosor.md, not a test: it depends on the machine.
//
//   node tests/bench/nabu-bot-clock.mjs

import { closeAll, newContext, pageUrl } from '../browser/harness.mjs';

try {
  const context = await newContext();
  for (const clock of ['60%2B0', '0']) {
    const page = await context.newPage();
    await page.goto(await pageUrl(`nabu.html?lang=en&seats=person,bot&level=5&size=15&clock=${clock}&seed=${'01'.repeat(32)}`));
    await page.waitForSelector('body[data-ready="true"]');
    const cell = page.locator('#grid [data-legal]').first();
    await cell.click();
    await cell.click();
    const t0 = Date.now();
    await page.waitForFunction(() => document.body.dataset.ply === '2', null, { timeout: 120_000 });
    const shown = await page.locator('.game-clock-time').allTextContents();
    console.log(`clock ${decodeURIComponent(clock)}: the bot's first move after ${Date.now() - t0} ms${shown.length ? ` (clocks ${shown.join(' ')})` : ''}`);
    if (page.errors.length) throw new Error(page.errors.join('; '));
    await page.close();
  }
} finally {
  await closeAll();
}
