// @ts-check
// The style sheet of the table's dialog and side panels (css/panels.css),
// linked on first use: nothing on show before the first board needs it, so
// the table's pages do not wait for it. The New game dialog, the review, the
// online table and match play each ask for it before they show anything; a
// page that links it already (verify.html, history.html) is not asked twice.

const PANELS = new URL('../css/panels.css', import.meta.url);

/** @type {Promise<void>|null} */
let panels = null;

/**
 * Links css/panels.css once; resolves when it has loaded (or failed to: the
 * page then goes on without it rather than not at all).
 * @returns {Promise<void>}
 */
export function panelsStyle() {
  panels ??= new Promise((resolve) => {
    const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === PANELS.href);
    if (linked) {
      resolve();
      return;
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = PANELS.href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
  return panels;
}
