// @ts-check
// "Play again" at the end of an online game (docs/server.md's `again`): the
// box under the online table's line (the button, and who asked), and the
// move to the new table once the server's state names it (`next`): the page
// keeps its seat's token and word for the new id and opens its link, where
// it sits with that token and contributes in the new window as usual.
// "No thanks" ends the offer (`declined`) on both pages. A match's next game
// is a `next` the server sets by itself: the page goes there the same way.

import { t } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { verifyLink } from '../core/finished.js';
import { kept, keep, tableLink } from './api.js';

/**
 * What the box shows for `state` at this page's `seat` (null: a spectator,
 * who gets no box).
 *
 * @param {import('./session.js').ServerState} state
 * @param {number|null} seat
 * @returns {{shown: boolean, line: string, button: boolean, no: boolean}}
 */
export function againView(state, seat) {
  if (state.status !== 'over' || seat === null) return { shown: false, line: '', button: false, no: false };
  const asked = state.again ?? [false, false];
  const declined = state.declined ?? [false, false];
  const other = 1 - seat;
  let line = '';
  if (state.next) line = t(matchGoesOn(state) ? 'onlineMatchNext' : 'onlineAgainMoving');
  else if (declined[other]) line = t('onlineAgainDeclined');
  else if (declined[seat]) line = t('onlineAgainYouDeclined');
  else if (asked[seat]) line = t('onlineAgainAsked');
  else if (asked[other]) line = t('onlineAgainOffered');
  const open = !state.next && !declined[0] && !declined[1];
  return { shown: true, line, button: open && !asked[seat], no: open && asked[other] && !asked[seat] };
}

/**
 * Whether the game at the table is one of a match that is not over yet
 * (the server opens its next game by itself).
 * @param {import('./session.js').ServerState} state
 */
export function matchGoesOn(state) {
  return Boolean(state.match) && state.match?.winner === 'none';
}

/**
 * The match's line: its kind, this game's number and the totals; '' for one game.
 * @param {import('./session.js').ServerState} state
 */
export function matchLine(state) {
  const m = state.match;
  if (!m || (m.kind !== 'points' && m.kind !== 'games')) return '';
  const [a, b] = m.total ?? [0, 0];
  const line = t(`onlineMatch_${m.kind}`, { n: m.target, game: m.game, a, b });
  if (m.winner === 'first' || m.winner === 'second' || m.winner === 'draw') {
    return `${line} ${t(`onlineMatchOver_${m.winner}`, { a, b })}`;
  }
  return line;
}

/** Whether the other seat has just answered "No thanks" (to announce it once). */
export function justDeclined(was, state, seat) {
  if (seat === null || state.status !== 'over') return false;
  return Boolean(state.declined?.[1 - seat]) && !was.declined?.[1 - seat];
}

/** Whether the other seat has just asked (to announce it once). */
export function justOffered(was, state, seat) {
  if (seat === null || state.status !== 'over') return false;
  return Boolean(state.again?.[1 - seat]) && !was.again?.[1 - seat] && !state.next;
}

/**
 * Goes to the new table `next` from table `id`: the seat's token and the
 * word go with the page, so that it sits there again.
 *
 * @param {string} id
 * @param {string} next
 */
export function goAgain(id, next) {
  const { token, word } = kept(id);
  keep(next, { token, word });
  location.assign(tableLink(next));
}

const $ = (id) => document.getElementById(id);

/**
 * A match's line under the table, and at its end the signed match record
 * and the link to verify it (fetched once a record id: `shown.matchRecord`
 * keeps which).
 *
 * @param {import('./session.js').ServerState} f
 * @param {{matchRecord: string|null}} shown
 */
export function drawMatchEnd(f, shown) {
  const line = matchLine(f);
  if ($('online-match').textContent !== line) $('online-match').textContent = line;
  $('online-match').hidden = !line;
  const recordId = f.match?.record ?? null;
  $('online-match-end').hidden = !recordId || shown.matchRecord !== recordId;
  if (!recordId || shown.matchRecord === recordId || !/^[A-Za-z0-9_-]{1,64}$/.test(recordId)) return;
  shown.matchRecord = recordId;
  const address = new URL(`api/records/${recordId}`, location.href).href;
  /** @type {HTMLAnchorElement} */ ($('online-match-record')).href = address;
  fetch(address, { cache: 'no-store' })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((text) => {
      /** @type {HTMLAnchorElement} */ ($('online-match-verify')).href = verifyLink(text);
      $('online-match-end').hidden = false;
    })
    .catch((e) => {
      shown.matchRecord = null;
      const why = e?.message ?? String(e);
      say(() => t('err.other', { why }));
    });
}
