// The record leaves the page three more ways besides "Copy record": as a
// downloaded text file, as a GGF file, and as a link to verify.html with the
// record in the URL fragment (nothing is sent anywhere).

import { verifyLink } from './finished.js';

/** Saves `text` as a file called `name` (a Blob and an <a download>). */
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

/** A file name for a game: "virada-<first 12 hex of the fingerprint>.<ext>". */
export function fileName(fingerprint, ext) {
  return `virada-${fingerprint.slice(0, 12)}.${ext}`;
}

/** The full address of verify.html carrying `record`, relative to this page. */
export function shareLink(record) {
  return new URL(verifyLink(record), location.href).href;
}
