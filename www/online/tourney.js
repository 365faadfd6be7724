// @ts-check
// A tournament's game at the online table (docs/online-table.md): which
// tournament and round, a link back to it ("Back to …" once it is over),
// no Play again; while the opponent has not come, when they lose by
// forfeit; and a game not played out (rules W5–W6: a seat nobody took by
// the forfeit time, a player who withdrew during the round) said to
// whoever is there, with whose the point is. Names go in as text.

import { addWords, t } from '../core/i18n.js';
import { CALL_WORDS } from '../tournament/call-words.js';

addWords(CALL_WORDS);

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {object} TourneyView a tournament's table as the `state` frame names it
 * @property {string} id
 * @property {string} name
 * @property {number} round
 * @property {{why: 'absent'|'withdrew', lost: boolean[]}} [ended] the game was not played out
 */

/** @param {import('./session.js').ServerState} f */
const nameOf = (f) => String(f.tournament?.name || t('rc.tournament'));

/**
 * Draws the tournament's line under the table's title (hidden for any
 * other game): round and name, at the end a way back.
 * @param {import('./session.js').ServerState} f
 */
export function drawTourney(f) {
  const tour = f.tournament;
  const box = $('online-tournament');
  const shown = Boolean(tour) && SAFE_ID.test(String(tour?.id));
  box.hidden = !shown;
  if (!tour || !shown) return;
  const link = /** @type {HTMLAnchorElement} */ ($('online-tournament-link'));
  const href = `tournament.html?id=${encodeURIComponent(tour.id)}`;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  const text = f.status === 'over' ? t('rc.back', { name: nameOf(f) }) : t('rc.line', { name: nameOf(f), round: String(Number(tour.round)) });
  if (link.textContent !== text) link.textContent = text;
}

/**
 * The table's line for a tournament's game not played out, from `seat`'s
 * side (null: watching); '' for any other.
 * @param {import('./session.js').ServerState} f
 * @param {number|null} seat
 */
export function unplayedLine(f, seat) {
  const end = f.tournament?.ended;
  if (!end) return '';
  const lost = Array.isArray(end.lost) ? end.lost : [];
  if (lost[0] && lost[1]) return t('rc.bothAbsent');
  const loser = lost[0] ? 0 : 1;
  const name = (s) => String(f.seats[s]?.name || t('rc.someone'));
  const absent = end.why === 'absent';
  if (seat === loser) return t(absent ? 'rc.iAbsent' : 'rc.iWithdrew');
  if (seat === 1 - loser) {
    const played = f.cut?.resigned !== undefined;
    return t(absent ? 'rc.absent' : played ? 'rc.withdrewPlaying' : 'rc.withdrew', { name: name(loser) });
  }
  return t(absent ? 'rc.seenAbsent' : 'rc.seenWithdrew', { name: name(loser), other: name(1 - loser) });
}

/**
 * The waiting line of a tournament's game at `seat` (null: '' for a spectator).
 * @param {import('./session.js').ServerState} f
 * @param {number|null} seat
 */
export function waitingLine(f, seat) {
  if (!f.tournament || seat === null) return '';
  const opponent = String(f.seats[1 - seat]?.name || t('rc.someone'));
  return t('rc.waitingMe', { round: String(Number(f.tournament.round)), name: nameOf(f), opponent });
}

/**
 * The held seat's line of a tournament's game: whom it waits for, and when
 * they lose by forfeit (`time`, as the countdown writes it).
 * @param {import('./session.js').ServerState} f
 * @param {string} opponent
 * @param {string} time
 */
export function heldLine(f, opponent, time) {
  return t('rc.waiting', { round: String(Number(f.tournament?.round)), name: nameOf(f), opponent, time });
}
