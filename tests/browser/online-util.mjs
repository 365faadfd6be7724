// Helpers for the online table's browser tests: a host opens a table from
// the New game dialog ("Play online"), a guest opens its link, and each
// plays its turns by taps (tap to preview, tap again to place) while the
// other page watches the moves arrive. Every page's table socket is recorded,
// frames both ways in order (`socketLog`), and the answer that opened the
// table is kept (`openingAnswer`). Records are checked with the SHA-256 of
// node:crypto and with `virada verify`.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newContext, open, ROOT } from './harness.mjs';

export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const BIN = process.env.VIRADA_BIN ?? `${ROOT}target/debug/virada`;

/** @type {WeakMap<object, {dir: 'sent'|'received', socket: number, data: any}[]>} */
const logs = new WeakMap();
/** @type {WeakMap<object, any>} */
const answers = new WeakMap();
const recorded = new WeakSet();
let sockets = 0;

/** Records every frame of every WebSocket of the pages `context` opens from now on, both ways, in order. */
function recordSockets(context) {
  if (recorded.has(context)) return;
  recorded.add(context);
  context.on('page', (page) => {
    const log = [];
    logs.set(page, log);
    page.on('websocket', (ws) => {
      const socket = ++sockets;
      const parse = (payload) => {
        try {
          return JSON.parse(String(payload));
        } catch {
          return String(payload);
        }
      };
      ws.on('framesent', ({ payload }) => log.push({ dir: 'sent', socket, data: parse(payload) }));
      ws.on('framereceived', ({ payload }) => log.push({ dir: 'received', socket, data: parse(payload) }));
    });
    // The answer that opens the table, read as it passes (the page leaves for the table's link right after).
    page.route(/\/api\/(tables|pair)$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      answers.set(page, await response.json().catch(() => null));
      return route.fulfill({ response });
    });
  });
}

/** Every table-socket frame `page` sent and received, in order. */
export function socketLog(page) {
  return logs.get(page) ?? [];
}

/** The JSON answer of the `POST /api/tables` (or `/api/pair`) that opened `page`'s table. */
export function openingAnswer(page) {
  return answers.get(page);
}

/**
 * The fingerprint came first on every socket of `page`: each socket's first
 * frame received is the commitment, and nothing (no hello, no word, no
 * contribution) was sent on it before. Returns the fingerprints seen.
 */
export function assertCommittedFirst(page) {
  const log = socketLog(page);
  const bySocket = new Map();
  for (const f of log) bySocket.set(f.socket, [...(bySocket.get(f.socket) ?? []), f]);
  assert.ok(bySocket.size > 0, 'the page opened a socket');
  const seen = new Set();
  for (const frames of bySocket.values()) {
    const first = frames.findIndex((f) => f.dir === 'received');
    assert.ok(first >= 0, 'a frame came');
    assert.equal(frames[first].data.type, 'commitment', JSON.stringify(frames[first].data));
    assert.match(frames[first].data.fingerprint, /^[0-9a-f]{64}$/);
    assert.equal(frames.slice(0, first).filter((f) => f.dir === 'sent').length, 0, 'nothing sent before the commitment');
    seen.add(frames[first].data.fingerprint);
  }
  return [...seen];
}

/** The contributions `page` sent (their random values and words). */
export function contributionsSent(page) {
  return socketLog(page).filter((f) => f.dir === 'sent' && f.data?.type === 'contribute').map((f) => f.data);
}

/**
 * Opens `start` (a page of `server`, e.g. `?lang=en` or `nabu.html?size=5`)
 * in a fresh context (given first to `prepare(context)`, e.g. to route its
 * sockets), opens a table from the New game dialog with "Play online" (with
 * `handicap`, a short form such as `seat2:first:a1,h8`, ticked in the
 * dialog's handicap field), with `match` (`points:16` …) chosen as "One game
 * or a match" when given, and
 * waits at it (`waitFor`: `waiting`, another status, or `none`). Returns
 * {page, context, link}.
 */
export async function hostTable(server, start, { word = '', level, size, anyone = false, handicap = '', match = '', options = PHONE, waitFor = 'waiting', prepare = null } = {}) {
  const context = await newContext(options);
  recordSockets(context);
  if (prepare) await prepare(context);
  const page = await open(context, `${server.url}/${start}`);
  await page.locator('#new-game').click();
  // The radio's name in the page's language (the address may ask for pt or it).
  await page.getByRole('radio', { name: /^(Play online|Jogar online|Gioca online)$/ }).check();
  await page.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.getElementById('nd-start')).disabled);
  if (level) await page.locator('#set-level').selectOption(String(level));
  if (size) await page.locator('#set-size').selectOption(String(size));
  if (anyone) await page.locator('#set-opponent').selectOption('anyone');
  if (match) await page.locator('#set-match').selectOption(match);
  if (handicap) {
    const [seat, ...rest] = handicap.split(':');
    await page.locator('#hc-seat').selectOption(seat);
    for (const part of rest) {
      for (const box of part === 'first' ? ['first'] : part.split(',')) await page.locator(`#hc-${box}`).check();
    }
  }
  await page.locator('#nd-word').fill(word);
  await page.locator('#nd-start').click();
  await page.waitForURL(/[?&]table=[0-9a-f]+/);
  if (waitFor === 'none') return { page, context, link: page.url() };
  await page.waitForSelector(waitFor === 'waiting'
    ? 'body[data-ready="true"][data-online="waiting"][data-seat="0"]'
    : `body[data-ready="true"][data-online="${waitFor}"]`);
  return { page, context, link: page.url() };
}

/** Opens `link` in `context` (a fresh one unless given) and waits until the page is at the table. */
export async function joinLink(link, context = null, options = PHONE) {
  const ctx = context ?? (await newContext(options));
  recordSockets(ctx);
  const page = await open(ctx, link);
  await page.waitForSelector('body[data-online]');
  await page.waitForFunction(() => document.getElementById('online-line').dataset.connected === 'true');
  return { page, context: ctx };
}

/**
 * Opens an Othello table at `clock` (its notation: `2+0`, `60+1`) through
 * the API of `server`, then seats two people at it, each in a browser of
 * their own, the host first: both pages at the table, the game on.
 * @returns {Promise<{id: string, host: {page, context}, guest: {page, context}, pages: any[]}>}
 */
export async function clockTable(server, clock) {
  const opened = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'othello', clock }),
  });
  assert.equal(opened.status, 201);
  const { id } = await opened.json();
  const link = `${server.url}/?table=${id}&lang=en`;
  const host = await joinLink(link);
  await host.page.waitForSelector('body[data-seat="0"]');
  const guest = await joinLink(link);
  const pages = [host.page, guest.page];
  for (const page of pages) await page.waitForSelector('body[data-online="playing"]');
  return { id, host, guest, pages };
}

/** Plies on the page. */
export async function ply(page) {
  return Number(await page.locator('body').getAttribute('data-ply'));
}

/** Whether this page's person may move now (All my moves is enabled only then). */
export async function myTurn(page) {
  return (await seatState(page)).mine;
}

export const over = async (page) => (await page.locator('body').getAttribute('data-over')) === 'true';

/**
 * Ends the game at `page`'s seat by resigning (asked, then confirmed), and
 * waits until every one of `pages` shows it over: a test of what the end
 * shows starts there rather than after a whole game (both seats must have
 * moved, or only Abort is offered).
 */
export async function resign(page, pages) {
  await page.locator('#online-resign').click();
  await page.locator('#online-confirm-yes').click();
  for (const p of pages) await p.waitForSelector('body[data-over="true"]');
}

/** Waits until one of `pages` may move, or shows the game over. */
export function anyTurn(pages) {
  return Promise.any(pages.map((page) => page.waitForFunction(() => document.body.dataset.over === 'true'
    || (document.body.dataset.online === 'playing'
      && !/** @type {HTMLButtonElement} */ (document.getElementById('all-moves')).disabled))));
}

/** {over, ply, mine: whether this seat may move now} in one round trip. */
function seatState(page) {
  return page.evaluate(() => ({
    over: document.body.dataset.over === 'true',
    ply: Number(document.body.dataset.ply),
    mine: document.body.dataset.online === 'playing'
      && !/** @type {HTMLButtonElement} */ (document.getElementById('all-moves')).disabled,
  }));
}

/** Every cell's index, name and data, in one round trip. */
function cells(page) {
  return page.$$eval('#grid [role=gridcell]', (els) => els.map((el) => ({
    index: Number(el.dataset.sq),
    label: el.getAttribute('aria-label'),
    legal: el.dataset.legal,
  })));
}

/**
 * Plays one move for the person on `page` by taps: a tap previews, a second
 * tap places (Othello: a legal square; Nabucodonosor: a placement, or a
 * capture through its anchor and Place). Returns the ply it was played at.
 */
export async function tapMove(page, k) {
  const before = await ply(page);
  const all = await cells(page);
  const tap = (i) => page.locator(`#grid [data-sq="${i}"]`).tap();
  const nabu = all.length !== 64 || (await page.locator('body.nabu').count()) > 0;
  if (!nabu) {
    const legal = all.filter((c) => c.legal !== undefined);
    assert.ok(legal.length > 0, 'a legal square on my turn');
    const pick = legal[k % legal.length];
    await tap(pick.index);
    await tap(pick.index);
    return before;
  }
  const captures = all.filter((c) => /in a capture/.test(c.label));
  if (captures.length && k % 2 === 0) {
    await tap(captures[k % captures.length].index);
    await page.locator('#place').click();
    return before;
  }
  if (await page.locator('#swap').isVisible() && k % 3 === 0) {
    await page.locator('#swap').click();
    return before;
  }
  const placements = all.filter((c) => /legal placement/.test(c.label));
  const pick = placements.length ? placements[k % placements.length] : captures[0];
  await tap(pick.index);
  if (placements.length) await tap(pick.index);
  else await page.locator('#place').click();
  return before;
}

/**
 * Plays until every page says the game is over (or `until(ply)` says stop):
 * whoever's turn it is taps a move, and every page then shows it. Returns
 * the number of moves the people played.
 */
export async function playOut(pages, { until = () => false, seed = 7 } = {}) {
  let k = seed;
  let moves = 0;
  for (let guard = 0; guard < 2000; guard++) {
    const states = await Promise.all(pages.map(seatState));
    if (states.every((s) => s.over)) return moves;
    if (until(states[0].ply)) return moves;
    const page = pages[states.findIndex((s) => s.mine)];
    if (!page) {
      await anyTurn(pages);
      continue;
    }
    k = (k * 31 + 17) % 1009;
    const before = await tapMove(page, k);
    moves += 1;
    // Every page sees the move (the server's state reaches them all).
    await Promise.all(pages.map((other) =>
      other.waitForFunction((n) => Number(document.body.dataset.ply) > n || document.body.dataset.over === 'true', before)));
  }
  throw new Error('the game did not end');
}

/** SHA-256 of a seed given in hex, as hex. */
export function fingerprintOf(seedHex) {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/**
 * Both seats' contributions are in `record` (version 3): the guest's random
 * value is never empty, and a seat's is the one its page sent.
 */
export function assertContributions(record, pages = []) {
  assert.match(record, /^virada-record 3\n/);
  assert.match(field(record, 'second-random'), /^[0-9a-f]{64}$/, 'the guest contributed');
  for (const [key, page] of [['random', pages[0]], ['second-random', pages[1]]]) {
    if (!page) continue;
    const sent = contributionsSent(page).map((c) => c.random);
    assert.ok(sent.includes(field(record, key)), `${key} is the one its page sent`);
  }
}

/** A record's field. */
export function field(record, key) {
  return new RegExp(`^${key}: (.*)$`, 'm').exec(record)?.[1];
}

/** The record with `from` changed to `to` and its plain digest recomputed (the signature kept). */
export function tampered(record, from, to) {
  const edited = record.replace(from, to);
  assert.notEqual(edited, record, `${from} is in the record`);
  const lines = edited.split('\n');
  const at = lines.findIndex((l) => l.startsWith('digest: '));
  const body = lines.slice(0, at).map((l) => `${l}\n`).join('');
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  return `${body}digest: ${digest}\n${lines.slice(at + 1).join('\n')}`;
}

/** `virada verify` of `record`: {code, out} (0 when every check passed). */
export function cliVerify(record) {
  const file = join(mkdtempSync(join(tmpdir(), 'virada-record-')), 'game.txt');
  writeFileSync(file, record);
  try {
    return { code: 0, out: execFileSync(BIN, ['verify', file], { encoding: 'utf8' }) };
  } catch (e) {
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

/** Verifies `record` in verify.html (a new page of `context`): {ok, checks: {check: code}}. */
export async function pageVerify(context, server, record) {
  const page = await context.newPage();
  await page.goto(`${server.url}/verify.html?lang=en`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#record-input').fill(record);
  await page.locator('#verify-button').click();
  await page.waitForSelector('body[data-verified]');
  const checks = Object.fromEntries(await page.$$eval('#checks li', (els) => els.map((li) => [li.dataset.check, li.dataset.code])));
  const texts = await page.locator('#checks').innerText();
  const ok = (await page.locator('body').getAttribute('data-verified')) === 'true';
  await page.close();
  return { ok, checks, texts };
}
