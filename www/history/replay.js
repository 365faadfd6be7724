// @ts-check
// The history's replay: one game's positions (from the engine's
// `replayGame`, crate::replay) drawn step by step on the table's canvas
// board and its accessible grid, with « ‹ › » buttons, ← → Home End, a
// swipe, and the move list (the table's time-out moves and the passes
// marked). Nothing here applies a rule: every position and every flip comes
// from Rust.

import { createBoard } from '../board/render.js';
import { createGrid } from '../board/grid.js';
import { t, colorName } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { onSwipe } from '../board/swipe.js';
import { resultText } from './list.js';

const $ = (id) => document.getElementById(id);

/**
 * `d3` for cell `sq` on an n×n board (column letter, then row from 1 at the top).
 * @param {number} sq
 * @param {number} n
 * @returns {string}
 */
export function cellName(sq, n) {
  return `${String.fromCharCode(97 + (sq % n))}${Math.floor(sq / n) + 1}`;
}

/**
 * The words for step `k` of `game`: "12. Dark f5, 3 turned over (placed by the table…)".
 * @param {import('../bot/engine.js').ReplayStep} s
 * @param {number} k
 * @returns {string}
 */
export function stepWords(s, k) {
  const color = colorName(s.mover ?? 'dark');
  let text;
  if (s.pass) text = t('h.pass', { n: k, color });
  else if (s.swap) text = t('h.swap', { n: k, color });
  else if (s.flipped.length) text = t('h.playedFlips', { n: k, color, move: s.move, flips: s.flipped.length });
  else text = t('h.played', { n: k, color, move: s.move });
  return s.byTable ? `${text} ${t('h.byTable')}` : text;
}

/**
 * Sets up the replay view (history.html's #replay); returns {show(game), hide(), go(k), active()}.
 */
export function setupReplay() {
  const board = createBoard(/** @type {HTMLCanvasElement} */ ($('canvas')));
  /** @type {import('../board/grid.js').Grid|null} */
  let grid = null;
  let gridSize = 0;
  /** @type {import('../bot/engine.js').Replay|null} */
  let game = null;
  let step = 0;

  const total = () => (game ? game.steps.length - 1 : 0);
  const active = () => game !== null;

  function coords(n) {
    const cols = /** @type {HTMLElement} */ (document.querySelector('.coords.cols'));
    const rows = /** @type {HTMLElement} */ (document.querySelector('.coords.rows'));
    cols.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    rows.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    cols.textContent = '';
    rows.textContent = '';
    for (let i = 0; i < n; i++) {
      const c = document.createElement('span');
      c.textContent = String.fromCharCode(97 + i);
      cols.append(c);
      const r = document.createElement('span');
      r.textContent = String(i + 1);
      rows.append(r);
    }
  }

  /**
   * Opens `g` at step `at` (default: the end).
   * @param {import('../bot/engine.js').Replay} g
   * @param {number} [at]
   */
  function show(g, at) {
    game = g;
    if (gridSize !== g.size) {
      grid = createGrid(/** @type {HTMLElement} */ ($('grid')), g.size, { label: t('h.boardLabel'), describedBy: () => null });
      gridSize = g.size;
      coords(g.size);
    }
    buildMoves();
    $('replay').hidden = false;
    $('replay-nav').hidden = false;
    document.body.dataset.replay = 'open';
    go(at ?? total(), { quiet: true });
  }

  function hide() {
    game = null;
    $('replay').hidden = true;
    $('replay-nav').hidden = true;
    delete document.body.dataset.replay;
    delete document.body.dataset.replayStep;
  }

  /** Shows the position after `k` plies. */
  function go(k, { quiet = false } = {}) {
    if (!game) return;
    step = Math.max(0, Math.min(total(), k));
    draw();
    if (!quiet) say(stepText());
  }

  function stepText() {
    if (!game) return '';
    const s = game.steps[step];
    const where = step === 0 ? t('h.stepStart', { total: total() }) : t('h.step', { n: step, total: total() });
    return step === 0 ? where : `${where}: ${stepWords(s, step)}`;
  }

  function draw() {
    if (!game || !grid) return;
    const n = game.size;
    const s = game.steps[step];
    board.draw({
      n,
      cells: s.cells,
      hints: [],
      // The discs the step turned over get the table's preview rings (and a capture its outline).
      preview: s.flipped.length || s.rect ? { squares: [], color: s.mover ?? 'dark', flips: s.flipped, rect: s.rect } : null,
      last: s.placed,
      cursor: -1,
      anim: null,
    });
    const flipped = new Set(s.flipped);
    const items = [];
    for (let sq = 0; sq < n * n; sq++) {
      const c = s.cells[sq];
      const parts = [cellName(sq, n), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
      if (sq === s.placed) parts.push(t('h.sqPlaced'));
      if (flipped.has(sq)) parts.push(t('h.sqFlipped'));
      items.push({
        name: parts.join(', '),
        data: {
          disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
          placed: sq === s.placed,
          flipped: flipped.has(sq),
        },
      });
    }
    grid.update(items);
    grid.setLabel(t('h.boardLabel'));
    document.body.dataset.replayStep = String(step);
    $('replay-step').textContent = step === 0 ? t('h.stepStart', { total: total() }) : t('h.step', { n: step, total: total() });
    $('replay-move').textContent = step === 0 ? '' : stepWords(s, step);
    $('replay-move').dataset.byTable = String(s.byTable);
    $('replay-state').textContent = s.toMove ? t('h.toMove', { color: colorName(s.toMove) }) : t('h.over', { result: game.end ? resultText(game.end) : '' });
    for (const [id, off] of [['replay-first', step === 0], ['replay-prev', step === 0], ['replay-next', step === total()], ['replay-last', step === total()]]) {
      /** @type {HTMLButtonElement} */ ($(String(id))).disabled = Boolean(off);
    }
    const ol = $('replay-moves');
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (ol.querySelectorAll('button'))) {
      if (Number(b.dataset.step) !== step) {
        b.removeAttribute('aria-current');
        continue;
      }
      b.setAttribute('aria-current', 'step');
      // The current move kept in sight inside the list (the page itself does not scroll).
      const top = /** @type {HTMLElement} */ (b.parentElement).offsetTop;
      if (top < ol.scrollTop || top + b.offsetHeight > ol.scrollTop + ol.clientHeight) {
        ol.scrollTop = top - (ol.clientHeight - b.offsetHeight) / 2;
      }
    }
  }

  function buildMoves() {
    const ol = $('replay-moves');
    ol.textContent = '';
    game?.steps.forEach((s, k) => {
      if (k === 0) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.step = String(k);
      b.className = s.mover ?? '';
      if (s.byTable) b.dataset.byTable = 'true';
      if (s.pass) b.dataset.pass = 'true';
      b.textContent = `${s.byTable ? '*' : ''}${s.pass ? '—' : s.move}`;
      b.setAttribute('aria-label', stepWords(s, k));
      b.addEventListener('click', () => go(k));
      li.append(b);
      ol.append(li);
    });
  }

  $('replay-first').addEventListener('click', () => go(0));
  $('replay-prev').addEventListener('click', () => go(step - 1));
  $('replay-next').addEventListener('click', () => go(step + 1));
  $('replay-last').addEventListener('click', () => go(total()));
  document.addEventListener('keydown', (e) => {
    if (!game || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/** @type {Element} */ (e.target).closest?.('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') go(step - 1);
    else if (e.key === 'ArrowRight') go(step + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total());
    else return;
    e.preventDefault();
  });
  onSwipe(/** @type {Element} */ (document.querySelector('.board')), active, (d) => go(step + d));

  return {
    show,
    hide,
    go,
    active,
    redraw: () => {
      if (game) {
        buildMoves();
        draw();
      }
    },
    step: () => step,
  };
}
