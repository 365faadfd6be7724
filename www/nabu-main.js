// The Nabucodonosor page: state → render, input → engine → state. Every rule
// is the engine's; this file draws, listens and asks.

import {
  ready, NabuGame, newSeed, fingerprintOf, verifyRecord, cellName, rectOf, words,
} from './nabu-engine.js';
import { setLanguage, language, t } from './nabu-text.js';

const BOT_LEVEL = 2;
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

const state = {
  size: 8,
  seats: 'people',
  seed: '',
  chosenSeed: false,
  game: null,
  preview: null, // { kind: 'place', cell } | { kind: 'capture', rects, k, anchor }
  focus: 0,
  message: '',
  botBusy: false,
  clock: 0, // seconds a turn, 0 = off
  deadline: 0,
  timer: 0,
};

function colorName(letter) {
  return t(letter === 'X' ? 'dark' : 'light');
}

function isBotSeat(seat) {
  return state.seats === 'bot' && seat === 1;
}

function humanTurn() {
  const g = state.game;
  return g && !g.outcome() && !isBotSeat(g.seat_to_move()) && !state.botBusy;
}

/** The cells of a capture "c3:e4" as indices. */
function rectCells(text) {
  const n = state.size;
  const r = rectOf(text, n);
  if (!r) return [];
  const out = [];
  for (let row = r.top; row <= r.bottom; row += 1) {
    for (let col = r.left; col <= r.right; col += 1) out.push(row * n + col);
  }
  return out;
}

function captureWords(text) {
  const [from, to] = text.split(':');
  const n = rectCells(text).length;
  return { from, to, n, discs: t(n === 1 ? 'disc' : 'discs') };
}

// ---------------------------------------------------------------- board

function buildBoard() {
  const board = $('nabu-board');
  board.replaceChildren();
  board.style.setProperty('--n', state.size);
  board.setAttribute('aria-label', t('board'));
  for (let row = 0; row < state.size; row += 1) {
    const tr = document.createElement('div');
    tr.setAttribute('role', 'row');
    for (let col = 0; col < state.size; col += 1) {
      const index = row * state.size + col;
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'nabu-cell';
      cell.setAttribute('role', 'gridcell');
      cell.dataset.index = String(index);
      cell.dataset.cell = cellName(index, state.size);
      cell.style.gridRow = String(row + 1);
      cell.style.gridColumn = String(col + 1);
      const disc = document.createElement('span');
      disc.className = 'disc';
      disc.setAttribute('aria-hidden', 'true');
      cell.append(disc);
      tr.append(cell);
    }
    board.append(tr);
  }
  const outline = document.createElement('div');
  outline.className = 'nabu-outline';
  outline.id = 'nabu-outline';
  outline.hidden = true;
  board.append(outline);
}

function previewRect() {
  const p = state.preview;
  return p && p.kind === 'capture' ? p.rects[p.k] : null;
}

function render() {
  const g = state.game;
  if (!g) return;
  const n = state.size;
  const cells = g.cells();
  const over = Boolean(g.outcome());
  const human = humanTurn();
  const placements = new Set(human ? Array.from(g.placements()) : []);
  const captures = human ? words(g.captures()) : [];
  const inCapture = new Set(captures.flatMap(rectCells));
  const rect = previewRect();
  const rings = new Set(rect ? rectCells(rect) : []);
  const placeCell = state.preview?.kind === 'place' ? state.preview.cell : -1;

  for (const el of $('nabu-board').querySelectorAll('.nabu-cell')) {
    const i = Number(el.dataset.index);
    const c = cells[i];
    el.classList.toggle('dark', c === 'X');
    el.classList.toggle('light', c === 'O');
    el.classList.toggle('dot', placements.has(i));
    el.classList.toggle('preview-place', i === placeCell);
    el.classList.toggle('ring', rings.has(i));
    el.tabIndex = i === state.focus ? 0 : -1;
    const parts = [el.dataset.cell];
    parts.push(c === 'X' ? t('darkDisc') : c === 'O' ? t('lightDisc') : t('empty'));
    if (placements.has(i)) parts.push(t('legal'));
    if (inCapture.has(i)) parts.push(t('inCapture'));
    if (rings.has(i)) parts.push(t('flips'));
    el.setAttribute('aria-label', parts.join(', '));
  }
  const outline = $('nabu-outline');
  const r = rect ? rectOf(rect, n) : null;
  outline.hidden = !r;
  if (r) {
    outline.style.gridRow = `${r.top + 1} / ${r.bottom + 2}`;
    outline.style.gridColumn = `${r.left + 1} / ${r.right + 2}`;
  }

  const toMove = g.to_move();
  const seat = g.seat_to_move();
  const who = isBotSeat(seat) ? t('seatBot') : t(seat === 0 ? 'seatYou' : 'seatOther');
  $('turn-line').textContent = over ? '' : `${t('toMove', { color: colorName(toMove) })} (${who})`;
  const [dark, light] = Array.from(g.counts());
  $('counts').textContent = t('counts', { dark, light });
  $('status').textContent = state.message;
  $('place').disabled = !state.preview || !human;
  $('swap').hidden = !(human && g.can_swap());
  renderMoves(human, placements, captures);
  renderFair(over);
}

function renderMoves(human, placements, captures) {
  const list = $('moves-list');
  list.replaceChildren();
  if (!human) return;
  const items = [];
  for (const i of placements) {
    items.push([t('placeItem', { cell: cellName(i, state.size) }), () => previewPlace(i)]);
  }
  for (const c of captures) {
    items.push([t('captureItem', captureWords(c)), () => previewCapture([c], rectCells(c)[0])]);
  }
  if (state.game.can_swap()) items.push([t('swapItem'), () => play('swap')]);
  for (const [label, action] of items) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', action);
    li.append(b);
    list.append(li);
  }
}

function renderFair(over) {
  const g = state.game;
  $('fingerprint').textContent = fingerprintOf(state.seed);
  $('seed').textContent = over ? state.seed : t('hidden');
  const seat = g.dark_seat() === 0 ? t('seatYou') : t('seatOther');
  $('dark-seat').textContent = over ? t('darkSeat', { seat }) : '';
  $('record').textContent = g.record(over);
  $('result').hidden = !over;
  if (!over) return;
  const [letter, how] = g.outcome().split(' ');
  const key = { 'wipe-out': 'wipeOut', 'more-discs': 'moreDiscs', 'last-mover': 'lastMover' }[how];
  $('result-line').textContent = t(key, { color: colorName(letter) });
  const report = JSON.parse(verifyRecord(g.record(true)));
  const failed = report.checks.find((c) => c.status === 'failed');
  $('verify-line').textContent = report.ok
    ? t('verified')
    : t('notVerified', { why: failed ? failed.message : '' });
  $('verify-line').dataset.ok = String(report.ok);
}

// ---------------------------------------------------------------- input

function previewPlace(i) {
  state.preview = { kind: 'place', cell: i };
  state.message = t('previewPlace', { cell: cellName(i, state.size) });
  render();
}

function previewCapture(rects, anchor, k = 0) {
  state.preview = { kind: 'capture', rects, k, anchor };
  const w = captureWords(rects[k]);
  state.message = rects.length > 1
    ? t('previewCycle', { ...w, k: k + 1, m: rects.length })
    : t('previewCapture', w);
  render();
}

/** A tap or click on cell `i`. */
function tap(i) {
  if (!humanTurn()) return;
  state.focus = i;
  const p = state.preview;
  if (p && p.kind === 'place' && p.cell === i) return commit();
  if (p && p.kind === 'capture') {
    if (i === p.anchor && p.rects.length > 1) {
      return previewCapture(p.rects, p.anchor, (p.k + 1) % p.rects.length);
    }
    if (rectCells(p.rects[p.k]).includes(i)) return commit();
  }
  if (Array.from(state.game.placements()).includes(i)) return previewPlace(i);
  const rects = words(state.game.captures_at(i));
  if (rects.length) return previewCapture(rects, i);
  state.preview = null;
  state.message = '';
  render();
}

function commit() {
  const p = state.preview;
  if (!p) return;
  play(p.kind === 'place' ? cellName(p.cell, state.size) : p.rects[p.k]);
}

function play(move) {
  const g = state.game;
  const color = colorName(g.to_move());
  try {
    g.play(move);
  } catch (e) {
    state.message = String(e?.message ?? e);
    render();
    return;
  }
  state.preview = null;
  state.message = move === 'swap'
    ? t('swapped')
    : t('played', { color, move: move.replace(':', '–') });
  afterMove();
}

/** Starts the turn's countdown for a person (the table moves when it ends). */
function startClock() {
  clearInterval(state.timer);
  const g = state.game;
  $('clock').textContent = '';
  if (!state.clock || g.outcome() || isBotSeat(g.seat_to_move())) return;
  state.deadline = Date.now() + state.clock * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000));
    $('clock').textContent = t('secondsLeft', { s: left });
    if (left > 0 || state.game !== g) return;
    clearInterval(state.timer);
    const color = colorName(g.to_move());
    const move = g.time_out();
    state.preview = null;
    state.message = t('timedOut', { color, move: move.replace(':', '–') });
    afterMove();
  };
  tick();
  state.timer = setInterval(tick, 250);
}

/** Forced passes are played and announced; then the bot moves if it is its turn. */
function afterMove() {
  const g = state.game;
  while (!g.outcome() && g.must_pass()) {
    const color = colorName(g.to_move());
    g.play('pass');
    state.message = `${state.message} ${t('passes', { color })}`.trim();
  }
  render();
  startClock();
  if (!g.outcome() && isBotSeat(g.seat_to_move())) {
    state.botBusy = true;
    $('status').textContent = `${state.message} ${t('botThinking')}`.trim();
    askBot(g);
  }
}

let worker = null;
let question = 0;

/** Asks the bot's worker for a move in `g` (the answer is dropped if the game changed). */
function askBot(g) {
  worker ??= new Worker(new URL('./nabu-bot-worker.js', import.meta.url), { type: 'module' });
  question += 1;
  const id = question;
  worker.onmessage = (event) => {
    const a = event.data;
    if (a.id !== question || state.game !== g) return;
    state.botBusy = false;
    if (a.type === 'move') {
      play(a.move);
    } else {
      state.message = a.message;
      render();
    }
  };
  worker.postMessage({
    type: 'think', id, size: state.size, moves: g.moves(), level: BOT_LEVEL, seed: state.seed,
  });
}

function onKey(event) {
  const n = state.size;
  const i = state.focus;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  if (event.key in moves) {
    const j = i + moves[event.key];
    const sameRow = Math.abs(moves[event.key]) === 1 ? Math.floor(j / n) === Math.floor(i / n) : true;
    if (j >= 0 && j < n * n && sameRow) {
      state.focus = j;
      render();
      $('nabu-board').querySelector(`[data-index="${j}"]`)?.focus();
    }
    event.preventDefault();
  }
}

// ---------------------------------------------------------------- setup

function translate() {
  document.documentElement.lang = language();
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  $('nabu-board').setAttribute('aria-label', t('board'));
}

function newGame() {
  state.game?.free();
  state.botBusy = false;
  question += 1;
  const chosen = /^[0-9a-fA-F]{64}$/.test(params.get('seed') ?? '');
  state.seed = chosen ? params.get('seed').toLowerCase() : newSeed();
  const level1 = state.seats === 'bot' ? BOT_LEVEL : 0;
  state.game = NabuGame.start(state.size, state.seed, '', 0, level1, state.clock);
  if (chosen) state.game.mark_seed_chosen();
  state.preview = null;
  state.message = '';
  state.focus = 0;
  buildBoard();
  afterMove();
}

async function main() {
  await ready();
  setLanguage(params.get('lang') || (navigator.language || 'en').slice(0, 2));
  $('lang').value = language();
  const size = Number(params.get('size'));
  state.size = size >= 5 && size <= 15 ? size : 8;
  state.seats = params.get('seats') === 'bot' ? 'bot' : 'people';
  state.clock = [0, 10, 30, 60].includes(Number(params.get('clock'))) ? Number(params.get('clock')) : 0;
  $('clock-setting').value = String(state.clock);
  for (let k = 5; k <= 15; k += 1) {
    const o = document.createElement('option');
    o.value = String(k);
    o.textContent = `${k}×${k}`;
    $('size').append(o);
  }
  $('size').value = String(state.size);
  $('seats').value = state.seats;
  translate();
  $('nabu-board').addEventListener('click', (e) => {
    const cell = e.target.closest('.nabu-cell');
    if (cell) tap(Number(cell.dataset.index));
  });
  $('nabu-board').addEventListener('keydown', onKey);
  $('place').addEventListener('click', commit);
  $('swap').addEventListener('click', () => play('swap'));
  $('all-moves').addEventListener('click', () => {
    const list = $('moves-list');
    list.hidden = !list.hidden;
    $('all-moves').setAttribute('aria-expanded', String(!list.hidden));
  });
  $('new-game').addEventListener('click', () => {
    state.size = Number($('size').value);
    state.seats = $('seats').value;
    state.clock = Number($('clock-setting').value);
    newGame();
  });
  $('lang').addEventListener('change', () => {
    setLanguage($('lang').value);
    translate();
    render();
  });
  newGame();
  document.body.dataset.ready = 'true';
}

main();
