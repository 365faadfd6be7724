// @ts-check
// Ratings by speed on players.html: a profile's table of its five speeds
// (rating, `?` while provisional, rated games), and the leaderboard's tabs,
// one table a speed. The server classes each game's speed from its clock
// (the library's `Speed`); the page only names them.

import { t } from '../core/i18n.js';
import { el } from './bar.js';

/** The speeds, fastest first, as the server names them. */
export const SPEEDS = /** @type {const} */ (['bullet', 'blitz', 'rapid', 'classical', 'correspondence']);

/** A speed named in an address, or blitz. @param {string|null|undefined} name */
export function speedOf(name) {
  return SPEEDS.find((s) => s === name) ?? 'blitz';
}

/**
 * @typedef {object} SpeedRating
 * @property {string} speed
 * @property {string} shown
 * @property {number} deviation
 * @property {number} games
 */

/**
 * A profile's ratings, one row a speed (the server's list, fastest first);
 * the row of `main`, where most of its rated games are, marked.
 * @param {SpeedRating[]} speeds
 * @param {string} main
 */
export function speedTable(speeds, main) {
  const table = el('table', { id: 'profile-speeds', class: 'speed-table' });
  table.append(el('caption', {}, t('a.speeds')));
  const head = el('tr');
  for (const h of ['a.speed', 'a.rating', 'a.games']) head.append(el('th', { scope: 'col' }, t(h)));
  const body = el('tbody');
  for (const s of speeds) {
    const speed = speedOf(s.speed);
    const row = el('tr');
    row.dataset.speed = speed;
    if (speed === main) row.classList.add('speed-main');
    const name = el('th', { scope: 'row' }, t(`a.speed.${speed}`));
    name.append(el('span', { class: 'speed-about' }, t(`a.speedAbout.${speed}`)));
    const rating = el('td', { class: 'num' }, String(s.shown));
    if (Number(s.games) > 0) rating.title = t('a.deviation', { rd: Number(s.deviation).toFixed(1) });
    row.append(name, rating, el('td', { class: 'num' }, String(Number(s.games) || 0)));
    body.append(row);
  }
  const thead = el('thead');
  thead.append(head);
  table.append(thead, body);
  return table;
}

/**
 * The leaderboard's tabs, one a speed (`role="tablist"`; the arrow keys,
 * Home and End move between them, as the ARIA practices' tabs do).
 * @param {string} current
 * @param {(speed: string) => void} pick
 */
export function speedTabs(current, pick) {
  const list = el('div', { role: 'tablist', id: 'board-speeds', class: 'speed-tabs', 'aria-label': t('a.speed') });
  /** @type {HTMLButtonElement[]} */
  const tabs = [];
  for (const speed of SPEEDS) {
    const selected = speed === current;
    const tab = /** @type {HTMLButtonElement} */ (el('button', {
      type: 'button', role: 'tab', id: `board-speed-${speed}`, 'aria-controls': 'board-panel',
      'aria-selected': String(selected), tabindex: selected ? '0' : '-1',
    }, t(`a.speed.${speed}`)));
    tab.dataset.speed = speed;
    tab.addEventListener('click', () => {
      if (speed !== current) pick(speed);
    });
    tabs.push(tab);
    list.append(tab);
  }
  list.addEventListener('keydown', (event) => {
    const at = tabs.findIndex((tab) => tab === document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    next.focus();
    pick(String(next.dataset.speed));
  });
  return list;
}
