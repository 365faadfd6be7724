// @ts-check
// One persistent live region (role=status) that exists before the first
// message; the same line is the table's visible message.

/** @type {HTMLElement|null} */
let region = null;

/**
 * Uses `el` (already in the page, role=status) as the live region.
 * @param {HTMLElement} el
 */
export function attach(el) {
  region = el;
}

/**
 * Says `text` (visible and to screen readers). Repeating a text still announces it.
 * @param {string} text
 */
export function say(text) {
  if (!region) return;
  if (region.textContent === text) region.textContent = '';
  region.textContent = text;
}
