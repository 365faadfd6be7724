// @ts-check
// The last finished games' records, for "Verify a game". The table adds a
// record when a game ends; the verify page lists them.
//
// localStorage key `virada.finished`: a JSON array of record texts (the
// `virada-record 1` format), newest first, at most 50.

export const FINISHED_KEY = 'virada.finished';
export const FINISHED_MAX = 50;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored records, newest first; anything that is not a list of strings counts as none.
 * @returns {string[]}
 */
export function loadFinished() {
  try {
    const list = JSON.parse(storage()?.getItem(FINISHED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((r) => typeof r === 'string').slice(0, FINISHED_MAX) : [];
  } catch {
    return [];
  }
}

/**
 * Adds a finished game's record in front, keeping at most 50 (the same text twice is kept once).
 * @param {string} record
 */
export function rememberFinished(record) {
  const list = [record, ...loadFinished().filter((r) => r !== record)].slice(0, FINISHED_MAX);
  try {
    storage()?.setItem(FINISHED_KEY, JSON.stringify(list));
  } catch {
    // A full or disabled store only loses the list.
  }
}

/**
 * `verify.html#r=…`: the record in the URL fragment (base64url of its UTF-8), so nothing leaves the browser.
 * @param {string} record
 * @param {string} [base]
 * @returns {string}
 */
export function verifyLink(record, base = 'verify.html') {
  const bytes = new TextEncoder().encode(record);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  const b64 = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base}#r=${b64}`;
}

/**
 * The record held in a `#r=` fragment, or null when there is none or it does not decode.
 * @param {string} hash
 * @returns {string|null}
 */
export function recordFromFragment(hash) {
  const m = /^#?r=([A-Za-z0-9_-]*)$/.exec(hash || '');
  if (!m) return null;
  try {
    const b64 = m[1].replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
