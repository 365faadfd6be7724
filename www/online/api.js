// @ts-check
// The online table's HTTP side (docs/server.md) and what the page keeps of
// it: opening a table or pairing with anyone, the server's public key, the
// seat's secret token for each table, and the keys this page has seen.
//
// localStorage: `virada.online.v1` = {ID: {token, word, paired, fingerprint, ply}}
// (the fingerprint this page saw first for the table; the moves this browser
// had seen at its seat, so that a return is told what it missed; at most
// 50 tables, newest last); `virada.keys.v1` = [key hex, …] the server keys
// seen (GET /api/key), newest first.

const TABLES_KEY = 'virada.online.v1';
const KEYS_KEY = 'virada.keys.v1';
const TABLES_MAX = 50;

/**
 * @typedef {{token?: string, word?: string, paired?: boolean, fingerprint?: string, ply?: number}} Kept what the page keeps of a table
 * @typedef {{game: string, size: number, clock: number, level: number}} TableSettings
 */

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key, fallback) {
  try {
    const value = JSON.parse(storage()?.getItem(key) ?? 'null');
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled store: a reload then sits as someone new.
  }
}

/** What the page keeps of table `id`. @returns {Kept} */
export function kept(id) {
  const all = readJson(TABLES_KEY, {});
  const entry = all && typeof all === 'object' ? all[id] : null;
  return entry && typeof entry === 'object' ? entry : {};
}

/** Keeps `patch` for table `id` (its token, word, whether it was "Play anyone", the fingerprint seen first, the moves seen). */
export function keep(id, patch) {
  const all = readJson(TABLES_KEY, {});
  const tables = all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  const entry = { ...(tables[id] ?? {}), ...patch };
  delete tables[id];
  tables[id] = entry;
  const ids = Object.keys(tables);
  for (const old of ids.slice(0, Math.max(0, ids.length - TABLES_MAX))) delete tables[old];
  writeJson(TABLES_KEY, tables);
}

/** The server keys this page has seen, newest first. @returns {string[]} */
export function seenKeys() {
  const keys = readJson(KEYS_KEY, []);
  return Array.isArray(keys) ? keys.filter((k) => typeof k === 'string' && /^[0-9a-f]{64}$/.test(k)) : [];
}

function rememberKey(key) {
  if (!/^[0-9a-f]{64}$/.test(key)) return;
  writeJson(KEYS_KEY, [key, ...seenKeys().filter((k) => k !== key)].slice(0, 20));
}

/** The address of an API path beside the page (`api/key` → /api/key). */
function api(path) {
  return new URL(`api/${path}`, location.href).href;
}

/**
 * The server's public key (`GET /api/key`), remembered as seen; null when
 * the page is served without the server (a static host) or the browser
 * is offline.
 *
 * @returns {Promise<string|null>}
 */
export async function serverKey() {
  // Offline (the site from the service worker's cache): no server to ask.
  if (navigator.onLine === false) return null;
  try {
    const response = await fetch(api('key'), { cache: 'no-store' });
    if (!response.ok) return null;
    const { key } = await response.json();
    if (typeof key !== 'string') return null;
    rememberKey(key);
    return key;
  } catch {
    return null;
  }
}

/**
 * Opens a table (`POST /api/tables`), or finds one where someone waits
 * (`POST /api/pair`) when `anyone`. Resolves with the table's id and its
 * seed's fingerprint (the commitment, in the very answer that opens the
 * table); rejects with an Error whose `code` is the server's (bad-clock,
 * too-many-tables …).
 *
 * @param {TableSettings} settings
 * @param {boolean} anyone
 * @returns {Promise<{id: string, fingerprint: string}>}
 */
export async function openTable(settings, anyone) {
  const response = await fetch(api(anyone ? 'pair' : 'tables'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok || typeof answer.id !== 'string' || typeof answer.fingerprint !== 'string') {
    const error = new Error(answer.message ?? `HTTP ${response.status}`);
    Object.assign(error, { code: answer.code ?? 'http' });
    throw error;
  }
  return { id: answer.id, fingerprint: answer.fingerprint };
}

/** The table's WebSocket address. */
export function socketUrl(id) {
  const url = new URL(api(`tables/${encodeURIComponent(id)}/ws`));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The table's link: this page's address with `?table=ID` (and nothing else). */
export function tableLink(id) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('table', id);
  return url.href;
}
