// @ts-check
// The table drawn from the controller's state, for either game: the canvas
// (board/render.js), the accessible grid over it (board/grid.js) with the touch, mouse
// and keyboard input (board/input.js), the tips and the panel (table/panel.js).

import { t, colorName } from '../core/i18n.js';
import { createBoard } from '../board/render.js';
import { createGrid } from '../board/grid.js';
import { bindInput } from '../board/input.js';
import * as sound from '../core/sound.js';
import { drawPanel, seatLabel, seatOf } from './panel.js';
import { bindTips } from '../board/tips.js';

/**
 * The end's line: the board's result, a loss on time, or who resigned (the
 * other wins) or aborted (no result) at an online table (online/session.js
 * sets `cut`).
 * @param {any} s the snapshot @param {any} rules the game's adapter
 */
export function endText(s, rules) {
  // A seat the bot finished for its person is named as theirs, without brackets in brackets.
  const label = (color) => {
    const seat = seatOf(s, color);
    const x = s.online?.seats?.[seat];
    if (!x?.tookSeat) return seatLabel(s, seat);
    return x.name ? t('botForName', { name: String(x.name) }) : t('botForLeft');
  };
  const who = (color) => `${colorName(color)} (${label(color)})`;
  const other = (color) => (color === 'dark' ? 'light' : 'dark');
  // A tournament's game not played out (W5–W6): why, and whose the point is (online/tourney.js).
  if (s.cut?.unplayed) return String(s.cut.unplayed);
  if (s.cut?.resigned) {
    // T24's score (online/session.js).
    const [a, b] = s.cut.score ?? ['?', '?'];
    return t('resignedResult', { loser: who(s.cut.resigned), winner: who(other(s.cut.resigned)), a, b });
  }
  if (s.cut?.aborted) return t('abortedResult', { who: who(s.cut.aborted) });
  if (s.cut?.left) {
    const winner = other(s.cut.left);
    if (s.online?.seat === seatOf(s, winner)) return t('leftYouWin');
    const x = s.online?.seats?.[seatOf(s, s.cut.left)];
    return t('leftResult', { leaver: `${colorName(s.cut.left)} (${x?.name ? String(x.name) : t('opponent')})`, winner: who(winner) });
  }
  // A game clock's flag (T23): the side whose time ran out loses, whatever the board says.
  if (s.lostOnTime) return t('lostOnTimeResult', { loser: who(s.lostOnTime), winner: who(other(s.lostOnTime)) });
  return rules.resultText(s, label);
}

const $ = (id) => document.getElementById(id);
const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Creates the view of `table` (see table/table.js); returns {resize(n), draw(state,
 * flags), board, grid()} (the review draws on the same board and grid).
 * @param {import('./table.js').TableController} table
 */
export function createView(table) {
  const { rules } = table.state;
  const board = createBoard(/** @type {HTMLCanvasElement} */ ($('canvas')));
  let grid = null;
  let unbind = null;
  let n = 0;
  bindTips($('tip'), [
    [$('box-dark'), () => t('boxHelp', { plural: t('darkPlural'), side: colorName('dark') })],
    [$('box-light'), () => t('boxHelp', { plural: t('lightPlural'), side: colorName('light') })],
  ]);

  /** (Re)builds the coordinates, the grid and its input for an n×n board. */
  function resize(size) {
    if (size === n) return;
    n = size;
    const frame = /** @type {HTMLElement} */ (document.querySelector('.board-frame'));
    frame.style.setProperty('--n', String(n));
    frame.dataset.n = String(n);
    const cols = frame.querySelector('.cols');
    const rows = frame.querySelector('.rows');
    cols.textContent = '';
    rows.textContent = '';
    for (let i = 0; i < n; i++) {
      cols.append(Object.assign(document.createElement('span'), { textContent: COLUMNS[i] }));
      rows.append(Object.assign(document.createElement('span'), { textContent: String(i + 1) }));
    }
    unbind?.();
    grid = createGrid($('grid'), n, { label: t('boardLabel'), describedBy: rules.describedBy });
    const middle = Math.floor((n - 1) / 2);
    grid.setCursor(middle * n + middle);
    unbind = bindInput(grid, n, {
      canAct: table.canAct,
      hover: table.hover,
      tap: table.tap,
      clear: table.clearPreview,
      cursorMoved: table.cursorMoved,
      gesture: () => sound.unlock(),
    });
    if (rules.tipSquares.length) bindTips($('tip'), rules.tipSquares.map((sq) => [grid.cells[sq], () => t('cornerHelp')]));
  }

  function draw(state, { canAct, thinking }) {
    const session = state.session;
    const s = session.snap;
    const p = state.preview;
    board.draw({
      n: s.n,
      cells: s.cells,
      hints: canAct ? rules.hints(session) : [],
      preview: p ? { squares: p.squares, color: s.side, flips: p.flips, rect: p.rect ?? null } : null,
      last: s.last,
      cursor: state.keyboard ? state.cursor : -1,
      anim: state.anim,
      // A hint: the bot's best move pencilled on its square with its value.
      values: state.hint && canAct ? [{ sq: state.hint.sq, text: state.hint.text, best: true, exact: state.hint.exact }] : [],
    });
    // Hint and Undo: a casual game of a person against the bot (not on a page without them).
    const [hintButton, undoButton] = [$('hint'), $('undo')];
    if (hintButton && undoButton) {
      const assists = Boolean(rules.assists) && table.assistsShown();
      hintButton.hidden = !assists;
      undoButton.hidden = !assists;
      /** @type {HTMLButtonElement} */ (hintButton).disabled = !canAct || Boolean(state.hint) || state.hintPending;
      const mine = s.side === 'dark' ? 'X' : 'O';
      /** @type {HTMLButtonElement} */ (undoButton).disabled = Boolean(s.clockLeft) || !canAct || !s.moves.some(([m, c]) => c === mine && m !== 'PA');
      undoButton.title = s.clockLeft ? t('error.clock-no-undo') : '';
    }
    const items = [];
    for (let sq = 0; sq < s.n * s.n; sq++) items.push(rules.gridItem(session, sq, p, canAct));
    grid.update(items);
    grid.setLabel(t('boardLabel'));
    document.body.dataset.over = String(s.over);
    document.body.dataset.thinking = String(thinking);
    document.body.dataset.ply = String(s.moves.length);
    drawPanel(
      s,
      {
        thinking,
        secondsLeft: state.secondsLeft,
        canAct,
        preview: p?.move ?? null,
        movesOpen: state.movesOpen,
        choices: state.movesOpen && canAct ? rules.choices(session, p) : [],
        seedShown: state.seedShown,
        seed: state.seedShown ? session.seedHex() : '',
        word: session.word(),
        result: s.over ? endText(s, rules) : '',
        moveText: rules.moveText,
      },
      { choose: table.choose },
    );
    const muted = sound.isMuted();
    $('mute').textContent = muted ? t('unmute') : t('mute');
    $('mute').setAttribute('aria-pressed', String(muted));
  }

  return { resize, draw, board, grid: () => grid };
}
