// @ts-check
// The bot's files beside its package: the trained evaluation and the
// opening book (www/pkg-bot/, copied there by `make wasm`), fetched and
// handed to a package's loader. Shared by the two doors that install them,
// engine.js (www/pkg-bot) and threads.js (www/pkg-threads).

/**
 * Fetches `name` from pkg-bot and hands its bytes to `install`; the reason
 * as text when that fails, else null.
 * @param {string} name
 * @param {(bytes: Uint8Array) => void} install
 * @returns {Promise<string|null>}
 */
async function installFile(name, install) {
  try {
    const response = await fetch(new URL(`../pkg-bot/${name}`, import.meta.url));
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    install(new Uint8Array(await response.arrayBuffer()));
    return null;
  } catch (e) {
    return String(e?.message ?? e);
  }
}

/**
 * Installs the trained evaluation (eval-weights.vrdw) and the opening book
 * (opening-book.vrdb) with a package's `loadWeights` and `loadBook`; the
 * reasons as text when a file cannot be had (the bot then plays on without
 * it: the hand-set weights built into the engine, no book), else null.
 * @param {(bytes: Uint8Array) => void} loadWeights
 * @param {(bytes: Uint8Array) => void} loadBook
 * @returns {Promise<string|null>}
 */
export async function installBotFiles(loadWeights, loadBook) {
  const problems = await Promise.all([
    installFile('eval-weights.vrdw', loadWeights),
    installFile('opening-book.vrdb', loadBook),
  ]);
  return problems.filter(Boolean).join('; ') || null;
}
