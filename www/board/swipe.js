// @ts-check
// A horizontal swipe across an element steps through a game (the review and
// the history's replay): left goes forward, right goes back.

/**
 * Calls `step(+1)` after a swipe to the left across `el`, `step(-1)` after
 * one to the right, while `active()` holds.
 * @param {Element} el
 * @param {() => boolean} active
 * @param {(delta: number) => void} step
 */
export function onSwipe(el, active, step) {
  /** @type {{x: number, y: number}|null} */
  let touch = null;
  el.addEventListener('touchstart', (/** @type {Event} */ e) => {
    const { touches } = /** @type {TouchEvent} */ (e);
    touch = active() && touches.length === 1 ? { x: touches[0].clientX, y: touches[0].clientY } : null;
  }, { passive: true });
  el.addEventListener('touchend', (/** @type {Event} */ e) => {
    if (!touch || !active()) return;
    const end = /** @type {TouchEvent} */ (e).changedTouches[0];
    const dx = end.clientX - touch.x;
    const dy = end.clientY - touch.y;
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  }, { passive: true });
}
