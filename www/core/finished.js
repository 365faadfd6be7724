// @ts-check
// Every finished game on this device, for the history, the review and
// "Verify a game". The table adds a record when a game ends (either game).
//
// localStorage key `virada.history`: a JSON array of entries
// `{at, record}`, newest first, at most HISTORY_MAX (the oldest dropped):
// `at` is when the game ended (ms since the epoch; null for a game kept
// before the history existed), `record` its text (`virada-record 1` or 2).
// A list it cannot read is never thrown away: it stays where it is until
// the next game ends, then moves aside to `virada.history.unreadable`, and
// the history page says so and offers it as a file.
//
// The list before the history, `virada.finished` (a JSON array of bare
// record texts, at most 50), is taken over once, with no dates; an old list
// that cannot be read is left where it is and said the same way.

export const HISTORY_KEY = 'virada.history';
export const SET_ASIDE_KEY = 'virada.history.unreadable';
export const FINISHED_KEY = 'virada.finished';
export const HISTORY_MAX = 500;

/**
 * @typedef {object} HistoryEntry one finished game (or, later, match)
 * @property {number|null} at when it ended, ms since the epoch (null: not known)
 * @property {string} record its record text
 */

/**
 * @typedef {object} HistoryProblem a stored text the history cannot read, kept as it was
 * @property {string} key the localStorage key that holds it
 * @property {string} text its raw text
 */

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The entries in `raw`, or null when it is not a list the history wrote. */
function parseEntries(raw) {
  try {
    const list = JSON.parse(raw);
    if (!Array.isArray(list)) return null;
    return list
      .filter((e) => e && typeof e === 'object' && typeof e.record === 'string')
      .map((e) => ({ at: Number.isFinite(e.at) ? e.at : null, record: e.record }));
  } catch {
    return null;
  }
}

/** The old list's bare records, or null when it cannot be read. */
function parseOld(raw) {
  try {
    const list = JSON.parse(raw);
    return Array.isArray(list) ? list.filter((r) => typeof r === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * Writes `entries` (newest first), dropping the oldest beyond HISTORY_MAX,
 * and more of the oldest while the store is full. Returns whether it wrote.
 * @param {HistoryEntry[]} entries
 * @returns {boolean}
 */
function save(entries) {
  const s = storage();
  if (!s) return false;
  let list = entries.slice(0, HISTORY_MAX);
  for (;;) {
    try {
      s.setItem(HISTORY_KEY, JSON.stringify(list));
      return true;
    } catch {
      // A full store: the oldest tenth goes, until it fits or nothing is left.
      if (list.length <= 1) return false;
      list = list.slice(0, Math.floor(list.length * 0.9));
    }
  }
}

/**
 * The history, newest first, and the stored texts it could not read. The
 * old `virada.finished` list is taken over here the first time.
 * @returns {{entries: HistoryEntry[], problems: HistoryProblem[]}}
 */
export function loadHistory() {
  const s = storage();
  /** @type {HistoryProblem[]} */
  const problems = [];
  if (!s) return { entries: [], problems };
  let entries = [];
  const raw = s.getItem(HISTORY_KEY);
  if (raw != null) {
    const read = parseEntries(raw);
    if (read) entries = read;
    else problems.push({ key: HISTORY_KEY, text: raw });
  }
  const old = s.getItem(FINISHED_KEY);
  if (old != null) {
    const records = parseOld(old);
    if (records && raw == null) {
      // Taken over once: the old records, with no date, newest first as they were.
      entries = records.map((record) => ({ at: null, record }));
      if (save(entries)) s.removeItem(FINISHED_KEY);
    } else if (!records) {
      problems.push({ key: FINISHED_KEY, text: old });
    }
  }
  const aside = s.getItem(SET_ASIDE_KEY);
  if (aside != null) problems.push({ key: SET_ASIDE_KEY, text: aside });
  return { entries: entries.slice(0, HISTORY_MAX), problems };
}

/**
 * The stored records, newest first (for the review and "Verify a game").
 * @returns {string[]}
 */
export function loadFinished() {
  return loadHistory().entries.map((e) => e.record);
}

/**
 * Adds a finished game's record in front, dated now (the same text twice is
 * kept once). A history list that could not be read moves aside first.
 * @param {string} record
 * @param {number} [at]
 */
export function rememberFinished(record, at = Date.now()) {
  const s = storage();
  if (!s) return;
  const { entries, problems } = loadHistory();
  const unreadable = problems.find((p) => p.key === HISTORY_KEY);
  if (unreadable && s.getItem(SET_ASIDE_KEY) == null) {
    try {
      s.setItem(SET_ASIDE_KEY, unreadable.text);
    } catch {
      return; // Nowhere to keep it: the unreadable list stays, this game is not added.
    }
  } else if (unreadable) {
    return; // One text is already set aside; this one stays where it is.
  }
  save([{ at, record }, ...entries.filter((e) => e.record !== record)]);
}

/**
 * Removes the entry holding `record`; returns it and its place for `restoreFinished`, or null.
 * @param {string} record
 * @returns {{entry: HistoryEntry, index: number}|null}
 */
export function forgetFinished(record) {
  const { entries } = loadHistory();
  const index = entries.findIndex((e) => e.record === record);
  if (index < 0) return null;
  const [entry] = entries.splice(index, 1);
  save(entries);
  return { entry, index };
}

/**
 * Puts back an entry `forgetFinished` removed, at its place.
 * @param {{entry: HistoryEntry, index: number}} removed
 */
export function restoreFinished({ entry, index }) {
  const { entries } = loadHistory();
  if (entries.some((e) => e.record === entry.record)) return;
  entries.splice(Math.min(index, entries.length), 0, entry);
  save(entries);
}

/**
 * Removes a stored text the history could not read (after the person saved it or chose to drop it).
 * @param {string} key
 */
export function dropUnreadable(key) {
  if (key === HISTORY_KEY || key === FINISHED_KEY || key === SET_ASIDE_KEY) storage()?.removeItem(key);
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
