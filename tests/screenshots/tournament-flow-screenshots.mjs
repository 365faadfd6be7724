// Takes the screenshots of a tournament's round as its players live it,
// at 360×740 (phone, touch) and 1280×800 (desktop): the round's start told
// on the lobby (the notice with its link), a tournament game's table (its
// tournament and round, waiting for the opponent), and a withdrawal as the
// opponent sees it. For each size two accounts join a Swiss through the
// API; one waits in the lobby, goes to the game by the notice's link, and
// the other withdraws instead of coming.
// Run: node tests/screenshots/tournament-flow-screenshots.mjs

import { join } from 'node:path';
import { closeAll, ROOT, serverWith } from '../browser/harness.mjs';
import { signedUp, originOf } from '../browser/accounts-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `tournament-${name}.png`);

const SIZES = [
  [360, 740, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }, ['Marta', 'Tiago_B']],
  [1280, 800, { viewport: { width: 1280, height: 800 }, hasTouch: true }, ['ines', 'Paulo-R']],
];

async function api(page, path, body) {
  return page.evaluate(async ([path, body]) => {
    const init = body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    return (await fetch(path, init)).json();
  }, [path, body]);
}

try {
  const server = await serverWith(['--contribution-window', '1', '--tournament-forfeit', '600']);
  const origin = originOf(server);
  for (const [w, h, options, [me, other]] of SIZES) {
    const a = await signedUp(server, me, options);
    const b = await signedUp(server, other, options);
    const { id } = await api(a.page, 'api/tournaments', { name: 'Copa de Inverno', format: 'swiss', clock: '180+2', rated: true, rounds: 3, starts: Date.now() + 4000 });
    for (const p of [a, b]) await api(p.page, `api/tournaments/${id}/join`, {});
    await a.page.goto(`${origin}/lobby.html?lang=en`);
    await a.page.waitForSelector('body[data-ready="true"]');
    await a.page.locator('.round-call').waitFor({ timeout: 30_000 });
    await a.page.locator(`#mine-list li`).first().waitFor({ timeout: 10_000 });
    await a.page.evaluate(() => document.fonts.ready);
    await a.page.screenshot({ path: shot(`call-${w}x${h}`) });
    await Promise.all([a.page.waitForURL(/index\.html\?table=/), a.page.locator('.round-call-go').click()]);
    await a.page.waitForSelector('body[data-online="waiting"]');
    await a.page.locator('#online-held').waitFor();
    await a.page.screenshot({ path: shot(`game-${w}x${h}`) });
    await api(b.page, `api/tournaments/${id}/withdraw`, {});
    await a.page.waitForSelector('body[data-online="over"]');
    await a.page.screenshot({ path: shot(`withdrew-${w}x${h}`) });
    console.log(`${w}×${h}: tournament-call, -game, -withdrew`);
  }
} finally {
  await closeAll();
}
