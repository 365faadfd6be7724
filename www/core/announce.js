// @ts-check
// One persistent live region (role=status) that exists before the first
// message; the same line is the table's visible message. A message is given
// as words: a text, or a function that writes it in the page's language,
// so that a change of language writes the message on show again
// (`retell`). A notice may be kept (`keep`) above the messages that follow
// until the person acts (`release`): the time-out's, the clock's at the
// start. The kept notice and the message are two parts of the region, so
// a new message is announced alone.

/**
 * @typedef {string | (() => string)} Words a text, or what writes it in the page's language
 */

/** @type {{kept: HTMLElement, text: HTMLElement}|null} */
let parts = null;
/** @type {Words} */
let shown = '';
/** @type {Words} */
let keptWords = '';

/**
 * The text of `words` in the page's language now.
 * @param {Words} words
 * @returns {string}
 */
export function textOf(words) {
  return typeof words === 'function' ? words() : words;
}

/**
 * Words that join several, each written in the language of the moment.
 * @param {Words[]} list
 * @returns {Words}
 */
export function joined(list) {
  const all = list.filter(Boolean);
  return all.every((w) => typeof w === 'string') ? all.join(' ') : () => all.map(textOf).filter(Boolean).join(' ');
}

/**
 * Uses `el` (already in the page, role=status) as the live region: its kept
 * notice and its message become two parts of it.
 * @param {HTMLElement} el
 */
export function attach(el) {
  const kept = document.createElement('span');
  kept.className = 'status-kept';
  kept.hidden = true;
  const text = document.createElement('span');
  text.className = 'status-text';
  el.replaceChildren(kept, text);
  parts = { kept, text };
}

/**
 * Says `words` (visible and to screen readers). Repeating a text still announces it.
 * @param {Words} words
 */
export function say(words) {
  shown = words;
  if (!parts) return;
  const text = textOf(words);
  if (parts.text.textContent === text) parts.text.textContent = '';
  parts.text.textContent = text;
}

/**
 * Keeps `words` on show above the messages that follow, until `release`
 * (the person acts) or another notice is kept; says it now.
 * @param {Words} words
 */
export function keep(words) {
  keptWords = words;
  shown = '';
  if (!parts) return;
  parts.text.textContent = '';
  // Announced as it appears; the same notice again is announced again.
  parts.kept.textContent = '';
  parts.kept.textContent = textOf(words);
  parts.kept.hidden = false;
}

/** The person acted: the kept notice gives way. */
export function release() {
  if (!keptWords) return;
  keptWords = '';
  drawKept();
}

function drawKept() {
  if (!parts) return;
  const text = textOf(keptWords);
  if (parts.kept.textContent !== text) parts.kept.textContent = text;
  parts.kept.hidden = !text;
}

/**
 * Writes the kept notice and the message on show again in the page's
 * language (after a change of language), without announcing them anew
 * unless their text changed.
 */
export function retell() {
  if (!parts) return;
  try {
    drawKept();
    const text = textOf(shown);
    if (parts.text.textContent !== text) parts.text.textContent = text;
  } catch {
    // Words about what is gone (a game given way to another): they stay as they were said.
  }
}
