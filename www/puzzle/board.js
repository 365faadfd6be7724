// @ts-check
// The puzzle's board: the table's canvas drawing (board/render.js), its
// accessible grid (board/grid.js) and its input (board/input.js), drawn from
// what the puzzle worker said (cells, legal squares and their flips, the
// plies played). Nothing here applies a rule: every disc and every flip
// comes from Rust.

import { createBoard } from '../board/render.js';
import { createGrid } from '../board/grid.js';
import { bindInput } from '../board/input.js';
import { t, discs } from '../core/i18n.js';

const N = 8;
const CORNERS = new Set([0, 7, 56, 63]);

/**
 * `d3` for square `sq`.
 * @param {number} sq
 */
export const squareName = (sq) => `${String.fromCharCode(97 + (sq % N))}${Math.floor(sq / N) + 1}`;

/**
 * The square `d3` names (its inverse), -1 for none.
 * @param {string|null|undefined} name
 */
export const squareIndex = (name) => (/^[a-h][1-8]$/.test(name ?? '') ? (String(name).charCodeAt(0) - 97) + N * (Number(String(name)[1]) - 1) : -1);

/**
 * @typedef {object} BoardState what the board shows
 * @property {string} cells 64 of `X`, `O`, `-`
 * @property {import('./solver.js').Legal[]} legal the squares the person may play now (none while not their turn)
 * @property {{sq: number, flips: number[], color: string}|null} preview
 * @property {number} last
 * @property {{placed: number, flips: number[], start: number}|null} anim
 * @property {number} [best] a square pencilled as the best move (a miss, before it)
 */

/**
 * Sets up the board in the page; `act` gets the gestures (board/input.js).
 * @param {import('../board/input.js').InputActions} act
 */
export function setupBoard(act) {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('canvas'));
  const board = createBoard(canvas);
  const grid = createGrid(/** @type {HTMLElement} */ (document.getElementById('grid')), N, { label: t('p.boardLabel'), describedBy: () => null });
  const cols = /** @type {HTMLElement} */ (document.querySelector('.coords.cols'));
  const rows = /** @type {HTMLElement} */ (document.querySelector('.coords.rows'));
  for (let i = 0; i < N; i++) {
    const c = document.createElement('span');
    c.textContent = String.fromCharCode(97 + i);
    cols.append(c);
    const r = document.createElement('span');
    r.textContent = String(i + 1);
    rows.append(r);
  }
  bindInput(grid, N, act);
  let cursor = -1;

  /**
   * Draws `s` on the canvas and names every square in the grid.
   * @param {BoardState} s
   */
  function draw(s) {
    const legal = new Map(s.legal.map((l) => [l.sq, l.flips.length]));
    const flips = new Set(s.preview?.flips ?? []);
    board.draw({
      n: N,
      cells: s.cells,
      hints: s.legal.map((l) => l.sq),
      preview: s.preview ? { squares: [s.preview.sq], color: s.preview.color, flips: s.preview.flips, rect: null } : null,
      last: s.last,
      cursor,
      anim: s.anim,
      values: s.best !== undefined && s.best >= 0 ? [{ sq: s.best, text: '!', best: true }] : [],
    });
    grid.setLabel(t('p.boardLabel'));
    grid.update(
      [...s.cells].map((c, sq) => {
        const parts = [squareName(sq), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
        if (legal.has(sq)) parts.push(t('sqLegal', { discs: discs(/** @type {number} */ (legal.get(sq))) }));
        if (s.preview?.sq === sq) parts.push(t('sqPreview'));
        if (flips.has(sq)) parts.push(t('sqWouldFlip'));
        if (s.last === sq) parts.push(t('sqLast'));
        if (s.best === sq) parts.push(t('p.sqBest'));
        if (CORNERS.has(sq)) parts.push(t('sqCorner'));
        return {
          name: parts.join(', '),
          data: {
            disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
            hint: legal.has(sq),
            preview: s.preview?.sq === sq,
            wouldFlip: flips.has(sq),
            last: s.last === sq,
            best: s.best === sq,
          },
        };
      }),
    );
  }

  return {
    draw,
    /** @param {number} sq the keyboard's cursor (-1: none) */
    setCursor(sq) {
      cursor = sq;
    },
  };
}
