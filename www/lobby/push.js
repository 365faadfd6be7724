// @ts-check
// Web Push for My games (docs/accounts.md, "Web Push"), loaded on demand by
// turn-notice.js once notifications are granted: the browser subscribed
// with the server's key (VAPID, `GET /api/push/key`) through the site's
// service worker, the subscription given to the server for the signed-in
// account, so that a correspondence game's "your move" reaches the person
// when no page of the site is open; and the same undone. The worker
// (sw.js) shows the pushes in the words this page leaves it, in its
// language.

import { ask } from '../accounts/api.js';
import { addWords, t } from '../core/i18n.js';
import { CALL_WORDS } from '../tournament/call-words.js';

addWords(CALL_WORDS);

/** The cache where the worker finds the notification's words (sw.js's PUSH_WORDS). */
const WORDS = 'push-words';

/** The site's service worker, and its scope: the site's root. */
const WORKER = new URL('../../sw.js', import.meta.url);
const SCOPE = new URL('.', WORKER).href;

/** Whether this browser has Web Push at all. */
export const pushHere = () => 'serviceWorker' in navigator && typeof window.PushManager === 'function';

/** The site's worker registration, registered now if it was not yet, once active. */
async function registration() {
  if (!(await navigator.serviceWorker.getRegistration(SCOPE))) {
    await navigator.serviceWorker.register(WORKER, { updateViaCache: 'none' });
  }
  return navigator.serviceWorker.ready;
}

/**
 * base64url to bytes.
 * @param {string} text
 */
function bytes(text) {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/**
 * Whether a subscription was made with `key`.
 * @param {PushSubscription} sub
 * @param {Uint8Array} key
 */
function madeWith(sub, key) {
  const had = sub.options?.applicationServerKey;
  if (!had) return false;
  const old = new Uint8Array(had);
  return old.length === key.length && old.every((b, i) => b === key[i]);
}

/** Leaves the worker the notification's words in the page's language. */
async function leaveWords() {
  const words = {
    title: t('l.pushTitle', { name: '{name}' }),
    titleNobody: t('l.pushTitleNobody'),
    body: t('l.pushBody'),
    roundTitle: t('rc.pushTitle', { round: '{round}', tournament: '{tournament}' }),
    roundBody: t('rc.pushBody', { name: '{name}' }),
  };
  const cache = await caches.open(WORDS);
  await cache.put('words', new Response(JSON.stringify(words), { headers: { 'Content-Type': 'application/json' } }));
}

/**
 * Whether this browser is subscribed now. A subscription found is given to
 * the server again (made anew first when the server's key changed), so
 * that a server that lost it, or a new key, finds it again.
 */
export async function pushIsOn() {
  if (!pushHere()) return false;
  const found = await navigator.serviceWorker.getRegistration(SCOPE);
  if (!(await found?.pushManager.getSubscription())) return false;
  await pushOn().catch(() => {});
  return true;
}

/**
 * Subscribes this browser and gives the subscription to the server. Throws
 * the server's AccountError, or the browser's error (its `name`:
 * `NotAllowedError`, `AbortError` where no push service answers).
 */
export async function pushOn() {
  const reg = await registration();
  const { key } = await ask('api/push/key');
  const wanted = bytes(String(key));
  let sub = await reg.pushManager.getSubscription();
  if (sub && !madeWith(sub, wanted)) {
    await sub.unsubscribe();
    sub = null;
  }
  await leaveWords();
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  await ask('api/push/subscribe', sub.toJSON());
}

/** Unsubscribes this browser, here and on the server. */
export async function pushOff() {
  const found = await navigator.serviceWorker.getRegistration(SCOPE);
  const sub = await found?.pushManager.getSubscription();
  if (!sub) return;
  await ask('api/push/unsubscribe', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}
