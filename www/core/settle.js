// @ts-check
// When a page has settled: a few seconds after its load event, or at a
// person's first pointer or key input if that comes sooner. Work the first
// board does not need, but that should be ready before a person asks for it
// (the audio output, the New game dialog's module), waits for this: while
// the page loads the main thread has the first board to draw and nothing
// else, and a phone's slower core does not meet that work on top of it.

/** After the load event, how long a page waits for input before it counts as settled. */
export const SETTLE_MS = 3000;
const INPUTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown'];

/** @type {Promise<void>|null} */
let settled = null;

/**
 * Resolves once the page has settled (SETTLE_MS after its load event) or a
 * person has touched it, whichever comes first; at once after that.
 * @returns {Promise<void>}
 */
export function pageSettled() {
  settled ??= new Promise((resolve) => {
    const done = () => {
      for (const type of INPUTS) removeEventListener(type, done, { capture: true });
      resolve();
    };
    for (const type of INPUTS) addEventListener(type, done, { capture: true, passive: true });
    const wait = () => setTimeout(done, SETTLE_MS);
    if (document.readyState === 'complete') wait();
    else addEventListener('load', wait, { once: true });
  });
  return settled;
}

/**
 * Runs `work` in idle time once the page has settled (at most `timeout` ms
 * after that, idle or not).
 * @param {() => void} work
 * @param {number} [timeout]
 */
export function whenSettled(work, timeout = 2000) {
  const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 100));
  pageSettled().then(() => idle(() => work(), { timeout }));
}
