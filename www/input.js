// Input on the board's cells: touch, mouse and keyboard, as the table's rules
// for people ask (T11–T13). The actions (what is legal, preview, place) come
// from `act`; this file only decides which gesture means which action.
//
//   act = { canAct(), isLegal(sq), previewed() → sq|-1, preview(sq, via),
//           clear(via), place(sq), refuse(sq), cursorMoved(sq), gesture() }
//
// Touch: a tap previews, a second tap on the same square places, a tap on an
// illegal square clears; one tap never places. Mouse: pointing previews, a
// click places. Keyboard: arrows move the cursor, Enter/Space previews then places.

/** Binds input on `grid` (see grid.js) for an n×n board; returns an unbind function. */
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
    if (sq < 0) return;
    if (act.isLegal(sq)) act.preview(sq, 'mouse');
    else act.clear('mouse');
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
    if (type === 'mouse') {
      if (act.isLegal(sq)) act.place(sq);
      else act.refuse(sq);
      return;
    }
    // Touch or pen: the second tap on the previewed square places it.
    if (act.previewed() === sq) act.place(sq);
    else if (act.isLegal(sq)) act.preview(sq, 'touch');
    else act.clear('touch');
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
      if (!act.canAct()) return;
      if (act.previewed() === sq) act.place(sq);
      else if (act.isLegal(sq)) act.preview(sq, 'key');
      else act.refuse(sq);
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
