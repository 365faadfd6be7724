// @ts-check
// Engine errors as the page reads them: the Rust side throws
// Error("code: message"); `coded` runs a call and gives such an error its
// stable `code` (the text before the first colon). Shared by both wasm
// doors, games/engine.js (the page's package) and bot/engine.js (the bots').

/**
 * @typedef {Error & {code: string}} CodedError an engine error: `code` is its stable code
 */

/**
 * Runs an engine call; an engine error comes back as an Error whose `code`
 * is the stable code (the text before the first colon of its message).
 * @template T
 * @param {() => T} f
 * @returns {T}
 */
export function coded(f) {
  try {
    return f();
  } catch (e) {
    const message = String(e?.message ?? e);
    const err = /** @type {CodedError} */ (new Error(message));
    err.code = /^([a-z0-9-]+):/.exec(message)?.[1] ?? 'engine';
    throw err;
  }
}
