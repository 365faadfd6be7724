// @ts-check
// "Verify a game" for a match record (V1): the match's own checks, then each
// game's checks under its number and points, then the match's total and
// winner. The engine decides everything; this file only draws, and record
// text reaches the page through textContent only.

import { t } from '../core/i18n.js';

/**
 * @typedef {import('../games/engine.js').Check} Check
 * @typedef {{game: number, ok: boolean, points: [number, number], checks: Check[]}} GameReport
 * @typedef {{kind: string, target: number, seats: [string, string], total: [number, number], winner: string}} MatchSummary
 * @typedef {{ok: boolean, checks: Check[], match?: MatchSummary|null, games?: GameReport[]}} MatchReport
 */

/** A seat as the record names it (`person`, `bot 3`), in the page's language. */
function seatName(seat) {
  if (seat === 'person') return t('v.person');
  const level = /^bot (\d+)$/.exec(seat)?.[1];
  return level ? t('v.bot', { n: level }) : seat;
}

/**
 * Whether `report` is a match record's (it lists games).
 * @param {MatchReport|null} report
 * @returns {boolean}
 */
export function isMatchReport(report) {
  return Array.isArray(report?.games);
}

/**
 * A match check's parameters made readable (the winner named).
 * @param {Record<string, string>} params
 */
export function readableMatch(params) {
  const p = { ...params };
  for (const k of ['winner', 'computed', 'recorded']) {
    if (['first', 'second', 'draw', 'none'].includes(p[k])) p[k] = t(`v.winner.${p[k]}`);
  }
  return p;
}

/**
 * Draws a match report into `list`: `checkItem(check)` makes one check's <li>.
 * @param {MatchReport} report
 * @param {HTMLElement} list
 * @param {(check: Check) => HTMLLIElement} checkItem
 */
export function renderMatch(report, list, checkItem) {
  const own = (c) => c.check === 'match-format' || c.check === 'match-digest' || c.check === 'match-signature';
  for (const c of report.checks.filter(own)) list.append(checkItem(c));
  const m = report.match;
  if (m) {
    const li = document.createElement('li');
    li.className = 'match-heading';
    li.textContent = t('v.matchHeading', {
      match: t(`v.matchKind_${m.kind}`, { n: m.target }),
      first: seatName(m.seats[0]),
      second: seatName(m.seats[1]),
      a: m.total[0],
      b: m.total[1],
    });
    list.append(li);
  }
  for (const g of report.games ?? []) {
    const li = document.createElement('li');
    li.className = 'game-report';
    li.dataset.game = String(g.game);
    li.dataset.ok = String(g.ok);
    li.dataset.points = g.points.join(',');
    const heading = document.createElement('p');
    heading.className = 'game-heading';
    heading.textContent = `${t('v.gameHeading', { n: g.game, a: g.points[0], b: g.points[1] })} — ${t(g.ok ? 'v.gameOk' : 'v.gameFailed')}`;
    const checks = document.createElement('ol');
    checks.className = 'checks game-checks';
    for (const c of g.checks) checks.append(checkItem(c));
    li.append(heading, checks);
    list.append(li);
  }
  for (const c of report.checks.filter((c) => !own(c))) list.append(checkItem(c));
}
