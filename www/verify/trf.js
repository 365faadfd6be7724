// @ts-check
// "Verify a game" for a tournament's file (TRF, as `virada swiss check`
// reads it): which texts are one, and the players the file names. The
// engine (the bots' package, loaded on demand) decides everything; this
// file only draws, and the file's text reaches the page through
// textContent only.

import { t } from '../core/i18n.js';

/**
 * @typedef {import('../games/engine.js').Check} Check
 * @typedef {{id: number, name: string, points: string}} TrfPlayer
 * @typedef {{ok: boolean, trf: true, players: TrfPlayer[], checks: Check[]}} TrfReport
 */

/**
 * Whether `text` is a tournament's file rather than a game's or a match's
 * record: a TRF's player lines (`001`) and no record field.
 * @param {string} text
 * @returns {boolean}
 */
export function isTrf(text) {
  return /^001 /m.test(text) && !/^(game|match): /m.test(text);
}

/**
 * Whether `report` is a tournament file's.
 * @param {unknown} report
 * @returns {report is TrfReport}
 */
export function isTrfReport(report) {
  return /** @type {{trf?: unknown}|null} */ (report)?.trf === true;
}

/**
 * A check of the file said in the page's language: `v.trf.<code>`, a
 * file that cannot be read as `v.trf.unreadable` (with the reader's
 * English words), else the engine's English.
 * @param {Check} check
 * @returns {string}
 */
export function trfSentence(check) {
  if (check.check === 'trf' && check.status === 'failed') return t('v.trf.unreadable', check.params);
  const text = t(`v.trf.${check.code}`, check.params);
  return text === `v.trf.${check.code}` ? check.message : text;
}

/**
 * Lists the players the file names, or hides the list.
 * @param {TrfReport|null} report
 * @param {HTMLElement} section
 * @param {HTMLElement} list
 */
export function renderTrfPlayers(report, section, list) {
  list.textContent = '';
  const players = report?.players ?? [];
  section.hidden = players.length === 0;
  for (const p of players) {
    const li = document.createElement('li');
    li.dataset.id = String(p.id);
    li.textContent = t('v.trfPlayer', { id: p.id, name: p.name, points: p.points });
    list.append(li);
  }
}
