// @ts-check
// The online table's waiting screen (docs/online-table.md): the link to
// share and its Copy button, the seed's fingerprint, the host's countdown
// until the bot sits (or the colours' draw), a seat held for a seek's
// taker, Start now, and each person's word, kept as it is typed and sent
// with the contribution when the window opens (online/online.js).

import { t } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { keep, kept } from './api.js';
import { minutes } from './presence.js';
import { heldLine } from './tourney.js';

const WORD_DELAY_MS = 500;
const $ = (id) => document.getElementById(id);

/** @param {HTMLElement} node @param {string} text */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * Draws the waiting screen for `f` at this page's `seat` (null: watching).
 *
 * @param {import('./session.js').ServerState} f
 * @param {{seat: number|null, drawing: boolean, link: string, offset: number, seen: string, paired: boolean}} view
 *   `drawing`: the colours are being drawn; `offset`: the server's clock
 *   less this page's; `seen`: the fingerprint this page saw first;
 *   `paired`: the table came from a seek, so no bot sits
 */
export function drawWaiting(f, { seat, drawing, link, offset, seen, paired }) {
  const host = seat === 0;
  const input = /** @type {HTMLInputElement} */ ($('online-link'));
  if (input.value !== link) input.value = link;
  setText($('online-fingerprint'), seen || f.fingerprint);
  const left = (until) => minutes((until - offset - Date.now()) / 1000);
  let countdown = '';
  // A seek's table whose other seat is held for someone who has not come: no link to share.
  const other = seat === null ? null : f.seats[1 - seat];
  const held = !drawing && other?.kind === 'empty' && other.name ? other.name : '';
  // A tournament's table: no link to share, no bot, no Start now; whoever
  // does not come loses by forfeit (tourney.js).
  const tour = Boolean(f.tournament);
  if (drawing && f.contributeUntil) countdown = t('onlineDrawIn', { time: left(f.contributeUntil) });
  else if (!drawing && host && !held && !paired && !tour && f.waitUntil) countdown = t('onlineBotIn', { time: left(f.waitUntil) });
  setText($('online-countdown'), countdown);
  $('online-countdown').hidden = !countdown;
  const heldText = tour ? heldLine(f, held, left(f.waitUntil)) : t('onlineHeld', { name: held, time: left(f.waitUntil) });
  setText($('online-held'), held && f.waitUntil ? heldText : '');
  $('online-held').hidden = !held;
  $('online-held-ways').hidden = !held || tour;
  $('online-share').hidden = Boolean(held) || tour;
  $('online-link-box').hidden = Boolean(held) || tour;
  $('online-start').hidden = !host || drawing || Boolean(held) || tour;
  const mine = seat === null ? null : f.seats[seat];
  $('online-word-box').hidden = seat === null || Boolean(mine?.contributed);
  // The colours: drawn from the seed and the words, or a tournament's pairing's (W7).
  const help = $('online-word-help');
  const helpKey = tour ? 'rc.colours' : 'onlineWordHelp';
  if (help.dataset.i18n !== helpKey) {
    help.dataset.i18n = helpKey;
    help.textContent = t(helpKey);
  }
  help.hidden = seat === null;
}

/**
 * Wires the waiting screen's controls (and Play again's, which send as
 * plainly) once: `send` a message to the table, `link` its address, `id` its id.
 *
 * @param {(message: object) => void} send
 * @param {string} link
 * @param {string} id
 */
export function bindWaiting(send, link, id) {
  $('online-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
      say(() => t('linkCopied'));
    } catch {
      /** @type {HTMLInputElement} */ ($('online-link')).select();
      say(() => t('linkShown'));
    }
  });
  $('online-start').addEventListener('click', () => send({ type: 'start' }));
  $('online-play-bot').addEventListener('click', () => send({ type: 'start' }));
  $('online-again-button').addEventListener('click', () => send({ type: 'again' }));
  $('online-again-no').addEventListener('click', () => send({ type: 'no-thanks' }));
  const word = /** @type {HTMLInputElement} */ ($('online-word'));
  word.value = kept(id).word ?? '';
  /** @type {any} */
  let timer = null;
  word.addEventListener('input', () => {
    clearTimeout(timer);
    // Kept for the contribution, which goes out when the window opens.
    timer = setTimeout(() => keep(id, { word: word.value }), WORD_DELAY_MS);
  });
}
