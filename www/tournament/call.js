// @ts-check
// A round's start, wherever its player is (docs/tournaments.md, "A round's
// start"): the server lists the signed-in account's tournament games
// waiting for it with its challenges (`GET /api/challenges`'s `rounds`),
// which accounts/challenged.js asks for every 2 s on every page of the site.
// On the tournament's page a game this tab was not told of takes the
// person to its table; on any other page it is a card at the top with a
// link to the table, told once a tab with a sound, the tab's title and a
// system notification where allowed (online/paired.js). The game's own
// table shows none; each card says its forfeit time, and a game lost by
// not coming is said for a while after. Names from the server go in as text.

import { addWords, language, t } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { tell } from '../online/paired.js';
import { CALL_WORDS } from './call-words.js';

addWords(CALL_WORDS);

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The tables this tab was told of or taken to: a reload tells nothing twice. */
const TOLD = 'virada-round-told';

/**
 * @typedef {object} RoundCall a game waiting for its player, as the server lists it
 * @property {string} table
 * @property {string} tournament
 * @property {string} name the tournament's
 * @property {number} round
 * @property {string} opponent
 * @property {number} since
 * @property {number|null} [deadline] the forfeit time (ms)
 * @property {boolean} [lost] lost by not coming
 */

/** @returns {Set<string>} */
function told() {
  try {
    const list = JSON.parse(sessionStorage.getItem(TOLD) || '[]');
    return new Set(Array.isArray(list) ? list.map(String) : []);
  } catch {
    return new Set();
  }
}

/** @param {Set<string>} tables */
function remember(tables) {
  try {
    sessionStorage.setItem(TOLD, JSON.stringify([...tables].slice(-50)));
  } catch {
    // Storage refused: a reload may tell it again.
  }
}

/** The table this page is, if it is one. */
function tableHere() {
  const page = location.pathname.split('/').pop();
  const table = page === 'index.html' || page === 'nabu.html' || page === '' ? new URLSearchParams(location.search).get('table') : null;
  return table ?? '';
}

/** The game's table page. @param {RoundCall} c */
export function callHref(c) {
  return `index.html?table=${encodeURIComponent(c.table)}`;
}

/** "Round 2 of Saturday Swiss: your game against bo has started." @param {RoundCall} c */
export function callText(c) {
  return t('rc.started', { round: String(Number(c.round)), name: String(c.name), opponent: String(c.opponent) });
}

/**
 * Follows the account's games waiting for it (`list`, as the server sent
 * it): tells each new one, or on the tournament's page goes to it. Answers
 * those to show as cards.
 * @param {unknown} list
 * @returns {RoundCall[]}
 */
export function heardRounds(list) {
  const here = tableHere();
  const calls = /** @type {RoundCall[]} */ (Array.isArray(list) ? list : []).filter((c) => c && SAFE_ID.test(String(c.table)) && String(c.table) !== here);
  const seen = told();
  if (here) seen.add(here);
  const onTournament = location.pathname.endsWith('tournament.html');
  let fresh = null;
  for (const c of calls.filter((call) => !call.lost)) {
    if (seen.has(String(c.table))) continue;
    seen.add(String(c.table));
    fresh ??= c;
  }
  remember(seen);
  if (fresh && onTournament) {
    location.href = callHref(fresh);
    return [];
  }
  if (fresh) {
    const text = callText(fresh);
    tell(text, `virada-round-${fresh.table}`);
    if (!document.hidden) say(text);
  }
  return calls;
}

/**
 * A card: the link to the game and until when one may sit; a game lost by
 * not coming said in words, with the way to its tournament.
 * @param {RoundCall} c
 */
export function callCard(c) {
  const card = document.createElement('div');
  card.className = 'challenge-card round-call';
  card.dataset.table = String(c.table);
  const line = document.createElement('p');
  line.className = 'challenge-who';
  const time = Number(c.deadline) > 0 ? new Date(Number(c.deadline)).toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' }) : '';
  const words = { round: String(Number(c.round)), name: String(c.name), opponent: String(c.opponent), time };
  line.textContent = c.lost ? t('rc.lost', words) : callText(c);
  const go = document.createElement('a');
  go.className = 'round-call-go';
  go.href = c.lost ? `tournament.html?id=${encodeURIComponent(String(c.tournament))}` : callHref(c);
  go.textContent = t(c.lost ? 'rc.back' : 'rc.go', words);
  if (!c.lost) go.setAttribute('aria-label', t('rc.goLabel', words));
  card.append(line);
  if (time && !c.lost) {
    const until = document.createElement('p');
    until.className = 'round-call-until';
    until.textContent = t('rc.until', words);
    card.append(until);
  }
  card.append(go);
  return card;
}
