// One persistent live region (role=status) that exists before the first
// message; the same line is the table's visible message.

let region = null;

/** Uses `el` (already in the page, role=status) as the live region. */
export function attach(el) {
  region = el;
}

/** Says `text` (visible and to screen readers). Repeating a text still announces it. */
export function say(text) {
  if (!region) return;
  if (region.textContent === text) region.textContent = '';
  region.textContent = text;
}
