// @ts-check
// The history's list: every finished game on this device, newest first,
// each a button that opens its replay, with its date, game, seats, result
// and fingerprint. What a record says is read by the engine
// (`recordSummary`, its header only), which the page loads on demand and
// hands over (`useEngine`); record text reaches the page as text.

import { t, language } from '../core/i18n.js';

const $ = (id) => document.getElementById(id);

/** @type {typeof import('../bot/engine.js').recordSummary|null} the engine's reader, once loaded */
let recordSummary = null;

/**
 * The engine the list reads records with, once the page has loaded it.
 * @param {{recordSummary: typeof import('../bot/engine.js').recordSummary}} engine
 */
export function useEngine(engine) {
  recordSummary = engine.recordSummary;
}

/**
 * @typedef {ReturnType<typeof import('../bot/engine.js').recordSummary>} Summary
 * @typedef {{kind: string, target: number, seats: string[], total: number[], winner: string, fingerprint: string}} MatchSummary
 * @typedef {import('../bot/engine.js').RecordHeader} RecordHeader
 */

/**
 * "Othello", "Nabucodonosor 7×7".
 * @param {{game: string, size: number}} g
 * @returns {string}
 */
export function gameName(g) {
  return g.game === 'nabucodonosor' ? t('h.nabu', { n: g.size }) : t('h.othello');
}

/** "Person", "Bot 3", or the account's name the record gives the seat. */
function seatName(seat, name = '') {
  const bot = /^bot (\d+)$/.exec(seat);
  if (name && !bot) return name;
  return bot ? t('h.bot', { n: bot[1] }) : t('h.person');
}

/**
 * The seats' account names a record's `names` line gives (version 4), '' for none.
 * @param {string|undefined} record
 * @returns {string[]}
 */
export function recordNames(record) {
  const m = /^names: ?(.*)$/m.exec(record ?? '');
  if (!m) return ['', ''];
  return m[1].split(',').map((n) => (n.trim() === '-' ? '' : n.trim()));
}

/**
 * "Person (dark) – Bot 3 (light)": who held each colour at the end; an
 * account's seat by its name.
 * @param {RecordHeader} h
 * @param {string[]} [names] the seats' account names, from the record
 * @returns {string}
 */
export function seatsText(h, names = ['', '']) {
  const dark = h.dark;
  return t('h.seats', { dark: seatName(h.seats[dark], names[dark]), light: seatName(h.seats[1 - dark], names[1 - dark]) });
}

/**
 * "Dark 38 – Light 26: dark wins".
 * @param {{dark: number, light: number, verdict: string}} result
 * @returns {string}
 */
export function resultText({ dark, light, verdict }) {
  return t('h.result', { dark, light, verdict: t(`h.verdict.${verdict}`) });
}

/**
 * The date a game ended, in the page's language; "date not kept" for a game
 * kept before the history.
 * @param {number|null} at
 * @returns {string}
 */
export function dateText(at) {
  if (at === null) return t('h.noDate');
  const lang = document.documentElement.lang || language();
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/**
 * What one stored entry shows. A record the engine cannot read keeps its
 * place in the list, said with its code.
 * @param {import('../core/finished.js').HistoryEntry} entry
 * @returns {{ok: true, summary: Summary} | {ok: false, code: string}}
 */
export function readEntry(entry) {
  try {
    if (!recordSummary) throw new Error('engine-not-loaded: the engine has not loaded');
    const summary = recordSummary(entry.record);
    // A match record (V1) is `kind: 'match'`, with its games' records.
    if (summary.kind !== 'game' && summary.kind !== 'match') return { ok: false, code: `kind-${summary.kind}` };
    return { ok: true, summary };
  } catch (e) {
    return { ok: false, code: /^([a-z0-9-]+):/.exec(String(e?.message ?? e))?.[1] ?? '?' };
  }
}

/**
 * A match's line: "Othello match to 16 points", the seats, "Points 20 – 12:
 * seat 1 wins the match".
 * @param {MatchSummary} m
 * @returns {{game: string, seats: string, result: string}}
 */
export function matchTexts(m) {
  return {
    game: t(m.kind === 'points' ? 'h.matchPoints' : 'h.matchGames', { n: m.target }),
    seats: t('h.matchSeats', { first: seatName(m.seats[0]), second: seatName(m.seats[1]) }),
    result: t('h.matchResult', { a: m.total[0], b: m.total[1], verdict: t(`h.matchVerdict.${m.winner}`) }),
  };
}

/** A span with one field of an entry. */
function field(name, text) {
  const s = document.createElement('span');
  s.className = `entry-${name}`;
  s.dataset.field = name;
  s.textContent = text;
  return s;
}

/**
 * The list's heading ("3 finished games") and, for none, the line that says so.
 * @param {number} n
 */
export function drawCount(n) {
  $('history-none').hidden = n > 0;
  $('history-count').textContent = n === 1 ? t('h.count1') : t('h.count', { n });
}

/**
 * Draws the list of `entries` into #history-list; `open(i)` opens entry i.
 * @param {import('../core/finished.js').HistoryEntry[]} entries
 * @param {(index: number) => void} open
 */
export function drawList(entries, open) {
  const ol = $('history-list');
  ol.textContent = '';
  drawCount(entries.length);
  entries.forEach((entry, i) => {
    const li = document.createElement('li');
    li.className = 'entry';
    li.dataset.index = String(i);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'entry-open';
    const read = readEntry(entry);
    b.append(field('date', dateText(entry.at)));
    if ('summary' in read && read.summary.kind === 'match') {
      const m = /** @type {MatchSummary} */ (read.summary.match);
      const texts = matchTexts(m);
      li.dataset.game = 'match';
      b.append(
        field('game', texts.game),
        field('seats', texts.seats),
        field('result', texts.result),
        field('fingerprint', t('h.fingerprint', { fp: m.fingerprint.slice(0, 16) })),
      );
      li.dataset.fingerprint = m.fingerprint;
    } else if ('summary' in read) {
      const { summary } = read;
      li.dataset.game = summary.game;
      b.append(
        field('game', gameName(summary)),
        field('seats', seatsText(summary.header, recordNames(entry.record))),
        field('result', resultText(summary.header.result)),
        field('fingerprint', t('h.fingerprint', { fp: summary.header.fingerprint.slice(0, 16) })),
      );
      li.dataset.fingerprint = summary.header.fingerprint;
    } else if ('code' in read) {
      li.dataset.unreadable = read.code;
      b.append(field('error', t('h.unreadable', { code: read.code })));
    }
    // One name for the whole entry, its fields apart (the spans alone would run together).
    b.setAttribute('aria-label', [...b.children].map((c) => c.textContent).join(', '));
    b.addEventListener('click', () => open(i));
    li.append(b);
    ol.append(li);
  });
}
