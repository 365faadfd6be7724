// Takes the screenshots of the lobby (lobby.html): three tables waiting for
// a player and three games in progress (one against the bot, two with
// spectators, each at its move with its score), opened and played by a
// helper page's own sockets, at 360×740 (phone, touch) and 1280×800
// (desktop).
// Run: node tests/screenshots/lobby-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const LANG = process.env.LOBBY_LANG ?? 'en';

const shot = (name) => join(OUT, `lobby-${name}.png`);

/**
 * In the helper page: opens each table, seats `people` sockets (then Start
 * when `start`, the bot taking the free seat), each person contributing to
 * the colour draw, plays `moves` moves (each seat its first legal move), and
 * seats `watchers` spectators; the sockets stay open on `window`.
 */
function openTables(tables) {
  const w = /** @type {any} */ (window);
  w.sockets = [];
  const random = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  const hello = (id, moves) => new Promise((resolve) => {
    const ws = new WebSocket(new URL(`api/tables/${id}/ws`, location.href).href.replace(/^http/, 'ws'));
    w.sockets.push(ws);
    let seat = null;
    let contributed = false;
    ws.onopen = () => ws.send(JSON.stringify({ v: 2, type: 'hello' }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'welcome') {
        seat = m.seat;
        resolve(ws);
      }
      const state = m.type === 'welcome' ? m.state : m.type === 'state' ? m : null;
      if (!state || seat === null) return;
      if (state.status === 'contributing' && !contributed) {
        contributed = true;
        ws.send(JSON.stringify({ v: 2, type: 'contribute', random: random() }));
      }
      const table = state.table;
      if (state.status === 'playing' && table && table.seatToMove === seat && state.ply < moves) {
        const move = table.legalMoves?.[0] ?? (() => {
          const square = table.legal[0][0];
          return `${String.fromCharCode(97 + (square % 8))}${Math.floor(square / 8) + 1}`;
        })();
        ws.send(JSON.stringify({ v: 2, type: 'move', ply: state.ply, move }));
      }
    };
  });
  return Promise.all(tables.map(async ({ settings, people, start, watchers, moves = 0 }) => {
    const answer = await fetch('api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });
    const { id } = await answer.json();
    let host = null;
    for (let i = 0; i < people; i++) {
      const ws = await hello(id, moves);
      host ??= ws;
    }
    if (start) host.send(JSON.stringify({ v: 2, type: 'start' }));
    for (let i = 0; i < watchers; i++) await hello(id, 0);
  }));
}

try {
  const server = await serverWith([]);
  const helper = await open(await newContext(), `${server.url}/verify.html?lang=en`);
  await helper.evaluate(openTables, [
    { settings: { game: 'othello', clock: 30 }, people: 1, watchers: 0 },
    { settings: { game: 'nabucodonosor', size: 7, clock: 0, level: 2 }, people: 1, watchers: 0 },
    { settings: { game: 'othello', clock: 120, level: 6 }, people: 1, watchers: 0 },
    { settings: { game: 'othello', clock: 0 }, people: 2, watchers: 3, moves: 23 },
    { settings: { game: 'nabucodonosor', size: 9, clock: 45, level: 3 }, people: 1, start: true, watchers: 1, moves: 1 },
    { settings: { game: 'othello', clock: 20, level: 4 }, people: 2, watchers: 0, moves: 8 },
  ]);
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch };
    const context = await newContext(options);
    const page = await open(context, `${server.url}/lobby.html?lang=${LANG}`);
    await page.waitForSelector('body[data-lobby="live"]');
    await page.waitForFunction(() => document.querySelectorAll('.lobby-entry').length === 6
      && document.querySelectorAll('.lobby-progress').length === 3);
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`${w}x${h}`), fullPage: touch });
    console.log(shot(`${w}x${h}`));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
