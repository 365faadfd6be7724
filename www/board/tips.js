// @ts-check
// Short explanations that appear when pointing at (or focusing) a disc box
// or a corner (T19). The same text is also each element's description
// (aria-describedby), so screen readers reach it without the tooltip.

/**
 * Shows `tip` near each element of `pairs` ([element, () => text]) on hover and focus.
 * @param {HTMLElement} tip
 * @param {[HTMLElement, () => string][]} pairs
 */
export function bindTips(tip, pairs) {
  let owner = null;
  const show = (el, text) => {
    owner = el;
    tip.textContent = text();
    tip.hidden = false;
    const r = el.getBoundingClientRect();
    const host = tip.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0, width: innerWidth };
    const width = Math.min(280, host.width - 16);
    tip.style.width = `${width}px`;
    let left = r.left - host.left + r.width / 2 - width / 2;
    left = Math.max(8, Math.min(left, host.width - width - 8));
    tip.style.left = `${left}px`;
    tip.style.top = `${r.bottom - host.top + 6}px`;
  };
  const hide = (el) => {
    if (owner === el) {
      owner = null;
      tip.hidden = true;
    }
  };
  for (const [el, text] of pairs) {
    el.addEventListener('pointerenter', (e) => {
      if (e.pointerType === 'mouse') show(el, text);
    });
    el.addEventListener('pointerleave', () => hide(el));
    el.addEventListener('focus', () => show(el, text));
    el.addEventListener('blur', () => hide(el));
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && owner) hide(owner);
  });
}
