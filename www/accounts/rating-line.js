// @ts-check
// The rating change a rated game's signed record states (its `names` and
// `ratings` lines, docs/record-format.md, version 4), as a line the table
// says at the end: "eva: 1500? → 1662? (+162)". Read from the record the
// server signed, never computed by the page.

import { t, addWords } from '../core/i18n.js';
import { ACCOUNT_WORDS } from './words.js';

addWords(ACCOUNT_WORDS);

/** A record line's value, or ''. @param {string} record @param {string} key */
function field(record, key) {
  const m = new RegExp(`^${key}: ?(.*)$`, 'm').exec(record);
  return m ? m[1].trim() : '';
}

/** `1662?` from `1662.31/290.32/0.059999675`. @param {string} stated */
function shown(stated) {
  const [rating, deviation] = stated.split('/').map(Number);
  return `${Math.round(rating)}${deviation >= 110 ? '?' : ''}`;
}

/**
 * Each seat's name and its rating change, from a signed record; [] when the
 * game was not rated.
 * @param {string|null|undefined} record
 * @returns {{name: string, before: string, after: string, diff: number}[]}
 */
export function ratingChanges(record) {
  if (!record) return [];
  const names = field(record, 'names').split(',').map((n) => n.trim());
  const ratings = field(record, 'ratings').split(',').map((r) => r.trim().split(/\s+/));
  if (ratings.length !== 2 || ratings.some((r) => r.length !== 2)) return [];
  return ratings.map(([before, after], i) => ({
    name: names[i] && names[i] !== '-' ? names[i] : '',
    before: shown(before),
    after: shown(after),
    diff: Math.round(Number(after.split('/')[0])) - Math.round(Number(before.split('/')[0])),
  }));
}

/**
 * The lines the table says at the end of a rated game, each written in the
 * page's language of the moment.
 * @param {string|null|undefined} record
 * @returns {(() => string)[]}
 */
export function ratingLines(record) {
  return ratingChanges(record).map((c) => () =>
    t('a.ratingChange', { name: c.name, before: c.before, after: c.after, diff: c.diff >= 0 ? `+${c.diff}` : `−${-c.diff}` }));
}

/**
 * Writes a rated game's changes into `node` (the result's box, shown at
 * the end on every width), one line a seat; hides it for any other game.
 * @param {HTMLElement} node
 * @param {string|null|undefined} record
 */
export function showRatings(node, record) {
  const lines = ratingLines(record).map((line) => line());
  node.hidden = lines.length === 0;
  if (node.dataset.text === lines.join('\n')) return;
  node.dataset.text = lines.join('\n');
  node.replaceChildren(...lines.map((line) => {
    const span = document.createElement('span');
    span.textContent = line;
    return span;
  }));
}
