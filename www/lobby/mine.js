// @ts-check
// "My games" in the lobby: the games in progress (and seeks' tables not yet
// started) where the signed-in account sits, from the lobby's own list
// (its entries name the seats' accounts and say whose turn it is), each a
// link back to the table, which seats the account again on any device.
// "your turn" is marked (and notified while the page is hidden, when
// granted: turn-notice.js); a correspondence game says the time its turn
// has left, in days and hours (`1 d 20 h left`), and its days a move.
// Names from the server go in as text.

import { t } from '../core/i18n.js';
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
  section.hidden = games.length === 0;
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
