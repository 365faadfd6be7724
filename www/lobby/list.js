// @ts-check
// The lobby's two lists drawn from the server's list (docs/server.md, "The
// lobby"): the tables waiting for a player (a link to sit) and the games in
// progress (a link to watch). Every text from the server goes in as text.

import { t, levelName } from '../core/i18n.js';
import { clockWords } from '../core/clock-text.js';

/**
 * One table as the server lists it.
 * @typedef {object} LobbyTable
 * @property {string} id
 * @property {string} game `othello` or `nabucodonosor`
 * @property {number} size
 * @property {string|number} clock the clock's notation (`30`, `180+2`, `2d`, `off`)
 * @property {number} level the bot's level
 * @property {string[]} seats `person`, `away` (a person who left; the bot takes the seat when the grace runs out), `bot` or `empty`, seat by seat
 * @property {number} [ply] moves played, once the game started
 * @property {number[]} [score] discs (Nabucodonosor: pieces) seat by seat, once the game started
 * @property {number} spectators
 * @property {string} fingerprint
 * @property {string} [handicap] Othello's handicap (V2) in its short form, absent for none
 * @property {{kind: string, target: number, game: number}} [match] the match (V1) its game belongs to, absent for none
 * @property {string[]} [names] the seats' account names (empty for none), absent when neither has one
 * @property {boolean} [rated] a rated game
 * @property {number} [turn] the seat whose turn it is, once the game started
 * @property {number} [turnUntil] under a game clock or correspondence, when that turn's time runs out (the server's ms, the list's `now`'s scale)
 */

/** The clock, then the handicap and the match when there are. */
function settingsText(table, clock) {
  const parts = [clock];
  if (table.rated) parts.push(t('l.rated'));
  if (table.handicap) parts.push(t('l.handicap', { h: String(table.handicap) }));
  const m = table.match;
  if (m && (m.kind === 'points' || m.kind === 'games')) {
    parts.push(t(`l.match_${m.kind}`, { n: Number(m.target), game: Number(m.game) }));
  }
  return parts.join(' · ');
}

/**
 * The whole list, as each event carries it.
 * @typedef {{v: number, waiting: LobbyTable[], playing: LobbyTable[], waitingCount: number, playingCount: number, now?: number, receivedAt?: number}} LobbyList
 * `now` is the server's time when it sent the list, `receivedAt` this page's then
 */

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The table's page: the same link a host shares (`index.html?table=ID`, or
 * nabu.html for Nabucodonosor). `null` for an id no page would open.
 * @param {LobbyTable} table
 * @returns {string|null}
 */
export function tableHref(table) {
  if (!SAFE_ID.test(String(table.id))) return null;
  const page = table.game === 'nabucodonosor' ? 'nabu.html' : 'index.html';
  return `${page}?table=${encodeURIComponent(table.id)}`;
}

/** "Othello" / "Nabucodonosor 7×7". */
export function gameName(table) {
  return table.game === 'nabucodonosor' ? t('l.nabu', { n: Number(table.size) }) : t('l.othello');
}

/** "30 s a move" / "3+2" / "2 days a move" / "no clock". */
export function clockText(table) {
  return clockWords(table.clock, t, { perMove: 'l.clock', days: 'l.days', none: 'l.noClock' });
}

/** "a person – bot (Casual)", "a person (away) – a person". */
export function seatsText(table) {
  const names = Array.isArray(table.names) ? table.names : [];
  const seat = (kind, i) => {
    // A seat held for an account (a tournament's, before its player sits) is theirs.
    if ((kind === 'person' || kind === 'empty') && names[i]) return String(names[i]);
    if (kind === 'person') return t('l.person');
    if (kind === 'away') return t('l.away');
    if (kind === 'bot') return t('l.bot', { level: levelName(Number(table.level)) });
    return t('l.empty');
  };
  const [first, second] = Array.isArray(table.seats) ? table.seats : [];
  return t('l.seats', { first: seat(first, 0), second: seat(second, 1) });
}

/**
 * "move 24 · 12–9": the move being played and each seat's discs (pieces),
 * in the seats' order; empty before the game starts.
 * @param {LobbyTable} table
 */
export function progressText(table) {
  const score = Array.isArray(table.score) ? table.score.map(Number) : [];
  if (!Number.isInteger(table.ply) || score.length !== 2 || !score.every(Number.isFinite)) return '';
  return t('l.progress', { n: Number(table.ply) + 1, first: score[0], second: score[1] });
}

/** "2 watching". */
export function spectatorsText(n) {
  const count = Number(n) || 0;
  if (count === 0) return t('l.spectators0');
  return count === 1 ? t('l.spectators1') : t('l.spectatorsN', { n: count });
}

/**
 * A `<span class=…>` holding `text` as text.
 * @param {string} className
 * @param {string} text
 */
function span(className, text) {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

/**
 * One entry: a link to the table, its settings, seats, spectators and fingerprint.
 * @param {LobbyTable} table
 * @param {'waiting'|'playing'} part
 * @param {(table: LobbyTable) => void} chosen called as the link is followed
 * @returns {HTMLLIElement|null}
 */
function entry(table, part, chosen) {
  const href = tableHref(table);
  if (!href) return null;
  const li = document.createElement('li');
  li.className = 'lobby-entry';
  li.dataset.id = table.id;
  li.dataset.game = table.game === 'nabucodonosor' ? 'nabucodonosor' : 'othello';
  const a = document.createElement('a');
  a.href = href;
  a.className = 'lobby-open';
  const game = gameName(table);
  const clock = clockText(table);
  const seats = seatsText(table);
  const spectators = spectatorsText(table.spectators);
  const progress = progressText(table);
  a.setAttribute('aria-label', part === 'waiting'
    ? t('l.sitLabel', { game, clock })
    : t('l.watchLabel', { game, seats: progress ? `${seats}, ${progress}` : seats, spectators }));
  a.append(
    span('lobby-game', game),
    span('lobby-action', part === 'waiting' ? t('l.sit') : t('l.watch')),
    span('lobby-settings', settingsText(table, clock)),
    span('lobby-seats', seats),
  );
  if (part === 'playing' && progress) a.append(span('lobby-progress', progress));
  if (part === 'playing') {
    const watching = span('lobby-spectators', spectators);
    watching.dataset.none = String(!(Number(table.spectators) > 0));
    a.append(watching);
  }
  a.append(span('lobby-fingerprint', t('l.fingerprint', { fp: String(table.fingerprint ?? '').slice(0, 16) })));
  a.addEventListener('click', () => chosen(table));
  li.append(a);
  return li;
}

/**
 * Draws one part of the list: its heading's count, its entries, its empty
 * line and the "more not shown" line. Keeps the focus on the entry it was
 * on when that entry is still there.
 * @param {'waiting'|'playing'} part
 * @param {LobbyTable[]} tables
 * @param {number} total
 * @param {(table: LobbyTable) => void} chosen
 */
export function drawPart(part, tables, total, chosen) {
  const list = /** @type {HTMLElement} */ (document.getElementById(`${part}-list`));
  const focused = /** @type {HTMLElement|null} */ (document.activeElement?.closest?.('.lobby-entry') ?? null);
  const focusedId = focused && list.contains(focused) ? focused.dataset.id : null;
  list.textContent = '';
  for (const table of tables) {
    const li = entry(table, part, chosen);
    if (li) list.append(li);
  }
  /** @type {HTMLElement} */ (document.getElementById(`${part}-count`)).textContent = String(total);
  /** @type {HTMLElement} */ (document.getElementById(`${part}-none`)).hidden = total > 0;
  const more = /** @type {HTMLElement} */ (document.getElementById(`${part}-more`));
  more.hidden = total <= tables.length;
  more.textContent = t('l.more', { n: total - tables.length });
  list.dataset.count = String(tables.length);
  if (focusedId) {
    for (const li of list.querySelectorAll('.lobby-entry')) {
      if (/** @type {HTMLElement} */ (li).dataset.id === focusedId) /** @type {HTMLElement} */ (li.querySelector('a'))?.focus();
    }
  }
}
