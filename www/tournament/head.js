// @ts-check
// One tournament's head (tournament.html?id=…): what it is and where it
// is (the countdown to its start, an arena's time left, why it was
// cancelled), and Join or Withdraw. Join is disabled, with the reason
// beside it, when the server says the player's rating is outside the
// range; Withdraw asks first, in place, as Resign does at a table.

import { t } from '../core/i18n.js';
import { el, errorText } from '../accounts/bar.js';
import * as api from '../accounts/api.js';
import { summaryText } from './list.js';

/** "1 h 05 min", "4 min 09 s", "12 s". @param {number} ms */
export function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${pad(m)} min`;
  if (m > 0) return `${m} min ${pad(sec)} s`;
  return `${sec} s`;
}

/** The countdown's text now: to the start, or to an arena's end. @param {any} v @param {number} skew */
function countdownText(v, skew) {
  const now = Date.now() + skew;
  if (v.phase === 'open') {
    const left = Number(v.starts) - now;
    return left > 0 ? t('tn.startsIn', { time: countdown(left) }) : t('tn.starting');
  }
  const left = Number(v.ends) - now;
  return left > 0 ? t('tn.endsIn', { time: countdown(left) }) : t('tn.lastGames');
}

/** Whether the head shows a countdown: before the start, and while an arena runs. @param {any} v */
function counts(v) {
  return v.phase === 'open' || (v.phase === 'running' && v.format === 'arena' && Number(v.ends) > 0);
}

/** Whether an arena's time is up, its last games played out: nobody joins now. @param {any} v @param {number} skew */
function timeUp(v, skew) {
  return v.format === 'arena' && v.phase === 'running' && Number(v.ends) > 0 && Number(v.ends) <= Date.now() + skew;
}

/** Sets the countdown's text in place (nothing else redrawn); Join goes once an arena's time is up. @param {any} v @param {number} skew */
export function tickCountdown(v, skew) {
  const node = document.getElementById('tn-countdown');
  if (node && counts(v)) node.textContent = countdownText(v, skew);
  if (timeUp(v, skew)) document.getElementById('tn-join')?.closest('#tn-act')?.remove();
}

/** Why the player may not join: their rating against the range, or ''. @param {any} v */
function outOfRange(v) {
  const you = v.you;
  if (!you || you.range === 'in') return '';
  return t(`tn.range.${you.range}`, { rating: you.rating, range: rangeText(v) });
}

/** The rating range in words: "1400–1800", "1800 and above", "up to 1200", "open to every rating". @param {any} v */
export function rangeText(v) {
  const low = v.min ?? null;
  const high = v.max ?? null;
  if (low !== null && high !== null) return `${low}–${high}`;
  if (low !== null) return t('tn.rangeFrom', { min: low });
  if (high !== null) return t('tn.rangeUpTo', { max: high });
  return t('tn.rangeAll');
}

/**
 * Join, or Withdraw with its question; `changed()` after either is done.
 * @param {any} v the tournament
 * @param {any} mine the player's entry, if any
 * @param {HTMLElement} said where a refusal is said
 * @param {() => void} changed
 */
function drawAct(v, mine, said, changed) {
  const act = async (what) => {
    try {
      await api.ask(`api/tournaments/${encodeURIComponent(v.id)}/${what}`, {});
      changed();
    } catch (error) {
      said.textContent = errorText(error);
    }
  };
  const box = el('div', { class: 'tn-act', id: 'tn-act' });
  if (!mine || mine.withdrawn || mine.absent) {
    const why = outOfRange(v);
    const join = el('button', { type: 'button', id: 'tn-join', class: why ? '' : 'primary' }, t('tn.join'));
    if (why) {
      join.setAttribute('disabled', '');
      join.setAttribute('aria-describedby', 'tn-join-why');
      box.append(join, el('p', { class: 'tn-why', id: 'tn-join-why' }, why));
    } else {
      join.addEventListener('click', () => act('join'));
      box.append(join);
    }
    return box;
  }
  const withdraw = el('button', { type: 'button', id: 'tn-withdraw' }, t('tn.withdraw'));
  const ask = el('div', { class: 'tn-confirm', id: 'tn-confirm', role: 'group', 'aria-labelledby': 'tn-confirm-line' });
  ask.hidden = true;
  const line = el('p', { id: 'tn-confirm-line' }, t(v.phase === 'open' ? 'tn.leaveAsk' : 'tn.withdrawAsk', { name: String(v.name) }));
  const yes = el('button', { type: 'button', id: 'tn-confirm-yes', class: 'danger' }, t('tn.withdraw'));
  const no = el('button', { type: 'button', id: 'tn-confirm-no' }, t('tn.stayIn'));
  const buttons = el('div', { class: 'tn-confirm-buttons' });
  buttons.append(yes, no);
  ask.append(line, buttons);
  withdraw.addEventListener('click', () => {
    withdraw.hidden = true;
    ask.hidden = false;
    no.focus();
  });
  no.addEventListener('click', () => {
    ask.hidden = true;
    withdraw.hidden = false;
    withdraw.focus();
  });
  yes.addEventListener('click', () => act('withdraw'));
  box.append(withdraw, ask);
  return box;
}

/**
 * The head: the summary, the phase, the countdown, the reason a
 * tournament was cancelled, Join or Withdraw.
 * @param {any} v the tournament
 * @param {string|null} me the signed-in name
 * @param {number} skew the server's clock minus the page's
 * @param {() => void} changed
 */
export function drawHead(v, me, skew, changed) {
  const head = el('div', { class: 'tn-head', id: 'tn-head' });
  // Every player counts, those who withdrew too (marked in the standings).
  head.append(el('p', { class: 'tn-summary', id: 'tn-summary' }, summaryText({ ...v, entrants: v.entrants.length, round: v.played.length })));
  const phase = v.cancelled ? 'cancelled' : v.phase;
  head.append(el('p', { class: `tn-phase tn-${phase}`, id: 'tn-phase' }, t(`tn.phase.${phase}`)));
  if (counts(v)) {
    head.append(el('p', { class: 'tn-countdown', id: 'tn-countdown', role: 'timer' }, countdownText(v, skew)));
  }
  if (v.cancelled) {
    head.append(el('p', { class: 'tn-cancelled', id: 'tn-cancelled' }, t(v.entrants.length === 0 ? 'tn.cancelledNobody' : 'tn.cancelledAlone')));
  }
  const mine = me ? v.entrants.find((e) => e.name === me) : null;
  const said = el('p', { class: 'account-message', id: 'tn-message', role: 'status' });
  if (mine && !v.cancelled) said.textContent = mine.withdrawn ? t('tn.withdrawn') : t(v.phase === 'over' ? 'tn.played' : mine.absent ? 'tn.absent' : 'tn.joined');
  const joinable = v.phase !== 'over' && !(timeUp(v, skew) && (!mine || mine.withdrawn || mine.absent));
  if (me && joinable) {
    head.append(drawAct(v, mine, said, changed));
  } else if (!me && joinable) {
    head.append(el('p', { class: 'account-note' }, t('tn.signInFirst')));
  }
  head.append(said);
  return head;
}
