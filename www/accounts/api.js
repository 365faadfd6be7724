// @ts-check
// The accounts' server side as the pages ask it (docs/accounts.md): who is
// signed in, sign up and sign in with a passkey (WebAuthn through the
// browser's navigator.credentials), sessions, seeks, profiles. Every
// refusal comes back as {code, message}; the pages say the code in their
// own language.

/**
 * Who the server says this page is.
 * @typedef {object} Me
 * @property {boolean} signedIn
 * @property {string} origin the site's public origin (passkeys need it)
 * @property {string} [name]
 * @property {number} [rating]
 * @property {number} [deviation]
 * @property {string} [shown] the rating as shown: `1662?` while provisional
 * @property {boolean} [provisional]
 * @property {number} [passkeys]
 */

/** A refusal: the server's code, or a code of the page's own (`network`, `passkey-cancelled`, `no-passkeys`). */
export class AccountError extends Error {
  /** @param {string} code @param {string} [message] */
  constructor(code, message) {
    super(message || code);
    this.code = code;
  }
}

/** An API address relative to the page. */
const url = (path) => new URL(path, location.href).href;

/** A request not answered within this time fails as the network's, so a
 * page asking again and again (a seek's state, the seeks' list) asks anew
 * rather than waiting forever on one lost answer. */
const ASK_MS = 15_000;

/**
 * One request; the JSON answer, or an AccountError with the server's code.
 * @param {string} path
 * @param {object} [body] sent as JSON with POST
 * @returns {Promise<any>}
 */
export async function ask(path, body) {
  /** @type {RequestInit} */
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(url(path), { credentials: 'same-origin', signal: AbortSignal.timeout(ASK_MS), ...init });
  } catch {
    throw new AccountError('network');
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok) throw new AccountError(String(answer?.code || `http-${response.status}`), answer?.message);
  return answer;
}

/** @returns {Promise<Me>} */
export function me() {
  return ask('api/accounts/me');
}

/** Whether this browser can make and use passkeys here. */
export function passkeysHere() {
  return typeof window.PublicKeyCredential === 'function' && window.isSecureContext;
}

/** @param {string} text base64url @returns {ArrayBuffer} */
function bytes(text) {
  const plain = atob(String(text).replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(String(text).length / 4) * 4, '='));
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) out[i] = plain.charCodeAt(i);
  return out.buffer;
}

/** @param {ArrayBuffer|null|undefined} buffer @returns {string} base64url */
function text(buffer) {
  if (!buffer) return '';
  let plain = '';
  for (const b of new Uint8Array(buffer)) plain += String.fromCharCode(b);
  return btoa(plain).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A ceremony the browser refused or the person cancelled. */
function cancelled(error) {
  const name = error instanceof DOMException ? error.name : '';
  return new AccountError(name === 'InvalidStateError' ? 'passkey-exists' : 'passkey-cancelled', String(error?.message || error));
}

/**
 * Makes a passkey for the server's creation options; the credential as the server reads it.
 * @param {any} options the server's `{publicKey}`
 */
async function create(options) {
  const o = options.publicKey;
  /** @type {PublicKeyCredentialCreationOptions} */
  const publicKey = {
    ...o,
    challenge: bytes(o.challenge),
    user: { ...o.user, id: bytes(o.user.id) },
    excludeCredentials: (o.excludeCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
  let credential;
  try {
    credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.create({ publicKey }));
  } catch (error) {
    throw cancelled(error);
  }
  const response = /** @type {AuthenticatorAttestationResponse} */ (credential.response);
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: text(response.attestationObject),
      clientDataJSON: text(response.clientDataJSON),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : undefined,
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/**
 * Signs with a passkey for the server's request options; the assertion as the server reads it.
 * @param {any} options the server's `{publicKey}`
 */
async function get(options) {
  const o = options.publicKey;
  /** @type {PublicKeyCredentialRequestOptions} */
  const publicKey = {
    ...o,
    challenge: bytes(o.challenge),
    allowCredentials: (o.allowCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
  let credential;
  try {
    credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.get({ publicKey }));
  } catch (error) {
    throw cancelled(error);
  }
  const response = /** @type {AuthenticatorAssertionResponse} */ (credential.response);
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: text(response.authenticatorData),
      clientDataJSON: text(response.clientDataJSON),
      signature: text(response.signature),
      userHandle: response.userHandle ? text(response.userHandle) : null,
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** Signs up as `name` with a new passkey; the name. @param {string} name */
export async function signUp(name) {
  const started = await ask('api/accounts/signup', { name });
  const credential = await create(started.options);
  return ask('api/accounts/signup/finish', { ceremony: started.ceremony, credential });
}

/** Signs in as `name` with one of its passkeys. @param {string} name */
export async function signIn(name) {
  const started = await ask('api/accounts/signin', { name });
  const credential = await get(started.options);
  return ask('api/accounts/signin/finish', { ceremony: started.ceremony, credential });
}

/** Adds a passkey (another device's, or this one's again) to the signed-in account. */
export async function addPasskey() {
  const started = await ask('api/accounts/passkeys', {});
  const credential = await create(started.options);
  return ask('api/accounts/passkeys/finish', { ceremony: started.ceremony, credential });
}

export const signOut = () => ask('api/accounts/signout', {});
export const sessions = () => ask('api/accounts/sessions');
/** @param {string} session */
export const revoke = (session) => ask('api/accounts/sessions/revoke', { session });
/** @param {string} name the account's own, to confirm */
export const deleteAccount = (name) => ask('api/accounts/delete', { name });
/** A profile; with a table's `clock` (`30`, `180+2`), its rating is that clock's speed's. @param {string} name @param {string} [clock] */
export const profile = (name, clock = '') => ask(`api/players/${encodeURIComponent(name)}${clock ? `?clock=${encodeURIComponent(clock)}` : ''}`);
/** One speed's leaderboard. @param {string} speed `bullet` … `correspondence` */
export const leaderboard = (speed) => ask(`api/leaderboard?speed=${encodeURIComponent(speed)}`);
