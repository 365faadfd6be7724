// Takes the screenshots of a tournament: a round's pairings while its
// games are played (the links to the live games, the standings after the
// round before) and the final standings, at 360×740 (phone, touch) and
// 1280×800 (desktop). Four accounts (Chromium's virtual passkeys) play a
// 3-round Swiss on one server; each game a few moves, then one resigns.
// Run: node tests/screenshots/tournament-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';
import { signedUp, originOf, DESKTOP } from '../browser/accounts-util.mjs';
import { playOut } from '../browser/online-util.mjs';
import { toYourGame, tournamentWhen } from '../browser/tournament-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `tournament-${name}.png`);

/** Each person goes to their table of round `n` and plays it; the later-seated resigns, or (`full`) they play it out. */
async function playRound(people, origin, id, n, full) {
  const boards = new Map();
  for (const p of people) {
    await p.page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
    const table = await toYourGame(p.page, n);
    boards.set(table, [...(boards.get(table) ?? []), p]);
  }
  await Promise.all([...boards.values()].map(async (pair, i) => {
    for (const p of pair) await p.page.waitForSelector('body[data-online="playing"]');
    if (full && i === 0) {
      await playOut(pair.map((p) => p.page));
    } else {
      await playOut(pair.map((p) => p.page), { until: (ply) => ply >= 6 });
      await pair[1].page.getByRole('button', { name: 'Resign' }).click();
      await pair[1].page.locator('#online-confirm-yes').click();
    }
    for (const p of pair) await p.page.waitForSelector('body[data-over="true"]');
  }));
}

const SIZES = [[360, 740, true], [1280, 800, false]];

try {
  const server = await serverWith(['--contribution-window', '1']);
  const origin = originOf(server);
  const names = ['Marta', 'Tiago_B', 'ines', 'Paulo-R', 'Zeca', 'Lia_M'];
  const people = [];
  for (const name of names) people.push({ name, ...(await signedUp(server, name, DESKTOP)) });
  const ana = people[0].page;
  const id = await ana.evaluate(async () => {
    const body = { name: 'Copa de Inverno', format: 'swiss', clock: '180+2', rated: true, rounds: 3, starts: Date.now() + 3000 };
    const r = await fetch('api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await r.json()).id;
  });
  for (const p of people) {
    await p.page.evaluate(async (id) => fetch(`api/tournaments/${id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }), id);
  }
  await playRound(people, origin, id, 1, true);
  // Round 2 paired, its games started: the pairings, and the standings after round 1.
  // Asked of the server: a player's tournament page would take them to their table.
  await tournamentWhen(server.url, id, (v) => v.played.length >= 2);
  for (const [w, h, touch] of SIZES) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const page = await open(await newContext(options), `${origin}/tournament.html?id=${id}&lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    // A phone: from the tournament's summary down to the round being played.
    if (touch) await page.locator('#tn-summary').evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`pairings-${w}x${h}`) });
    console.log(shot(`pairings-${w}x${h}`));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  }
  await playRound(people, origin, id, 2, false);
  await playRound(people, origin, id, 3, false);
  for (const [w, h, touch] of SIZES) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const page = await open(await newContext(options), `${origin}/tournament.html?id=${id}&lang=en`);
    await page.getByRole('heading', { name: 'Final standings' }).waitFor({ timeout: 60_000 });
    if (touch) await page.locator('#tn-head').evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`standings-${w}x${h}`) });
    console.log(shot(`standings-${w}x${h}`));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  }
  // The list and the form, for the look (not kept in docs/).
  for (const [w, h, touch] of SIZES) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: true, isMobile: touch };
    const page = await open(await newContext(options), `${origin}/tournament.html?lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.screenshot({ path: join(process.env.LIST_DIR ?? '/tmp', `tournament-list-${w}x${h}.png`), fullPage: true });
  }
} finally {
  await closeAll();
}
