// @ts-check
// What can be done with the game the history shows: Verify (verify.html
// with the record in the link's fragment), Copy and Download its record,
// GGF (Othello) and transcript, and Delete it from the device (a confirm
// step, then "deleted" with Undo). Files are made in the page
// (table/record-share.js); nothing is sent.

import { verifyLink } from '../core/finished.js';
import { download, fileName } from '../table/record-share.js';
import { t } from '../core/i18n.js';
import { say } from '../core/announce.js';

const $ = (id) => document.getElementById(id);

/** Says what an action did, beside the actions (a live region). */
function note(text) {
  const el = $('action-note');
  if (el.textContent === text) el.textContent = '';
  el.textContent = text;
}

/**
 * @typedef {object} Shown the game on the page
 * @property {string|null} record its record text (null for a pasted GGF game or transcript)
 * @property {import('../bot/engine.js').Replay|null} replay null when the record cannot be replayed
 * @property {boolean} stored whether it is an entry of the history (so it can be deleted)
 */

/**
 * Wires the actions. `shown()` gives the game on the page; `remove()` deletes
 * it from the store and returns a function that puts it back.
 * @param {{shown: () => Shown|null, remove: () => (() => void)|null}} hooks
 */
export function setupActions({ shown, remove }) {
  /** The texts the buttons give, by kind. */
  function text(kind) {
    const s = shown();
    if (!s) return null;
    if (kind === 'record') return s.record;
    if (kind === 'ggf') return s.replay?.ggf ?? null;
    return s.replay?.transcript ?? null;
  }
  /** The file's name: "virada-<12 hex of the fingerprint>.txt" (…-transcript.txt, ….ggf). */
  function name(kind) {
    const fp = shown()?.replay?.header?.fingerprint ?? 'game';
    if (kind === 'transcript') return `virada-${fp.slice(0, 12)}-transcript.txt`;
    return fileName(fp, kind === 'ggf' ? 'ggf' : 'txt');
  }

  for (const kind of ['record', 'ggf', 'transcript']) {
    $(`copy-${kind}`).addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(text(kind) ?? '');
        note(t('h.copied'));
      } catch {
        note(t('h.copyFailed'));
      }
    });
    $(`download-${kind}`).addEventListener('click', () => {
      const file = name(kind);
      download(text(kind) ?? '', file);
      note(t('h.downloaded', { name: file }));
    });
  }

  $('delete').addEventListener('click', () => {
    $('delete-confirm').hidden = false;
    $('delete-no').focus();
  });
  $('delete-no').addEventListener('click', () => {
    $('delete-confirm').hidden = true;
    $('delete').focus();
  });
  $('delete-yes').addEventListener('click', () => {
    $('delete-confirm').hidden = true;
    const undo = remove();
    if (!undo) return;
    const note = $('deleted');
    note.hidden = false;
    $('deleted-text').textContent = t('h.deleted');
    say(t('h.deleted'));
    const button = /** @type {HTMLButtonElement} */ ($('undo-delete'));
    button.onclick = () => {
      undo();
      note.hidden = true;
      say(t('h.restored'));
    };
    button.focus();
  });
}

/**
 * Shows the actions that fit the game shown: no GGF for Nabucodonosor, no
 * record for a pasted GGF game or transcript, Delete only for a stored one.
 * @param {Shown|null} s
 */
export function showActions(s) {
  const has = {
    record: Boolean(s?.record),
    ggf: Boolean(s?.replay?.ggf),
    transcript: Boolean(s?.replay),
  };
  for (const [kind, on] of Object.entries(has)) {
    $(`copy-${kind}`).hidden = !on;
    $(`download-${kind}`).hidden = !on;
  }
  const verify = /** @type {HTMLAnchorElement} */ ($('verify'));
  verify.hidden = !s?.record;
  if (s?.record) verify.href = verifyLink(s.record);
  $('delete').hidden = !s?.stored;
  $('delete-confirm').hidden = true;
  $('action-note').textContent = '';
}
