// @ts-check
// "My games" in the lobby: the games in progress (and seeks' tables not yet
// started) where the signed-in account sits, from the lobby's own list
// (its entries name the seats' accounts and say whose turn it is), each a
// link back to the table, which seats the account again on any device.
// "your turn" is marked (and notified while the page is hidden, when
// granted: turn-notice.js); a correspondence game says its days a move.
// Names from the server go in as text.

import { t } from '../core/i18n.js';
import { readClock } from '../core/clock-text.js';
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
    const clock = days && 'days' in days ? clockText(table) : '';
    const li = /** @type {HTMLElement} */ (kept.get(String(table.id)) ?? newEntry(String(table.id)));
    const a = /** @type {HTMLAnchorElement} */ (li.querySelector('a'));
    const what = /** @type {HTMLElement} */ (li.querySelector('.mine-state'));
    setIfChanged(li, 'className', `lobby-entry mine-entry${mine ? ' your-turn' : ''}`);
    setIfChanged(a, 'href', new URL(href, location.href).href);
    setIfChanged(a, 'textContent', t('l.mineAgainst', { game: gameName(table), name: other }));
    setIfChanged(what, 'textContent', [state, clock, table.rated ? t('l.rated') : ''].filter(Boolean).join(' · '));
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
