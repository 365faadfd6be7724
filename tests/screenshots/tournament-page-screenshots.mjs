// Takes the screenshots of one tournament's page as its states need it, at
// 360×740 (phone, touch) and 1280×800 (desktop): a Swiss before its start
// (what it is, the link to share, seen by its maker on the phone and by
// another player on the desktop), the standings of a Swiss of four long
// names with one withdrawn, and a tournament nobody else joined. Four
// accounts (Chromium's virtual passkeys) on one server; the tournaments
// made through the API.
// Run: node tests/screenshots/tournament-page-screenshots.mjs

import { join } from 'node:path';
import { closeAll, ROOT, serverWith } from '../browser/harness.mjs';
import { signedUp, originOf } from '../browser/accounts-util.mjs';
import { playOut } from '../browser/online-util.mjs';
import { toYourGame } from '../browser/tournament-util.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const shot = (name) => join(OUT, `tournament-${name}.png`);

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const DESK = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, hasTouch: true };

async function make(page, extra) {
  return page.evaluate(async (extra) => {
    const body = { name: 'Copa da Primavera', format: 'swiss', clock: '180+2', rated: true, rounds: 3, starts: Date.now() + 7_200_000, ...extra };
    const r = await fetch('api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(await r.text());
    return (await r.json()).id;
  }, extra);
}

async function post(page, id, what) {
  await page.evaluate(async ([id, what]) => {
    await fetch(`api/tournaments/${id}/${what}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  }, [id, what]);
}

async function over(page, id) {
  for (;;) {
    const v = await page.evaluate(async (id) => (await fetch(`api/tournaments/${id}`, { cache: 'no-store' })).json(), id);
    if (v.phase === 'over') return;
    await page.waitForTimeout(300);
  }
}

/** Screenshots `id` on each page: `[page, size]`; a phone from the tournament's head down. */
async function shoot(origin, id, name, pages) {
  for (const [page, size] of pages) {
    await page.goto(`${origin}/tournament.html?id=${id}&lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.locator('#tn-head').waitFor();
    if (size.startsWith('360')) await page.locator('#tn-summary').evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`${name}-${size}`) });
    console.log(shot(`${name}-${size}`));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
  }
}

try {
  const server = await serverWith(['--contribution-window', '1', '--tournament-forfeit', '40']);
  const origin = originOf(server);
  const a = await signedUp(server, 'anastasia_de_souza_1', PHONE);
  const b = await signedUp(server, 'bartholomew_quintero', DESK);
  const c = await signedUp(server, 'cecilia_albuquerque', DESK);
  const d = await signedUp(server, 'domingos_vasconcelos', DESK);
  const both = [[a.page, '360x740'], [b.page, '1280x800']];

  // Before the start: its maker on the phone, another player on the desktop.
  const before = await make(a.page, { min: 1300, max: 1700 });
  for (const p of [a, c, d]) await post(p.page, before, 'join');
  await shoot(origin, before, 'before', both);

  // A Swiss of one round, paired a–c and b–d: a and c play, b and d never
  // come, d withdraws.
  const swiss = await make(a.page, { name: 'Taça de Domingo', rounds: 1, clock: '30', rated: false, starts: Date.now() + 4_000 });
  for (const p of [a, b, c, d]) await post(p.page, swiss, 'join');
  for (const p of [a, c]) {
    await p.page.goto(`${origin}/tournament.html?id=${swiss}&lang=en`);
  }
  // The round's start takes them to their tables (tournament/call.js).
  await Promise.all([a, c].map((p) => toYourGame(p.page, 1)));
  await post(d.page, swiss, 'withdraw');
  for (const p of [a, c]) await p.page.waitForSelector('body[data-online="playing"]');
  await playOut([a.page, c.page], { until: (ply) => ply >= 8 });
  await c.page.getByRole('button', { name: 'Resign' }).click();
  await c.page.locator('#online-confirm-yes').click();
  await over(a.page, swiss);
  await shoot(origin, swiss, 'withdrawn', both);

  // Alone.
  const alone = await make(a.page, { name: 'Torneio da Madrugada', rounds: 1, starts: Date.now() + 1_500 });
  await post(a.page, alone, 'join');
  await over(a.page, alone);
  await shoot(origin, alone, 'alone', both);
} finally {
  await closeAll();
}
