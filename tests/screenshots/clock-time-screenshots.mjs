// Takes the screenshots of time as people read it (issue 58), at 360×740
// (phone, touch) and 1280×800 (desktop), each table opened through the API:
// - `clock-3+2-WxH.png`: an online 3+2 table a few moves in, its box saying
//   "3+2 · Blitz";
// - `clock-resigned-WxH.png`: a 1+0 game resigned, a minute later on the
//   server's clock (`--time-shift`), opened again: its clocks as they stopped;
// - `clock-days-WxH.png`: a 2d correspondence game a day later, the other
//   person away: the clocks in days and hours and the away line.
// The docs show none of them: they go to the system's temporary folder
// (OUT_DIR=… to write elsewhere), to be opened and judged.
// Run: node tests/screenshots/clock-time-screenshots.mjs

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAll, open, serverWith } from '../browser/harness.mjs';
import { joinLink, myTurn, playOut, tapMove } from '../browser/online-util.mjs';

const OUT = process.env.OUT_DIR ?? tmpdir();

/** Two people at an Othello table at `clock` (the API's notation), in browsers of `options`. */
async function twoAt(server, clock, options) {
  const opened = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'othello', clock }),
  });
  const { id } = await opened.json();
  const link = `${server.url}/?table=${id}&lang=en`;
  const host = await joinLink(link, null, options);
  await host.page.waitForSelector('body[data-seat="0"]');
  const guest = await joinLink(link, null, options);
  const pages = [host.page, guest.page];
  for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
  const [dark, light] = (await myTurn(host.page)) ? [host, guest] : [guest, host];
  return { link, pages, dark, light };
}

async function shot(page, name, w, h) {
  if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  const path = join(OUT, `${name}-${w}x${h}.png`);
  await page.screenshot({ path });
  console.log(path);
}

try {
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    {
      const server = await serverWith([]);
      const { pages, dark } = await twoAt(server, '180+2', options);
      await playOut(pages, { until: (n) => n >= 4 });
      await shot(dark.page, 'clock-3+2', w, h);
      server.stop();
    }
    {
      const server = await serverWith([]);
      const { link, pages, dark, light } = await twoAt(server, '60+0', options);
      await playOut(pages, { until: (n) => n >= 6 });
      await light.page.getByRole('button', { name: 'Resign' }).click();
      await light.page.locator('#online-confirm-yes').click();
      for (const page of pages) await page.waitForSelector('body[data-over="true"]');
      for (const page of pages) await page.close();
      await server.restart({ flags: ['--time-shift', '60'] });
      const page = await open(dark.context, link);
      await page.waitForSelector('body[data-over="true"]');
      await page.waitForFunction(() => document.querySelectorAll('.game-clock-time').length === 2);
      await shot(page, 'clock-resigned', w, h);
      server.stop();
    }
    {
      const server = await serverWith([]);
      const { link, pages, dark, light } = await twoAt(server, '2d', options);
      await tapMove(dark.page, 0);
      for (const page of pages) await page.waitForFunction(() => Number(document.body.dataset.ply) === 1);
      for (const page of pages) await page.close();
      await server.restart({ flags: ['--time-shift', String(86_400 + 4 * 3600)] });
      const darkPage = await open(dark.context, link);
      const lightPage = await open(light.context, link);
      await lightPage.waitForFunction(() => document.getElementById('online-line')?.dataset.connected === 'true');
      await lightPage.close();
      await darkPage.waitForFunction(() => /They have/.test(document.getElementById('away')?.textContent ?? ''));
      await shot(darkPage, 'clock-days', w, h);
      server.stop();
    }
  }
} finally {
  await closeAll();
}
