// @ts-check
// A short list of tournaments for another page: the lobby's (those not
// over) and a profile's (the player's own). Loaded on demand: a page
// without tournaments, or offline, shows nothing.

import { addWords, t } from '../core/i18n.js';
import { el } from '../accounts/bar.js';
import * as api from '../accounts/api.js';
import { TOURNAMENT_WORDS } from './words.js';
import { listItems } from './list.js';

addWords(TOURNAMENT_WORDS);

/** Listed at most. */
const SHOWN = 5;

/**
 * Draws the tournaments into `root` (hidden when there are none): the
 * lobby's when `player` is null, else that player's.
 * @param {HTMLElement} root
 * @param {string|null} player
 * @returns {Promise<{redraw: () => void}>}
 */
export async function showTournaments(root, player) {
  /** @type {any[]} */
  let list = [];
  try {
    const path = player ? `api/tournaments?player=${encodeURIComponent(player)}` : 'api/tournaments';
    list = (await api.ask(path)).tournaments;
  } catch {
    list = [];
  }
  if (!player) list = list.filter((s) => s.phase !== 'over');
  const redraw = () => {
    root.hidden = list.length === 0 && Boolean(player);
    const heading = player ? el('h3', { id: 'tournaments-title' }, t('tn.title')) : el('h2', { id: 'tournaments-title' }, t('tn.title'));
    root.replaceChildren(heading);
    if (list.length === 0) root.append(el('p', { class: 'none' }, t('tn.none')));
    else root.append(listItems(list.slice(0, SHOWN)));
    root.append(el('p', {}, ''));
    root.lastElementChild?.append(el('a', { href: 'tournament.html', id: 'tournaments-all' }, player ? t('tn.back') : t('tn.create')));
  };
  redraw();
  return { redraw };
}
