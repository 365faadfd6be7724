// @ts-check
// The record leaves the page four ways: Copy record (the clipboard), Download
// record (a text file), Download GGF, and Share link (verify.html with the
// record in the URL fragment). All are made in the page; nothing is sent.

import { t } from '../core/i18n.js';
import { say } from '../core/announce.js';

const $ = (id) => document.getElementById(id);

/**
 * Saves `text` as a file called `name` (a Blob and an <a download>).
 * @param {string} text
 * @param {string} name
 * @param {string} [type]
 */
export function download(text, name, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Freed a while after the click, once the browser has surely read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file name for a game: "virada-<first 12 hex of the fingerprint>.<ext>".
 * @param {string} fingerprint
 * @param {string} ext
 * @returns {string}
 */
export function fileName(fingerprint, ext) {
  return `virada-${fingerprint.slice(0, 12)}.${ext}`;
}

/**
 * The full address of verify.html carrying `record`, relative to this page
 * (core/finished.js loaded on the first use, not before the first board).
 * @param {string} record
 * @returns {Promise<string>}
 */
export async function shareLink(record) {
  const { verifyLink } = await import('../core/finished.js');
  return new URL(verifyLink(record), location.href).href;
}

/**
 * Wires Copy record, Download record, Download GGF and Share link. `record()`
 * and `ggf()` give the texts as they stand, `fingerprint()` names the files,
 * `show(text)` shows the record in the page.
 * @param {{record: () => string, ggf: () => string, fingerprint: () => string, show: (text: string) => void}} sources
 */
export function bindRecordActions({ record, ggf, fingerprint, show }) {
  $('copy-record').addEventListener('click', async () => {
    const text = record();
    show(text);
    try {
      await navigator.clipboard.writeText(text);
      say(() => t('copied'));
    } catch {
      say(() => t('copyFailed'));
    }
  });
  for (const [id, ext, text] of /** @type {[string, string, () => string][]} */ ([['download-record', 'txt', record], ['download-ggf', 'ggf', ggf]])) {
    // A game without a GGF export (Nabucodonosor) has no such button.
    $(id)?.addEventListener('click', () => {
      const name = fileName(fingerprint(), ext);
      download(text(), name);
      say(() => t('downloaded', { name }));
    });
  }
  $('share-link').addEventListener('click', async () => {
    const link = await shareLink(record());
    const a = /** @type {HTMLAnchorElement} */ ($('share-url'));
    a.href = link;
    a.textContent = link;
    $('share-out').hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      say(() => t('linkCopied'));
    } catch {
      say(() => t('linkShown'));
    }
  });
}
