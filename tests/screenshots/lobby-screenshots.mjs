// Takes the screenshots of the lobby (lobby.html): three tables waiting for
// a player and three games in progress (one against the bot, two with
// spectators), opened by a helper page's own sockets, at 360×740 (phone,
// touch) and 1280×800 (desktop).
// Run: node tests/screenshots/lobby-screenshots.mjs

import { join } from 'node:path';
import { closeAll, newContext, open, ROOT, serverWith } from '../browser/harness.mjs';

/** Where the screenshots go: docs/screenshots/, or the folder OUT_DIR names. */
const OUT = process.env.OUT_DIR ?? join(ROOT, 'docs', 'screenshots');
const LANG = process.env.LOBBY_LANG ?? 'en';

const shot = (name) => join(OUT, `lobby-${name}.png`);

/**
 * In the helper page: opens each table, seats `people` sockets (then Start
 * when `start`, the bot taking the free seat) and `watchers` spectators;
 * the sockets stay open on `window`.
 */
function openTables(tables) {
  const w = /** @type {any} */ (window);
  w.sockets = [];
  const hello = (id) => new Promise((resolve) => {
    const ws = new WebSocket(new URL(`api/tables/${id}/ws`, location.href).href.replace(/^http/, 'ws'));
    w.sockets.push(ws);
    ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'hello' }));
    ws.onmessage = (e) => {
      if (JSON.parse(e.data).type === 'welcome') resolve(ws);
    };
  });
  return Promise.all(tables.map(async ({ settings, people, start, watchers }) => {
    const answer = await fetch('api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });
    const { id } = await answer.json();
    let host = null;
    for (let i = 0; i < people; i++) {
      const ws = await hello(id);
      host ??= ws;
    }
    if (start) host.send(JSON.stringify({ v: 1, type: 'start' }));
    for (let i = 0; i < watchers; i++) await hello(id);
  }));
}

try {
  const server = await serverWith([]);
  const helper = await open(await newContext(), `${server.url}/verify.html?lang=en`);
  await helper.evaluate(openTables, [
    { settings: { game: 'othello', clock: 30 }, people: 1, watchers: 0 },
    { settings: { game: 'nabucodonosor', size: 7, clock: 0, level: 2 }, people: 1, watchers: 0 },
    { settings: { game: 'othello', clock: 120, level: 6 }, people: 1, watchers: 0 },
    { settings: { game: 'othello', clock: 0 }, people: 2, watchers: 3 },
    { settings: { game: 'nabucodonosor', size: 9, clock: 45, level: 3 }, people: 1, start: true, watchers: 1 },
    { settings: { game: 'othello', clock: 20, level: 4 }, people: 2, watchers: 0 },
  ]);
  for (const [w, h, touch] of [[360, 740, true], [1280, 800, false]]) {
    const options = { viewport: { width: w, height: h }, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch };
    const context = await newContext(options);
    const page = await open(context, `${server.url}/lobby.html?lang=${LANG}`);
    await page.waitForSelector('body[data-lobby="live"]');
    await page.waitForFunction(() => document.querySelectorAll('.lobby-entry').length === 6);
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`${w}x${h}`), fullPage: touch });
    console.log(shot(`${w}x${h}`));
    if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  }
} finally {
  await closeAll();
}
