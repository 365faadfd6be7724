// @ts-check
// One puzzle at the table: the person previews and places (a tap previews,
// the same square again or Place places; a mouse click places; Enter twice
// by keyboard), the worker answers with the perfect replies, drawn one after
// the other; a miss plays out the refutation, which the person steps through
// (« ‹ › », ← →). What the rules decide comes from the worker
// (puzzle/worker.js); this file shows it and says it.

import { t, colorName, discs } from '../core/i18n.js';
import { say, release } from '../core/announce.js';
import { play as sound, unlock } from '../core/sound.js';
import { setupBoard, squareIndex, squareName } from './board.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The pause before each reply is drawn, so that a person sees it come. */
const REPLY_MS = 380;
/** The "thinking" line shows only for a wait longer than this: no flash. */
const THINKING_AFTER_MS = 180;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} Ended how a puzzle ended
 * @property {boolean} solved
 * @property {string[]} moves the person's moves
 * @property {import('./solver.js').Played} last the worker's last answer
 */

/**
 * Sets up the table for puzzles; `ask` is the worker's, `ended` is told
 * when a puzzle is solved or missed.
 * @param {(op: string, ...args: unknown[]) => Promise<any>} ask
 * @param {(e: Ended) => void} ended
 * @param {(error: Error & {code?: string}) => void} failed
 */
export function setupPlay(ask, ended, failed) {
  /** @type {import('./solver.js').Opened|null} */
  let puzzle = null;
  /** @type {'loading'|'play'|'thinking'|'replying'|'solved'|'missed'} */
  let phase = 'loading';
  /** @type {import('./solver.js').PositionView|null} */
  let position = null;
  let cells = '-'.repeat(64);
  let last = -1;
  /** @type {{placed: number, flips: number[], start: number}|null} */
  let anim = null;
  /** @type {{sq: number, flips: number[], color: string}|null} */
  let preview = null;
  let accepted = 0;
  /** A miss: the board before the wrong move, the plies after it, the step shown. */
  /** @type {{before: string, plies: import('./solver.js').Ply[], step: number, auto: boolean, best: number}|null} */
  let miss = null;
  let generation = 0;
  /** An illegal square's hint is on show: cleared when the position changes. */
  let hinted = false;

  /** Clears an illegal square's hint, which no longer fits the board. */
  function unhint() {
    if (hinted) say('');
    hinted = false;
  }

  const board = setupBoard({
    canAct: () => phase === 'play',
    hover(sq) {
      if (legalAt(sq)) show(sq);
      else if (preview) show(-1);
    },
    tap(sq, via) {
      release();
      const l = legalAt(sq);
      if (!l) {
        if (via !== 'mouse' || cells[sq] === '-') {
          say(t('p.illegal', { sq: squareName(sq) }));
          hinted = true;
        }
        return;
      }
      if (via === 'mouse' || preview?.sq === sq) place(sq);
      else show(sq);
    },
    clear() {
      if (preview) show(-1);
    },
    cursorMoved(sq, keyboard) {
      board.setCursor(keyboard ? sq : -1);
      draw();
    },
    gesture: unlock,
  });

  const legalAt = (sq) => (phase === 'play' ? position?.legal.find((l) => l.sq === sq) ?? null : null);

  function draw() {
    const shownCells = miss ? (miss.step === 0 ? miss.before : miss.plies[miss.step - 1].cells) : cells;
    const shownLast = miss ? (miss.step === 0 ? -1 : miss.plies[miss.step - 1].sq) : last;
    board.draw({
      cells: shownCells,
      legal: phase === 'play' && position ? position.legal : [],
      preview,
      last: shownLast,
      anim,
      // Before the wrong move, the best square is pencilled in.
      best: miss && miss.step === 0 ? miss.best : -1,
    });
    document.body.dataset.state = phase === 'replying' ? 'thinking' : phase;
    document.body.dataset.accepted = String(accepted);
    $('play-actions').hidden = phase === 'solved' || phase === 'missed';
    /** @type {HTMLButtonElement} */ ($('place')).disabled = !(phase === 'play' && preview);
    drawBoxes(miss ? stepCounts() : counts());
  }

  function counts() {
    let dark = 0;
    let light = 0;
    for (const c of cells) {
      if (c === 'X') dark++;
      else if (c === 'O') light++;
    }
    return { dark, light };
  }

  function stepCounts() {
    if (!miss || miss.step === 0) return miss ? countOf(miss.before) : counts();
    const p = miss.plies[miss.step - 1];
    return { dark: p.dark, light: p.light };
  }

  function countOf(text) {
    return { dark: [...text].filter((c) => c === 'X').length, light: [...text].filter((c) => c === 'O').length };
  }

  function drawBoxes({ dark, light }) {
    for (const color of /** @type {const} */ (['dark', 'light'])) {
      const box = $(`box-${color}`);
      const n = color === 'dark' ? dark : light;
      // Whose turn it is, while the line goes on.
      const turn = (phase === 'play' || phase === 'thinking' || phase === 'replying') && position?.side === color;
      if (turn) box.dataset.turn = 'true';
      else delete box.dataset.turn;
      const who = puzzle ? (puzzle.person === color ? t('p.you') : t('p.perfect')) : '';
      // The box's markup is the page's (puzzle.html): its words filled in, so nothing moves.
      const name = /** @type {HTMLElement} */ (box.querySelector('[data-i18n]'));
      const count = /** @type {HTMLElement} */ (box.querySelector('.count'));
      const whoEl = /** @type {HTMLElement} */ (box.querySelector('.box-who'));
      if (name.textContent !== colorName(color)) name.textContent = colorName(color);
      if (count.textContent !== String(n)) count.textContent = String(n);
      if (who && whoEl.textContent !== who) whoEl.textContent = who;
    }
  }

  /** Previews `sq` (-1: none). */
  function show(sq) {
    const l = sq >= 0 ? legalAt(sq) : null;
    preview = l && position ? { sq, flips: l.flips, color: position.side } : null;
    anim = null;
    draw();
  }

  /** Draws a ply played: its board, its square, its flips turning. */
  function drawPly(p) {
    cells = p.cells;
    last = p.sq;
    anim = p.sq >= 0 ? { placed: p.sq, flips: p.flips, start: performance.now() } : null;
    if (p.sq >= 0) {
      sound('place');
      sound('flip', p.flips.length);
    } else sound('pass');
  }

  function plyWords(p) {
    return p.sq < 0 ? t('p.replyPass', { color: colorName(p.mover) }) : t('p.reply', { color: colorName(p.mover), move: p.move });
  }

  function task() {
    const line = $('task');
    if (!puzzle || !position) {
      line.textContent = '';
      return;
    }
    if (phase === 'solved' || phase === 'missed') line.textContent = t('p.taskOver');
    else if (accepted === 0) line.textContent = t('p.task', { color: colorName(puzzle.person) });
    else line.textContent = t('p.taskMore', { color: colorName(puzzle.person), n: accepted + 1, total: puzzle.moves });
  }

  /** The person places `sq`: the worker judges it and answers. */
  async function place(sq) {
    if (phase !== 'play') return;
    const move = squareName(sq);
    const mine = ++generation;
    unhint();
    phase = 'thinking';
    draw();
    const thinking = setTimeout(() => {
      if (generation === mine && phase === 'thinking') $('thinking').hidden = false;
    }, THINKING_AFTER_MS);
    /** @type {import('./solver.js').Played} */
    let answer;
    try {
      answer = await ask('play', move);
    } catch (error) {
      clearTimeout(thinking);
      $('thinking').hidden = true;
      if (generation !== mine) return;
      phase = 'play';
      preview = null;
      draw();
      failed(/** @type {Error} */ (error));
      return;
    }
    clearTimeout(thinking);
    $('thinking').hidden = true;
    if (generation !== mine) return;
    preview = null;
    if (answer.outcome === 'missed') {
      missed(answer, cells);
      return;
    }
    accepted++;
    phase = 'replying';
    const [own, ...replies] = answer.plies;
    drawPly(own);
    draw();
    for (const r of replies) {
      await wait(REPLY_MS);
      if (generation !== mine) return;
      drawPly(r);
      draw();
    }
    if (generation !== mine) return;
    position = answer.position ?? position;
    const words = replies.map(plyWords).join(' ');
    if (answer.outcome === 'solved') {
      phase = 'solved';
      sound('end');
      draw();
      task();
      ended({ solved: true, moves: answer.moves, last: answer });
      return;
    }
    phase = 'play';
    draw();
    task();
    say(`${t('p.kept', { move, reply: words })} ${t('p.yourMove')}`);
  }

  /**
   * A miss: the wrong move on the board, and its refutation to the game's
   * end for the person to step through at their own pace (nothing moves
   * while they read what it cost).
   */
  async function missed(answer, before) {
    phase = 'missed';
    miss = { before, plies: answer.plies, step: 1, auto: false, best: squareIndex(answer.best) };
    const p = miss.plies[0];
    drawPly(p);
    draw();
    task();
    drawSteps();
    ended({ solved: false, moves: answer.moves, last: answer });
  }

  /** Shows step `k` of a miss (0: before the wrong move). */
  function go(k, { auto = false } = {}) {
    if (!miss) return;
    if (!auto) miss.auto = false;
    const step = Math.max(0, Math.min(miss.plies.length, k));
    const forward = step === miss.step + 1;
    miss.step = step;
    const p = step > 0 ? miss.plies[step - 1] : null;
    anim = forward && p && p.sq >= 0 ? { placed: p.sq, flips: p.flips, start: performance.now() } : null;
    if (forward && p) {
      if (p.sq >= 0) sound('place');
      else sound('pass');
    }
    draw();
    drawSteps();
    if (!auto) say(stepText());
  }

  /** What step the refutation is at, with where it is when `at`. */
  function stepText(at = true) {
    if (!miss) return '';
    if (miss.step === 0) {
      const best = miss.best >= 0 ? t('p.stepBest', { best: squareName(miss.best), move: miss.plies[0].move }) : '';
      return at && best ? `${t('p.stepStart')}: ${best}` : t('p.stepStart');
    }
    const p = miss.plies[miss.step - 1];
    const where = t('p.stepAt', { n: miss.step, total: miss.plies.length });
    const what = p.sq < 0 ? t('p.stepPass', { color: colorName(p.mover) }) : t('p.stepPly', { color: colorName(p.mover), move: p.move, discs: discs(p.flips.length) });
    const end = miss.step === miss.plies.length ? ` ${t('p.stepEnd', { dark: p.dark, light: p.light })}` : '';
    return at ? `${where}: ${what}${end}` : `${what}${end}`;
  }

  function drawSteps() {
    $('steps').hidden = !miss;
    if (!miss) {
      delete document.body.dataset.step;
      return;
    }
    $('step-at').textContent = miss.step === 0 ? t('p.stepStart') : t('p.stepAt', { n: miss.step, total: miss.plies.length });
    $('step-move').textContent =
      miss.step > 0 ? stepText(false) : miss.best >= 0 ? t('p.stepBest', { best: squareName(miss.best), move: miss.plies[0].move }) : '';
    /** @type {HTMLButtonElement} */ ($('step-first')).disabled = miss.step === 0;
    /** @type {HTMLButtonElement} */ ($('step-back')).disabled = miss.step === 0;
    /** @type {HTMLButtonElement} */ ($('step-forward')).disabled = miss.step === miss.plies.length;
    /** @type {HTMLButtonElement} */ ($('step-last')).disabled = miss.step === miss.plies.length;
    document.body.dataset.step = `${miss.step}/${miss.plies.length}`;
  }

  $('place').addEventListener('click', () => {
    if (preview) place(preview.sq);
  });
  $('step-first').addEventListener('click', () => go(0));
  $('step-back').addEventListener('click', () => go((miss?.step ?? 0) - 1));
  $('step-forward').addEventListener('click', () => go((miss?.step ?? 0) + 1));
  $('step-last').addEventListener('click', () => go(miss?.plies.length ?? 0));
  // After a miss, ← and → step through the refutation wherever the focus is
  // (the board takes no moves then), but in a form control.
  document.addEventListener(
    'keydown',
    (e) => {
      if (!miss || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof HTMLElement && e.target.closest('input, select, textarea')) return;
      const k = { ArrowLeft: miss.step - 1, ArrowRight: miss.step + 1, Home: 0, End: miss.plies.length }[e.key];
      if (k === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      go(k);
    },
    true,
  );

  return {
    /**
     * Opens a puzzle the worker has opened.
     * @param {import('./solver.js').Opened} opened
     */
    start(opened) {
      generation++;
      hinted = false;
      puzzle = opened;
      position = opened.position;
      cells = opened.position.cells;
      last = -1;
      anim = null;
      preview = null;
      accepted = 0;
      miss = null;
      phase = 'play';
      document.body.dataset.puzzle = opened.id;
      drawSteps();
      draw();
      task();
      say(() => t(window.matchMedia?.('(pointer: coarse)').matches ? 'p.howToTouch' : 'p.howTo'));
    },
    /** The words again, in the language now chosen. */
    redraw() {
      draw();
      task();
      drawSteps();
    },
    /** Loading another puzzle: nothing to play meanwhile. */
    loading() {
      generation++;
      unhint();
      phase = 'loading';
      preview = null;
      miss = null;
      drawSteps();
      draw();
    },
  };
}
