// @ts-check
// "Play again" at the end of an online game (docs/server.md's `again`): the
// box under the online table's line (the button, and who asked), and the
// move to the new table once the server's state names it (`next`): the page
// keeps its seat's token and word for the new id and opens its link, where
// it sits with that token and contributes in the new window as usual.

import { t } from '../core/i18n.js';
import { kept, keep, tableLink } from './api.js';

/**
 * What the box shows for `state` at this page's `seat` (null: a spectator,
 * who gets no box).
 *
 * @param {import('./session.js').ServerState} state
 * @param {number|null} seat
 * @returns {{shown: boolean, line: string, button: boolean}}
 */
export function againView(state, seat) {
  if (state.status !== 'over' || seat === null) return { shown: false, line: '', button: false };
  const asked = state.again ?? [false, false];
  const other = 1 - seat;
  let line = '';
  if (state.next) line = t('onlineAgainMoving');
  else if (asked[seat]) line = t('onlineAgainAsked');
  else if (asked[other]) line = t('onlineAgainOffered');
  return { shown: true, line, button: !state.next && !asked[seat] };
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
