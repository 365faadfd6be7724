// @ts-check
// "My games" in the lobby: the games in progress (and seeks' tables not yet
// started) where the signed-in account sits, from the lobby's own list
// (its entries name the seats' accounts and say whose turn it is), each a
// link back to the table, which seats the account again on any device.
// "your turn" is marked (and notified while the page is hidden, when
// granted: turn-notice.js); a correspondence game says the time its turn
// has left, in days and hours (`1 d 20 h left`), and its days a move.
// Below them, "Recently finished": the account's correspondence games that
// ended in the last 7 days, with the result (`GET /api/accounts/recent`,
// asked again when one of the games above leaves the list), so that a
// game which ended while both were away is seen on coming back.
// Names from the server go in as text.

import { language, t } from '../core/i18n.js';
import { ask } from '../accounts/api.js';
import { readClock, timeLeftText } from '../core/clock-text.js';
import { clockText, gameName, tableHref } from './list.js';
import { drawNotifyButton, noticeTurns } from './turn-notice.js';

/**
 * The account's games in `tables`, each with its seat.
 * @param {import('./list.js').LobbyTable[]} tables
 * @param {string} name
 */
export function myGames(tables, name) {
  return tables
    .map((table) => ({ table, seat: Array.isArray(table.names) ? table.names.indexOf(name) : -1 }))
    .filter(({ seat }) => seat >= 0);
}

/**
 * Draws My games into `#mine` (hidden when there are none). An entry still
 * listed keeps its element, changed in place: the list follows every change
 * in the lobby (a move anywhere), and a rebuilt entry would drop the focus of
 * a person tabbing through it.
 * @param {import('./list.js').LobbyList|null} list
 * @param {string|null} name the signed-in account's, or null
 */
export function drawMine(list, name) {
  const section = /** @type {HTMLElement} */ (document.getElementById('mine'));
  const ul = /** @type {HTMLElement} */ (document.getElementById('mine-list'));
  const games = list && name ? myGames([...list.playing, ...list.waiting], name) : [];
  // Recently finished: the lobby's only (a profile lists games in progress).
  let ended = [];
  if (document.getElementById('mine-recent')) {
    last.list = list;
    last.name = name;
    askRecent(name, games.map(({ table }) => String(table.id)), () => drawMine(last.list, last.name));
    const live = new Set(games.map(({ table }) => String(table.id)));
    ended = recent.who === name ? recent.games.filter((g) => !live.has(String(g.id))) : [];
    drawRecent(ended);
  }
  section.hidden = games.length === 0 && ended.length === 0;
  const kept = new Map([...ul.querySelectorAll(':scope > .mine-entry')].map((li) => [/** @type {HTMLElement} */ (li).dataset.id, li]));
  const items = [];
  const turns = [];
  for (const { table, seat } of games) {
    const href = tableHref(table);
    if (!href) continue;
    const other = String(table.names?.[1 - seat] || t('l.person'));
    const started = Number.isInteger(table.turn);
    const mine = started && table.turn === seat;
    const state = started ? t(mine ? 'l.yourTurn' : 'l.theirTurn') : t('l.mineWaiting');
    // A correspondence game says its days a move: its turn can wait that long.
    const days = readClock(table.clock);
    const correspondence = Boolean(days && 'days' in days);
    const clock = correspondence ? clockText(table) : '';
    // The turn's time left, counted on the server's clock (the list's `now`).
    const until = Number(table.turnUntil);
    const left = correspondence && started && Number.isFinite(until) && Number.isFinite(list?.now)
      ? t('l.timeLeft', { time: timeLeftText(until - Number(list?.now) - (Date.now() - (list?.receivedAt ?? Date.now()))) })
      : '';
    const li = /** @type {HTMLElement} */ (kept.get(String(table.id)) ?? newEntry(String(table.id)));
    const a = /** @type {HTMLAnchorElement} */ (li.querySelector('a'));
    const what = /** @type {HTMLElement} */ (li.querySelector('.mine-state'));
    setIfChanged(li, 'className', `lobby-entry mine-entry${mine ? ' your-turn' : ''}`);
    setIfChanged(a, 'href', new URL(href, location.href).href);
    setIfChanged(a, 'textContent', t('l.mineAgainst', { game: gameName(table), name: other }));
    setIfChanged(what, 'textContent', [state, left, clock, table.rated ? t('l.rated') : ''].filter(Boolean).join(' · '));
    items.push(li);
    if (mine) turns.push({ id: String(table.id), text: a.textContent, ply: Number(table.ply ?? 0) });
  }
  const inOrder = ul.children.length === items.length && items.every((li, i) => ul.children[i] === li);
  if (!inOrder) ul.replaceChildren(...items);
  if (name) noticeTurns(turns);
  drawNotifyButton(section);
}

/** What My games was last drawn from, to draw again once the recent games come. */
const last = { list: /** @type {import('./list.js').LobbyList|null} */ (null), name: /** @type {string|null} */ (null) };

/** The account's recently finished games, and whose they are. */
const recent = { who: /** @type {string|null} */ (null), games: /** @type {any[]} */ ([]), live: /** @type {Set<string>} */ (new Set()), asking: false };

/**
 * Asks for the recently finished games when the account changes or one of
 * its games in progress left the list (it ended), then `drawn()`.
 * @param {string|null} name
 * @param {string[]} ids the account's games listed now
 * @param {() => void} drawn
 */
function askRecent(name, ids, drawn) {
  const gone = [...recent.live].some((id) => !ids.includes(id));
  const changed = name !== recent.who;
  recent.live = new Set(ids);
  if (!name) {
    recent.who = null;
    recent.games = [];
    return;
  }
  if ((!changed && !gone) || recent.asking) return;
  recent.asking = true;
  if (changed) recent.games = [];
  recent.who = name;
  ask('api/accounts/recent')
    .then((answer) => {
      if (recent.who === name) recent.games = Array.isArray(answer?.games) ? answer.games : [];
    })
    .catch(() => {})
    .finally(() => {
      recent.asking = false;
      drawn();
    });
}

/**
 * Draws "Recently finished": each game's link, its opponent, the result
 * for the account and the day it ended.
 * @param {any[]} games
 */
function drawRecent(games) {
  const title = /** @type {HTMLElement} */ (document.getElementById('mine-recent-title'));
  const ul = /** @type {HTMLElement} */ (document.getElementById('mine-recent'));
  title.hidden = ul.hidden = games.length === 0;
  const items = [];
  for (const g of games) {
    const href = tableHref(g);
    if (!href) continue;
    const li = newEntry(String(g.id));
    li.className = 'lobby-entry mine-entry mine-ended';
    const a = /** @type {HTMLAnchorElement} */ (li.querySelector('a'));
    a.href = new URL(href, location.href).href;
    // The kept game names no board size: Nabucodonosor by its name alone.
    const game = g.game === 'nabucodonosor' ? 'Nabucodonosor' : gameName(g);
    a.textContent = t('l.mineAgainst', { game, name: String(g.opponent || t('l.person')) });
    const result = { win: 'l.endedWin', loss: 'l.endedLoss', draw: 'l.endedDraw' }[String(g.result)] ?? 'l.ended';
    const day = new Date(Number(g.finished)).toLocaleDateString(language(), { day: 'numeric', month: 'short' });
    /** @type {HTMLElement} */ (li.querySelector('.mine-state')).textContent = [t(result), t('l.endedOn', { day })].join(' · ');
    items.push(li);
  }
  const same = ul.children.length === items.length && items.every((li, i) => ul.children[i].textContent === li.textContent && /** @type {HTMLElement} */ (ul.children[i]).dataset.id === li.dataset.id);
  if (!same) ul.replaceChildren(...items);
}

/**
 * An empty entry for the table `id`: its link and its state line.
 * @param {string} id
 */
function newEntry(id) {
  const li = document.createElement('li');
  li.dataset.id = id;
  const what = document.createElement('span');
  what.className = 'mine-state';
  li.append(document.createElement('a'), ' ', what);
  return li;
}

/**
 * Sets `el[key]` to `value` unless it already is (a same-value write still
 * counts as a change to the page's observers and to assistive technology).
 * @template {HTMLElement} E
 * @param {E} el
 * @param {'className'|'href'|'textContent'} key
 * @param {string} value
 */
function setIfChanged(el, key, value) {
  if (/** @type {any} */ (el)[key] !== value) /** @type {any} */ (el)[key] = value;
}
