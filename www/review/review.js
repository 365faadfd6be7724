// @ts-check
// The review of a finished Othello game (a game just played, one of the last
// finished ones, or a pasted record, transcript or GGF game): step through it
// with the bot's view of every position. The bots' engine reads the game
// (bot/engine.js `readGame`); the analysis runs in workers of bot/worker.js
// — one deepening the position on the board (on several threads over one
// memory where the page is cross-origin isolated and the cores allow,
// `focusThreads`), and one or more sweeping the whole game for the graph
// and the summary, as many as the device's cores allow (`sweepers`) — so
// the page never waits on it.
// Drawn on the table's canvas and grid; the words are review/words.js's.
// (Nabucodonosor has no review yet.) The page loads this module, and the
// bots' engine, on first use (games/othello/main.js): none of it is needed for the board.

import { squareName, squareIndex } from '../games/engine.js';
import { ready, readGame } from '../bot/engine.js';
import { t, colorName, discs, addWords, translatePage } from '../core/i18n.js';
import { REVIEW_WORDS } from './words.js';
import { say } from '../core/announce.js';
import { loadFinished } from '../core/finished.js';
import { drawGraph } from './graph.js';
import { onSwipe } from '../board/swipe.js';

const $ = (id) => document.getElementById(id);
const WORKER = new URL('../bot/worker.js', import.meta.url);

/** A move that loses this many discs or more against the best is a mistake. */
export const MISTAKE_DISCS = 6;
// The sweep over the whole game stops at this depth, or solves exactly from
// SWEEP_EXACT empties; the position on the board goes on deepening.
const SWEEP_DEPTH = 6;
const SWEEP_EXACT = 16;
/** The most workers sweeping the game at once. */
const SWEEPERS_MAX = 3;

/**
 * How many workers sweep the game: one a core beyond the two the page and
 * the board's analysis keep, at least one and at most SWEEPERS_MAX (each
 * sweeps positions of its own, so where there are the cores, three fill
 * the graph about three times as fast as one).
 * @param {number | undefined} cores navigator.hardwareConcurrency
 */
export function sweepers(cores) {
  return Math.max(1, Math.min(SWEEPERS_MAX, (cores || 1) - 2));
}

/** The most threads deepening the position on the board. */
const FOCUS_THREADS_MAX = 4;

/**
 * How many threads deepen the position on the board where the page is
 * cross-origin isolated: the cores left by the page and the sweepers, at
 * least one (its worker alone) and at most FOCUS_THREADS_MAX; on more than
 * one, the worker's helpers share its tables over one memory
 * (bot/team.js `teamAnalysis`). Where the page is not isolated, one.
 * @param {number | undefined} cores navigator.hardwareConcurrency
 */
export function focusThreads(cores) {
  const left = Math.floor(cores || 1) - 1 - sweepers(cores);
  return Math.max(1, Math.min(FOCUS_THREADS_MAX, left));
}

/** "+4", "-2", "0": a value in discs, rounded, signed (ASCII, for names). */
export function signed(v) {
  const r = Math.round(v);
  return r > 0 ? `+${r}` : String(r);
}

/** The same for the eye: "+4", "−2" (a true minus sign). */
function shown(v) {
  return signed(v).replace('-', '−');
}

/**
 * A worker that analyses one position at a time; a new one cancels the
 * last. On `threads` threads where the page is cross-origin isolated.
 */
function analyst(onReport, threads = 1) {
  let worker = null;
  let id = 0;
  let at = -1;
  return {
    analyse(k, ply) {
      if (!worker) {
        worker = new Worker(WORKER, { type: 'module' });
        worker.onmessage = (e) => {
          const m = e.data;
          if (m.id === id && m.type === 'analysis') onReport(at, m.report);
        };
      }
      id += 1;
      at = k;
      worker.postMessage({ type: 'analyse', id, dark: ply.dark, light: ply.light, darkToMove: ply.darkToMove, threads });
    },
    at: () => at,
    stop() {
      id += 1;
      at = -1;
      worker?.postMessage({ type: 'stop' });
    },
  };
}

/** Whether `next` knows more than `old`. */
function better(old, next) {
  if (!old) return true;
  if (old.exact) return false;
  return next.exact || next.depth >= old.depth;
}

/**
 * Loads the bots' engine (it reads the game), then sets up the review on
 * `table` (table/table.js) and its view; resolves to {open(text), close(),
 * active(), draw(view), go(step), listFinished()}. The page binds the three
 * ways in (the Review button, Review it, the list of finished games).
 */
export async function setupReview(table) {
  // The review's own words come with it; table/words.js has the few shown before.
  addWords(REVIEW_WORDS);
  translatePage(/** @type {HTMLElement} */ (document.getElementById('review')));
  await ready();
  const r = {
    plies: null, // from readGame
    step: 0, // positions after this many moves
    reports: [],
  };
  const focus = analyst((k, report) => {
    if (better(r.reports[k], report)) r.reports[k] = report;
    // How many helper workers shared the board's last step (for the tests).
    document.body.dataset.reviewHelpers = String(report.helpers ?? 0);
    redraw();
  }, crossOriginIsolated ? focusThreads(navigator.hardwareConcurrency) : 1);
  /** @type {ReturnType<typeof analyst>[]} */
  const sweeps = [];
  for (let i = 0; i < sweepers(navigator.hardwareConcurrency); i++) {
    const sweep = analyst((k, report) => {
      if (better(r.reports[k], report)) r.reports[k] = report;
      if (swept(report)) sweepNext(sweep, k + 1);
      redraw(k === r.step);
    });
    sweeps.push(sweep);
  }

  /** Whether the sweep is done with a position analysed as far as `rep`. */
  function swept(rep) {
    return Boolean(rep && (rep.done || rep.exact || (rep.depth >= SWEEP_DEPTH && rep.empties > SWEEP_EXACT)));
  }

  const total = () => r.plies.length - 1;
  const active = () => r.plies !== null;

  /** Whether the board's analysis or another sweeper has position k now. */
  function taken(k) {
    return k === focus.at() || sweeps.some((s) => s.at() === k);
  }

  /**
   * Has `sweep` sweep the next position from `from` on that is not yet
   * swept, going round to the start: a position skipped while the board's
   * analysis had it, and left before that analysis said anything, is swept
   * later. Skips the positions others have now; stops when none is left.
   */
  function sweepNext(sweep, from) {
    const n = r.plies.length;
    for (let i = 0; i < n; i++) {
      const k = (from + i) % n;
      if (r.plies[k].legal.length === 0 || swept(r.reports[k]) || taken(k)) continue;
      sweep.analyse(k, r.plies[k]);
      return;
    }
    sweep.stop();
  }

  /** Dark's view of position k, in discs (null while unknown). */
  function evalDark(k) {
    const ply = r.plies[k];
    if (!ply) return null;
    if (ply.end !== null) return ply.end;
    if (ply.legal.length === 0) return evalDark(k + 1);
    const best = r.reports[k]?.moves[0];
    if (!best) return null;
    return ply.darkToMove ? best.v : -best.v;
  }

  /** Move s (1…total): who, square, loss and best, from position s − 1's analysis. */
  function moveInfo(s) {
    const ply = r.plies[s - 1];
    const color = ply.darkToMove ? 'dark' : 'light';
    const info = { n: s, color, move: ply.move, pass: ply.move === 'PA' };
    if (info.pass) return info;
    const rep = r.reports[s - 1];
    const best = rep?.moves[0];
    const played = rep?.moves.find((m) => m.sq === squareIndex(ply.move));
    if (best && played) {
      info.best = squareName(best.sq);
      info.value = played.v;
      info.loss = Math.max(0, Math.round(best.v) - Math.round(played.v));
    }
    return info;
  }

  function mistakes() {
    const out = [];
    for (let s = 1; s <= total(); s++) {
      const m = moveInfo(s);
      if (m.loss >= MISTAKE_DISCS) out.push(m);
    }
    return out;
  }

  function open(text) {
    let game;
    try {
      game = readGame(text);
    } catch (e) {
      const msg = e?.message ?? String(e);
      say(() => t('reviewCannot', { msg }));
      return false;
    }
    r.plies = game.plies;
    r.reports = [];
    table.state.review = r;
    table.state.preview = null;
    document.body.classList.add('reviewing');
    document.body.dataset.review = 'true';
    $('review').hidden = false;
    buildMoveList();
    go(total(), { quiet: true });
    const n = total();
    say(() => t('reviewOpened', { total: n }));
    $('review-back').focus();
    return true;
  }

  function close() {
    if (!active()) return;
    focus.stop();
    for (const sweep of sweeps) sweep.stop();
    r.plies = null;
    r.reports = [];
    table.state.review = null;
    document.body.classList.remove('reviewing');
    delete document.body.dataset.review;
    delete document.body.dataset.reviewStep;
    delete document.body.dataset.reviewSide;
    delete document.body.dataset.reviewHelpers;
    $('review').hidden = true;
    table.update();
    $('review-open').focus();
  }

  /** Shows the position after `s` moves and analyses it. */
  function go(s, { quiet = false } = {}) {
    if (!active()) return;
    r.step = Math.max(0, Math.min(total(), s));
    document.body.dataset.reviewStep = String(r.step);
    const ply = r.plies[r.step];
    if (ply.legal.length && !r.reports[r.step]?.done) focus.analyse(r.step, ply);
    else focus.stop();
    // An idle sweeper takes up what the board's analysis left.
    for (const sweep of sweeps) if (sweep.at() < 0) sweepNext(sweep, 0);
    table.update();
    if (!quiet) say(stepText());
  }

  function stepText() {
    if (r.step === 0) return t('reviewStart');
    return moveText(moveInfo(r.step));
  }

  function moveText(m) {
    const color = colorName(m.color);
    if (m.pass) return t('reviewPlayedPass', { n: m.n, color });
    if (m.loss === undefined) return t('reviewWaiting', { n: m.n, color, sq: m.move });
    if (m.loss === 0) return t('reviewPlayedBest', { n: m.n, color, sq: m.move, value: shown(m.value) });
    return t('reviewPlayed', { n: m.n, color, sq: m.move, loss: shown(-m.loss), best: m.best });
  }

  // ---------------------------------------------------------------- drawing

  let pending = 0;
  let board = false;
  /**
   * Draws again at the next frame, once however many reports came: the
   * whole table when a report is about the position on the board
   * (`onBoard`), else only the panel (the graph, the summary, the move's
   * line), which is all another position's report changes.
   */
  function redraw(onBoard = true) {
    board ||= onBoard;
    if (!pending) pending = requestAnimationFrame(() => {
      pending = 0;
      const whole = board;
      board = false;
      if (!active()) return;
      if (whole) table.update();
      else drawPanel(r.plies[r.step], r.plies[r.step].legal.length ? r.reports[r.step] : null);
    });
  }

  /** The board, grid and panel for the current step (called by table.update). */
  function draw(view) {
    const ply = r.plies[r.step];
    const rep = ply.legal.length ? r.reports[r.step] : null;
    const values = new Map((rep?.moves ?? []).map((m) => [m.sq, m]));
    const bestSq = rep?.moves[0]?.sq ?? -1;
    const prev = r.step > 0 ? r.plies[r.step - 1].move : null;
    const last = prev && prev !== 'PA' ? squareIndex(prev) : -1;
    view.board.draw({
      n: 8,
      cells: ply.cells,
      hints: Array.from(ply.legal).filter((sq) => !values.has(sq)),
      preview: null,
      last,
      cursor: table.state.keyboard ? table.state.cursor : -1,
      anim: null,
      values: [...values.values()].map((m) => ({ sq: m.sq, text: shown(m.v), best: m.sq === bestSq, exact: m.exact })),
    });
    const legal = new Set(ply.legal);
    const items = [];
    for (let sq = 0; sq < 64; sq++) {
      const c = ply.cells[sq];
      const parts = [squareName(sq), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
      const m = values.get(sq);
      if (legal.has(sq)) {
        parts.push(t('sqLegalShort'));
        if (m) parts.push(signed(m.v));
        if (sq === bestSq) parts.push(t('sqBest'));
      }
      if (sq === last) parts.push(t('sqLast'));
      items.push({
        name: parts.join(', '),
        data: {
          disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
          legal: legal.has(sq) ? 'true' : null,
          value: m ? signed(m.v) : null,
          exact: m?.exact ?? null,
          best: sq === bestSq,
          hint: legal.has(sq) && !m,
          preview: null,
          wouldFlip: null,
          last: sq === last,
        },
      });
    }
    view.grid().update(items);
    document.body.dataset.reviewStep = String(r.step);
    document.body.dataset.reviewSide = ply.darkToMove ? 'dark' : 'light';
    drawPanel(ply, rep);
  }

  function drawPanel(ply, rep) {
    $('review-ply').textContent = r.step === 0 ? t('reviewPlyStart', { total: total() }) : t('reviewPly', { n: r.step, total: total() });
    /** @type {HTMLButtonElement} */ ($('review-back')).disabled = r.step === 0;
    /** @type {HTMLButtonElement} */ ($('review-first')).disabled = r.step === 0;
    /** @type {HTMLButtonElement} */ ($('review-forward')).disabled = r.step === total();
    /** @type {HTMLButtonElement} */ ($('review-last')).disabled = r.step === total();
    $('review-move').textContent = r.step === 0 ? t('reviewStart') : moveText(moveInfo(r.step));
    const m = r.step > 0 ? moveInfo(r.step) : null;
    $('review-move').dataset.loss = m?.loss === undefined ? '' : String(m.loss);
    $('review-move').dataset.mistake = String(m?.loss >= MISTAKE_DISCS);
    let depth = '';
    if (ply.end !== null) depth = t('reviewOver', { result: `${colorName('dark')} ${ply.cells.split('X').length - 1}, ${colorName('light')} ${ply.cells.split('O').length - 1}` });
    else if (rep?.exact) depth = t('reviewExact');
    else if (rep) depth = t('reviewDepth', { depth: rep.depth });
    else if (ply.legal.length) depth = t('reviewThinking');
    $('review-depth').textContent = depth;
    $('review-line').textContent = rep?.line.length ? t('reviewLine', { line: rep.line.join(' ') }) : '';
    const list = mistakes();
    drawGraph($('review-graph'), {
      values: Array.from({ length: total() + 1 }, (_, k) => evalDark(k)),
      step: r.step,
      mistakes: new Set(list.map((x) => x.n)),
      go,
    });
    const ol = $('review-mistakes');
    ol.textContent = '';
    for (const x of list) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.textContent = t('reviewMistake', { n: x.n, color: colorName(x.color), sq: x.move, loss: shown(-x.loss), best: x.best });
      b.addEventListener('click', () => go(x.n));
      li.append(b);
      ol.append(li);
    }
    $('review-no-mistakes').hidden = list.length > 0;
    const summary = $('review-summary');
    summary.textContent = '';
    for (const color of ['dark', 'light']) {
      const mine = [];
      let lost = 0;
      for (let s = 1; s <= total(); s++) {
        const x = moveInfo(s);
        if (x.color !== color || !x.loss) continue;
        lost += x.loss;
        mine.push(x);
      }
      mine.sort((a, b) => b.loss - a.loss || a.n - b.n);
      const top = mine.slice(0, 3).map((x) => `${x.n}. ${x.move} ${shown(-x.loss)}`).join(', ');
      const p = document.createElement('p');
      p.dataset.color = color;
      p.dataset.loss = String(lost);
      p.textContent = `${t('reviewSideLoss', { color: colorName(color), loss: discs(lost) })}; ${t('reviewBiggest', { list: top || t('reviewNone') })}`;
      summary.append(p);
    }
    for (const b of $('review-moves').querySelectorAll('button')) {
      const on = Number(b.dataset.step) === r.step;
      if (on) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }

  function buildMoveList() {
    const ol = $('review-moves');
    ol.textContent = '';
    for (let s = 1; s <= total(); s++) {
      const ply = r.plies[s - 1];
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.step = String(s);
      b.className = ply.darkToMove ? 'dark' : 'light';
      b.textContent = ply.move === 'PA' ? '—' : ply.move;
      b.addEventListener('click', () => go(s));
      li.append(b);
      ol.append(li);
    }
  }

  // ---------------------------------------------------------------- input

  $('review-back').addEventListener('click', () => go(r.step - 1));
  $('review-forward').addEventListener('click', () => go(r.step + 1));
  $('review-first').addEventListener('click', () => go(0));
  $('review-last').addEventListener('click', () => go(total()));
  $('review-close').addEventListener('click', close);

  document.addEventListener('keydown', (e) => {
    if (!active() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/** @type {Element} */ (e.target).closest?.('#grid, input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') go(r.step - 1);
    else if (e.key === 'ArrowRight') go(r.step + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total());
    else if (e.key === 'Escape') close();
    else return;
    e.preventDefault();
  });

  // A swipe across the board steps (left: forward, right: back).
  onSwipe(document.querySelector('.board'), active, (d) => go(r.step + d));

  function listFinished() {
    const ul = $('review-finished');
    ul.textContent = '';
    // The last 50 (the history, history.html, holds them all).
    loadFinished().slice(0, 50).forEach((text, i) => {
      const result = /^result: (.*)$/m.exec(text)?.[1] ?? '';
      // A match record (V1) is reviewed game by game: each is remembered too.
      if (!/^game: othello/m.test(text) || /^virada-match/.test(text)) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.textContent = t('reviewFinishedItem', { n: i + 1, result });
      b.addEventListener('click', () => open(text));
      li.append(b);
      ul.append(li);
    });
    $('review-finished-title').hidden = ul.childElementCount === 0;
  }

  return { open, close, active, draw, go, listFinished };
}
