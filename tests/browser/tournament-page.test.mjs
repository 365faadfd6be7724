// The tournament page as a person sees it, on a 390 px phone and a
// desktop (docs/tournaments.md, "Online"), tournaments made through the
// API at the state that matters:
// - before the start: the rounds, the clock, the range and the link to
//   share, copied; Join, Withdraw (asking first, not the green button, and
//   not "Desistir" in Portuguese) and every button of the page and the
//   lobby readable under the pointer (desktop) and the finger (phone);
//   Join disabled, with the reason, outside the rating range;
// - a Swiss of four with one who withdrew: still four players, marked in
//   the standings, which fit a phone with every deciding figure in view;
//   a tournament of one says why it ended; an arena shows its time left
//   and does not call its waves rounds;
// - the clock as the head writes it (3+2, 30 s a move); Decided by a dash
//   before any game is finished; at the end who won, "You played in this
//   tournament", a forfeit in words with no Game button, the file checked
//   on Verify a game; an arena's numbers under their headings and its
//   tiebreak said; the list's order (open soonest first, then running,
//   then over) and "Cancelled"; the lobby's entries on lines of their own.
import assert from 'node:assert/strict';
import test from 'node:test';
import { newContext, serverWith } from './harness.mjs';
import { signedUp, originOf, DESKTOP, PHONE390 } from './accounts-util.mjs';
import { playOut } from './online-util.mjs';
import { toYourGame, tournamentNow, tournamentWhen } from './tournament-util.mjs';

/** The felt's green, the big button's colour. */
const FELT = 'rgb(46, 107, 85)';

/** Makes a tournament as `page`'s account: its id. */
async function make(page, extra) {
  return page.evaluate(async (extra) => {
    const body = { name: 'Torneio da Praça', format: 'swiss', clock: '180+2', rated: true, rounds: 3, starts: Date.now() + 3_600_000, ...extra };
    const r = await fetch('api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(await r.text());
    return (await r.json()).id;
  }, extra);
}

/** Joins or withdraws as `page`'s account, through the API. */
async function post(page, id, what) {
  await page.evaluate(async ([id, what]) => {
    const r = await fetch(`api/tournaments/${id}/${what}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    if (r.status !== 200) throw new Error(await r.text());
  }, [id, what]);
}

/** Opens tournament `id` in `lang` and waits for it. */
async function openTournament(page, origin, id, lang = 'en') {
  await page.goto(`${origin}/tournament.html?id=${id}&lang=${lang}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#tn-head').waitFor();
}

/**
 * Every enabled, visible button (and button-like link) of `page` whose
 * text is less than 4.5:1 against its background with `states` forced on
 * all of them at once (CDP `CSS.forcePseudoState`): hover for a pointer,
 * hover and active for a finger, which leaves hover on after the tap.
 */
async function unreadable(page, states) {
  // A list redrawn while the states are forced (the lobby's seeks, My
  // games once its recent games come) replaces a button under the check:
  // then the check is made again on the buttons drawn.
  for (let attempt = 1; ; attempt++) {
    try {
      return await unreadableOnce(page, states);
    } catch (e) {
      if (attempt >= 5 || !/Could not find node/.test(String(e?.message))) throw e;
    }
  }
}

/** unreadable() over the buttons there at the time. */
async function unreadableOnce(page, states) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'button, a.tn-game' });
  try {
    for (const nodeId of nodeIds) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: states });
  } catch (e) {
    // Each button back to its own state before the check is made again.
    for (const nodeId of nodeIds) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] }).catch(() => {});
    await cdp.detach();
    throw e;
  }
  const found = await page.evaluate(() => {
    const rgba = (text) => {
      const m = /rgba?\(([^)]+)\)/.exec(text);
      const [r, g, b, a = 1] = m ? m[1].split(/[ ,/]+/).filter(Boolean).map(Number) : [0, 0, 0, 0];
      return { r, g, b, a };
    };
    const over = (top, under) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    const background = (node) => {
      const layers = [];
      for (let n = node; n; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c.a > 0) layers.push(c);
        if (c.a >= 1) break;
      }
      return layers.reverse().reduce((under, top) => over(top, under), { r: 255, g: 255, b: 255, a: 1 });
    };
    const lum = ({ r, g, b }) => {
      const f = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const out = [];
    for (const b of document.querySelectorAll('button, a.tn-game')) {
      const box = b.getBoundingClientRect();
      if (b.matches(':disabled') || box.width === 0 || !b.checkVisibility()) continue;
      const bg = background(b);
      const fg = over(rgba(getComputedStyle(b).color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) out.push(`${b.id || b.className || b.textContent}: ${ratio.toFixed(2)} (${getComputedStyle(b).color} on ${getComputedStyle(b).backgroundColor})`);
    }
    return out;
  });
  for (const nodeId of nodeIds) await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] }).catch(() => {});
  await cdp.detach();
  return found;
}

test('before the start: what it is, the link to share, Join and Withdraw readable and asking first, the range before the tap', { timeout: 180_000 }, async () => {
  const server = await serverWith([]);
  const origin = originOf(server);
  try {
    const ana = await signedUp(server, 'ana', PHONE390);
    const bea = await signedUp(server, 'bea', DESKTOP);
    // bea seeks a game, so that ana's lobby shows its Play button too.
    await bea.page.locator('#seek-post').click();
    await bea.page.locator('#seek-waiting').waitFor();
    const open = await make(ana.page, { min: 1400, max: 1600 });
    const strong = await make(ana.page, { min: 1800 });
    for (const [who, person, tap] of [['ana', ana, true], ['bea', bea, false]]) {
      const { page, context } = person;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const states = tap ? ['hover', 'active'] : ['hover'];
      // The lobby's buttons, Play on bea's seek among them on ana's page.
      if (who === 'ana') {
        await page.goto(`${origin}/lobby.html?lang=en`);
        await page.getByRole('button', { name: /^Play bea/ }).waitFor();
        assert.deepEqual(await unreadable(page, states), [], `${who}: the lobby's buttons`);
        // The lobby's tournaments: name, summary, state and start each on a line of its own.
        const parts = await page.locator('#tournament-list li').first().evaluate((li) => ({
          display: getComputedStyle(li).display,
          tops: [...li.children].map((c) => Math.round(c.getBoundingClientRect().top)),
        }));
        assert.equal(parts.display, 'grid');
        assert.equal(parts.tops.length, 4);
        assert.ok(parts.tops.every((top, i) => i === 0 || top > parts.tops[i - 1]), JSON.stringify(parts));
      }
      await openTournament(page, origin, open);
      // What it is, before anyone plays: rounds, clock, range, and the link.
      const facts = await page.locator('#tn-about dl').innerText();
      assert.match(facts, /Rounds\s+3/);
      // The clock as the head writes it, minutes + seconds, not 180+2.
      assert.match(facts, /Clock\s+3\+2\s/);
      assert.match(facts, /Rating range\s+1400–1600/);
      const link = await page.locator('#tn-link').inputValue();
      assert.equal(link, `${origin}/tournament.html?id=${open}`);
      assert.match(await page.locator('label[for="tn-link"]').innerText(), who === 'ana' ? /^You made this tournament/ : /^Share this link/);
      await page.locator('#tn-copy').click();
      await page.locator('#tn-copied').filter({ hasText: 'Link copied.' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      // Join, Copy and the rest stay readable under the pointer or the finger.
      assert.deepEqual(await unreadable(page, states), [], `${who}: before joining`);
      await page.locator('#tn-join').click();
      const withdraw = page.locator('#tn-withdraw');
      await withdraw.waitFor();
      assert.notEqual(await withdraw.evaluate((b) => getComputedStyle(b).backgroundColor), FELT, 'Withdraw is not the green button');
      assert.deepEqual(await unreadable(page, states), [], `${who}: after joining`);
      // Withdraw asks first; Stay in keeps the entry.
      await withdraw.click();
      assert.equal(await page.locator('#tn-confirm-line').innerText(), 'Leave Torneio da Praça? You can join again until it starts.');
      assert.deepEqual(await unreadable(page, states), [], `${who}: the question`);
      await page.locator('#tn-confirm-no').click();
      await withdraw.waitFor();
      assert.ok((await tournamentNow(server.url, open)).entrants.some((e) => e.name === who), 'still in');
      // Outside the range: Join disabled before the tap, the reason beside it.
      await openTournament(page, origin, strong);
      const join = page.locator('#tn-join');
      assert.equal(await join.isDisabled(), true);
      assert.equal(await page.locator('#tn-join-why').innerText(), 'Your rating at this clock, 1500, is below this tournament’s range (1800 and above).');
      assert.equal(await join.getAttribute('aria-describedby'), 'tn-join-why');
      assert.match(await page.locator('#tn-about dl').innerText(), /Rating range\s+1800 and above/);
    }
    // In Portuguese, leaving a tournament is not the table's Resign.
    await openTournament(ana.page, origin, open, 'pt');
    assert.equal(await ana.page.locator('#tn-withdraw').innerText(), 'Sair do torneio');
    await ana.page.locator('#tn-withdraw').click();
    assert.match(await ana.page.locator('#tn-confirm-line').innerText(), /^Sair de Torneio da Praça\?/);
    for (const p of [ana.page, bea.page]) assert.deepEqual(p.errors, []);
  } finally {
    server.stop();
  }
});

test('a withdrawal counted and marked, standings that fit a phone, a tournament of one, an arena’s time', { timeout: 240_000 }, async () => {
  const server = await serverWith(['--contribution-window', '1', '--tournament-forfeit', '40']);
  const origin = originOf(server);
  try {
    // Long names, as people choose them, for the phone's table.
    const names = ['anastasia_de_souza_1', 'bartholomew_quintero', 'cecilia_albuquerque', 'domingos_vasconcelos'];
    const [a, b, c, d] = [
      await signedUp(server, names[0], PHONE390),
      await signedUp(server, names[1], DESKTOP),
      await signedUp(server, names[2], DESKTOP),
      await signedUp(server, names[3], DESKTOP),
    ];
    // A Swiss of one round, paired by rating then name: a–c, b–d. a and c
    // play it; b and d never come, and d withdraws: both lose by forfeit.
    const swiss = await make(a.page, { rounds: 1, clock: '30', rated: false, starts: Date.now() + 4_000 });
    for (const p of [a, b, c, d]) await post(p.page, swiss, 'join');
    // a and c wait on the tournament's page; the round's start takes them
    // to their table (tournament/call.js); d withdraws once it is paired.
    await Promise.all([a, c].map((p) => p.page.goto(`${origin}/tournament.html?id=${swiss}&lang=en`)));
    await Promise.all([a, c].map((p) => toYourGame(p.page, 1)));
    // Before any game is finished nothing has decided a place: a dash.
    // Seen by someone not signed in (a player's page would be taken to
    // its table by the round's call).
    const watcher = await (await newContext(DESKTOP)).newPage();
    await openTournament(watcher, origin, swiss);
    await watcher.locator('#standings').waitFor();
    assert.deepEqual(await watcher.locator('#standings td.tn-decided').allInnerTexts(), ['—', '—', '—', '—']);
    await watcher.context().close();
    await post(d.page, swiss, 'withdraw');
    const pages = [a.page, c.page];
    for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
    await playOut(pages, { until: (ply) => ply >= 4 });
    await c.page.getByRole('button', { name: 'Resign' }).click();
    await c.page.locator('#online-confirm-yes').click();
    for (const page of pages) await page.waitForSelector('body[data-over="true"]');
    await tournamentWhen(server.url, swiss, (v) => v.phase === 'over');

    for (const [p, phone] of [[a, true], [b, false]]) {
      const { page } = p;
      await openTournament(page, origin, swiss);
      await page.locator('#standings').waitFor();
      // Four played, one withdrew: four players, the withdrawn one marked.
      assert.match(await page.locator('#tn-summary').innerText(), /· 4 players/);
      const rows = await page.locator('#standings tbody tr').evaluateAll((trs) => trs.map((tr) => tr.innerText.replace(/\s+/g, ' ')));
      assert.equal(rows.length, 4);
      const marked = rows.filter((r) => / withdrew/.test(r));
      assert.equal(marked.length, 1, rows.join('\n'));
      assert.match(marked[0], /domingos_vasconcelos/);
      // Over: who won, what the player did, the forfeit in words with no
      // game to open, the clock as people write it, the file checked on
      // Verify a game (the command on a computer only).
      assert.equal(await page.locator('#tn-winner').innerText(), 'Won by anastasia_de_souza_1 with 1 point.');
      assert.equal(await page.locator('#tn-message').innerText(), 'You played in this tournament.');
      assert.equal(await page.locator('#round-1 .tn-game').count(), 1);
      assert.equal(await page.locator('#round-1 .tn-forfeit').innerText(), 'not played: forfeit by domingos_vasconcelos');
      assert.match(await page.locator('#tn-about dl').innerText(), /Clock\s+30 s a move/);
      assert.equal(await page.locator('#tn-trf-verify a').getAttribute('href'), 'verify.html');
      assert.equal(await page.locator('#tn-trf-cli').isVisible(), !phone);
      // Every place's deciding figure in view: the table fits the phone, or says it scrolls.
      const fit = await page.evaluate(() => {
        const wrap = /** @type {HTMLElement} */ (document.querySelector('#standings').parentElement);
        const box = wrap.getBoundingClientRect();
        const cells = [...document.querySelectorAll('#standings tbody tr td:last-child')].map((td) => td.getBoundingClientRect());
        const hint = document.getElementById('tn-scroll-hint');
        return {
          fits: wrap.scrollWidth <= wrap.clientWidth + 1,
          hinted: Boolean(hint && !hint.hidden && hint.getBoundingClientRect().height > 0),
          inside: cells.every((c) => c.right <= Math.min(box.right, innerWidth) + 0.5 && c.width > 0),
        };
      });
      if (phone) assert.deepEqual(fit, { fits: true, hinted: false, inside: true }, 'the phone shows every column it keeps');
      else assert.ok(fit.fits || fit.hinted, JSON.stringify(fit));
      assert.equal(fit.inside || !fit.fits, true);
    }

    // Alone: the page says why it ended, and shows no empty standings.
    const lonely = await make(a.page, { rounds: 1, clock: '30', starts: Date.now() + 1_500 });
    await post(a.page, lonely, 'join');
    await tournamentWhen(server.url, lonely, (v) => v.phase === 'over');
    for (const { page } of [a, b]) {
      await openTournament(page, origin, lonely);
      assert.equal(await page.locator('#tn-cancelled').innerText(), 'Nobody else joined; the tournament was cancelled.');
      assert.equal(await page.locator('#tn-message').innerText(), '');
      assert.equal(await page.locator('#tn-phase').innerText(), 'Cancelled');
      assert.equal(await page.locator('#standings').count(), 0);
      assert.match(await page.locator('#tn-summary').innerText(), /· 1 player\b/);
    }

    // An arena: its time left, its waves by the time they were paired.
    const arena = await make(c.page, { format: 'arena', minutes: 30, clock: '60+0', rounds: undefined, starts: Date.now() + 1_500 });
    for (const p of [c, d]) await post(p.page, arena, 'join');
    for (const { page } of [a, b]) {
      await openTournament(page, origin, arena);
      await page.locator('#round-1').waitFor({ timeout: 30_000 });
      assert.match(await page.locator('#tn-countdown').innerText(), /^Ends in (29|30) min/);
      const heading = await page.locator('#round-1 h2').innerText();
      assert.match(heading, /^Paired at /);
      assert.doesNotMatch(heading, /Round/);
      // Each number right under its heading; equal points placed by performance, said.
      const edges = await page.evaluate(() => [0, 2].map((i) => {
        const th = document.querySelectorAll('#standings th')[i].getBoundingClientRect();
        const td = document.querySelectorAll('#standings tbody tr')[0].children[i].getBoundingClientRect();
        return Math.abs(th.right - td.right);
      }));
      assert.ok(edges.every((d) => d < 2), JSON.stringify(edges));
      // A phone keeps place, player, points and streak: no sideways scroll.
      if (page === a.page) assert.ok(await page.locator('#tn-scroll').evaluate((w) => w.scrollWidth <= w.clientWidth + 1), 'the arena fits the phone');
      assert.match(await page.locator('#tn-tie-note').innerText(), /^Equal points: the higher performance places first/);
    }
    // The list: open ones soonest first, then those being played, then
    // those over, the latest first; one over before its first round is cancelled.
    await make(a.page, { name: 'Later one', starts: Date.now() + 7_200_000 });
    await make(a.page, { name: 'Sooner one', starts: Date.now() + 3_600_000 });
    await b.page.goto(`${origin}/tournament.html?lang=en`);
    const items = b.page.locator('#tournament-list li');
    await items.nth(4).waitFor();
    const listed = await items.evaluateAll((lis) => lis.map((li) => [li.querySelector('a')?.textContent, li.querySelector('.tn-phase')?.textContent]));
    assert.deepEqual(listed.map(([, phase]) => phase), ['Open for entries', 'Open for entries', 'Being played', 'Cancelled', 'Over']);
    assert.deepEqual(listed.slice(0, 2).map(([name]) => name), ['Sooner one', 'Later one']);
    // The form: a clock read but giving no time is told apart from one not read.
    await b.page.locator('#tn-name').fill('No time');
    for (const [typed, said] of [['0+5', /^A clock needs some time/], ['3 min', /^Write minutes\+seconds/]]) {
      await b.page.locator('#tn-clock').fill(typed);
      await b.page.locator('#tn-make').click();
      await b.page.locator('#create-message').filter({ hasText: said }).waitFor();
    }
    for (const p of [a, b, c, d]) assert.deepEqual(p.page.errors, []);
  } finally {
    server.stop();
  }
});
