// @ts-check
// Input on the board's cells, for either game: touch, mouse and keyboard, as
// the table's rules for people ask (T11–T13). The actions come from `act`
// (table/table.js); this file only decides which gesture means which action.
//
//   act = { canAct(), hover(sq), tap(sq, via), clear(via), cursorMoved(sq, keyboard), gesture() }
//
// A tap (touch or pen), a click (mouse) and Enter/Space (keyboard) on a square
// all reach `tap(sq, via)`, where the game's adapter decides: the first
// previews, the same square again places (or, on a Nabucodonosor capture's
// disc, cycles through the rectangles holding it); one tap never places.
// Mouse: pointing previews where the game allows it (Othello), so a click
// places. Keyboard: arrows move the cursor, Escape clears the preview.

/**
 * @typedef {object} InputActions what the gestures do (table/table.js)
 * @property {() => boolean} canAct
 * @property {(sq: number) => void} hover
 * @property {(sq: number, via: string) => void} tap
 * @property {(via: string) => void} clear
 * @property {(sq: number, keyboard: boolean) => void} cursorMoved
 * @property {() => void} gesture
 */

/**
 * Binds input on `grid` (see board/grid.js) for an n×n board; returns an unbind function.
 * @param {import('./grid.js').Grid} grid
 * @param {number} n
 * @param {InputActions} act
 * @returns {() => void}
 */
export function bindInput(grid, n, act) {
  const host = grid.cells[0].parentElement.parentElement;
  let lastPointer = 'mouse';
  const sqOf = (target) => {
    const cell = target?.closest?.('[data-sq]');
    return cell ? Number(cell.dataset.sq) : -1;
  };

  const onPointerDown = (e) => {
    lastPointer = e.pointerType || 'mouse';
    act.gesture();
  };
  const onPointerOver = (e) => {
    if (e.pointerType !== 'mouse' || !act.canAct()) return;
    const sq = sqOf(e.target);
    if (sq >= 0) act.hover(sq);
  };
  const onPointerLeave = (e) => {
    if (e.pointerType === 'mouse') act.clear('mouse');
  };
  const onClick = (e) => {
    const sq = sqOf(e.target);
    if (sq < 0) return;
    grid.setCursor(sq);
    act.cursorMoved(sq, false);
    if (!act.canAct()) return;
    const type = e.pointerType || lastPointer;
    act.tap(sq, type === 'mouse' ? 'mouse' : 'touch');
  };
  const onKeyDown = (e) => {
    const sq = sqOf(e.target);
    if (sq < 0) return;
    const moves = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      const col = Math.min(n - 1, Math.max(0, (sq % n) + dx));
      const row = Math.min(n - 1, Math.max(0, Math.floor(sq / n) + dy));
      const next = row * n + col;
      grid.focus(next);
      act.cursorMoved(next, true);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const row = Math.floor(sq / n);
      const next = row * n + (e.key === 'Home' ? 0 : n - 1);
      grid.focus(next);
      act.cursorMoved(next, true);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      act.gesture();
      if (act.canAct()) act.tap(sq, 'key');
      return;
    }
    if (e.key === 'Escape') act.clear('key');
  };
  const onFocusIn = (e) => {
    const sq = sqOf(e.target);
    if (sq >= 0) act.cursorMoved(sq, e.target.matches(':focus-visible'));
  };
  const onFocusOut = (e) => {
    if (!host.contains(e.relatedTarget)) act.cursorMoved(-1, false);
  };

  host.addEventListener('pointerdown', onPointerDown);
  host.addEventListener('pointerover', onPointerOver);
  host.addEventListener('pointerleave', onPointerLeave);
  host.addEventListener('click', onClick);
  host.addEventListener('keydown', onKeyDown);
  host.addEventListener('focusin', onFocusIn);
  host.addEventListener('focusout', onFocusOut);
  return () => {
    host.removeEventListener('pointerdown', onPointerDown);
    host.removeEventListener('pointerover', onPointerOver);
    host.removeEventListener('pointerleave', onPointerLeave);
    host.removeEventListener('click', onClick);
    host.removeEventListener('keydown', onKeyDown);
    host.removeEventListener('focusin', onFocusIn);
    host.removeEventListener('focusout', onFocusOut);
  };
}
