// @ts-check
// What a tournament is, before its start and after: its format and
// rounds (or minutes), its clock, rated or not, the rating range, the
// start and who made it; and, until it starts, its link to share, with a
// Copy button (the clipboard, else the link selected to copy by hand).

import { t } from '../core/i18n.js';
import { el } from '../accounts/bar.js';
import { rangeText } from './head.js';
import { clockWords } from '../core/clock-text.js';

/** The rounds in words: a Swiss's, a round robin's cycle, an arena's minutes. @param {any} v */
function roundsText(v) {
  if (v.format === 'swiss') return String(v.rounds);
  if (v.format === 'arena') return t('tn.aboutMinutes', { n: v.minutes });
  return t(v.double ? 'tn.aboutTwice' : 'tn.aboutOnce');
}

/**
 * The settings as a list of terms, and the link to share while it is open.
 * @param {any} v the tournament
 * @param {string|null} me the signed-in name
 */
export function drawAbout(v, me) {
  const section = el('section', { class: 'tn-about', id: 'tn-about', 'aria-labelledby': 'about-title' });
  section.append(el('h2', { id: 'about-title' }, t('tn.about')));
  const dl = el('dl', { class: 'tn-facts' });
  const fact = (key, value) => {
    dl.append(el('dt', {}, t(key)), el('dd', {}, value));
  };
  fact('tn.format', t(`tn.${v.format}`));
  fact(v.format === 'arena' ? 'tn.length' : 'tn.rounds', roundsText(v));
  // As the head writes it: `3+2` (minutes + seconds), `30 s a move`.
  fact('tn.clockShort', clockWords(v.clock, t, { perMove: 'l.clock', days: 'l.days', none: 'l.noClock' }));
  fact('tn.kind', v.rated ? t('tn.ratedShort') : t('tn.casual'));
  fact('tn.range', rangeText(v));
  fact('tn.starts', new Date(Number(v.starts)).toLocaleString());
  fact('tn.madeBy', String(v.creator ?? ''));
  section.append(dl);
  if (v.phase === 'open') section.append(drawShare(v, me));
  return section;
}

/** The link to share, and Copy. @param {any} v @param {string|null} me */
function drawShare(v, me) {
  const box = el('div', { class: 'tn-share', id: 'tn-share' });
  const link = new URL(`tournament.html?id=${encodeURIComponent(v.id)}`, location.href).href;
  box.append(el('label', { for: 'tn-link' }, t(me && me === v.creator ? 'tn.shareMine' : 'tn.share')));
  const row = el('div', { class: 'tn-share-row' });
  const input = /** @type {HTMLInputElement} */ (el('input', { id: 'tn-link', type: 'text', readonly: '', value: link }));
  const copy = el('button', { type: 'button', id: 'tn-copy' }, t('tn.copy'));
  const said = el('p', { class: 'account-message', id: 'tn-copied', role: 'status' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = t('tn.copied');
    } catch {
      input.select();
      said.textContent = t('tn.copyByHand');
    }
  });
  row.append(input, copy);
  box.append(row, said);
  return box;
}
