// Wiring only: the engine's state → the canvas, the grid and the panel;
// people's input, the bot worker and the clock → the engine.

import { ready, Table, squareName, squareIndex, ggfOf } from './engine.js';
import { createBotSeat } from './bot-seat.js';
import { t, discs, colorName, chooseLanguage, setLanguage, translatePage, LANGUAGES, language } from './i18n.js';
import { createBoard } from './render.js';
import { createGrid } from './grid.js';
import { bindInput } from './input.js';
import * as sound from './sound.js';
import { startClock } from './timer.js';
import { attach, say } from './announce.js';
import * as store from './store.js';
import { drawPanel, resultText, seatLabel } from './panel.js';
import { bindTips } from './tips.js';
import { rememberFinished, verifyLink } from './finished.js';
import { setupNewGameDialog, openNewGameDialog, translateChoices } from './new-game.js';
import { bindRecordActions } from './record-share.js';

const N = 8;
const CORNERS = new Set([0, N - 1, N * (N - 1), N * N - 1]);
const DEFAULTS = { seats: 'person,bot', level: 3, clock: 30 };
const BOT_PAUSE_MS = 450; // a bot's move is shown no sooner than this, so people can follow it
// A bot that opens the game waits longer: time to see the board, who plays dark and the fingerprint.
const BOT_OPENING_PAUSE_MS = 2000;
const BOT_TIME_MS = 1000; // a bot's time a move; `?think=S` gives it S seconds (1–60)
let botTimeMs = BOT_TIME_MS;
const $ = (id) => document.getElementById(id);

const state = {
  table: null,
  settings: { ...DEFAULTS },
  preview: null, // {sq, via, flips}
  cursor: -1,
  keyboard: false,
  deadline: null,
  stopClock: null,
  secondsLeft: null,
  anim: null,
  movesOpen: false,
  seedShown: false,
};
let board = null;
let grid = null;

function readParams() {
  const q = new URLSearchParams(location.search);
  const int = (name) => (q.has(name) && /^\d+$/.test(q.get(name)) ? Number(q.get(name)) : undefined);
  return {
    lang: q.get('lang'),
    seed: q.has('seed') ? q.get('seed').trim().toLowerCase() : undefined,
    seats: q.get('seats') ?? undefined,
    clock: int('clock'),
    level: int('level'),
    think: int('think'),
    bad: ['clock', 'level', 'think'].filter((k) => q.has(k) && int(k) === undefined),
  };
}

// ---------------------------------------------------------------- turns

const snap = () => state.table.state;
const seatIsBot = (seat) => snap().seats[seat].startsWith('bot');
const personToMove = () => !snap().over && !seatIsBot(snap().seatToMove);
const canAct = () => personToMove() && !bot.thinking();

function stopTurn() {
  state.stopClock?.();
  state.stopClock = null;
  state.deadline = null;
  state.secondsLeft = null;
}

/** After any move: the forced passes the table made, then the end or the next turn; one announcement. */
function advance(messages, { deadline, passes = [] } = {}) {
  const s = snap();
  for (const who of passes) {
    const other = who === 'dark' ? 'light' : 'dark';
    messages.push(t('passed', { color: colorName(who), other: colorName(other) }));
    sound.play('pass');
  }
  stopTurn();
  if (s.over) {
    const ending = !state.seedShown;
    state.seedShown = true;
    finished();
    messages.push(resultText(s));
    showRecord(state.table.record(true));
    // The end screen offers every way to take the record along.
    if (ending) $('record-more').open = true;
    sound.play('end');
  } else if (seatIsBot(s.seatToMove)) {
    askBot();
  } else if (s.clock > 0) {
    startTurnClock(deadline ?? Date.now() + s.clock * 1000);
  }
  save();
  update();
  if (messages.length) say(messages.join(' '));
}

function startTurnClock(deadline) {
  state.deadline = deadline;
  state.stopClock = startClock(deadline, {
    onTick(secs) {
      state.secondsLeft = secs;
      if (secs > 0 && secs <= 5) sound.play('tick');
      update();
    },
    onExpire: timeOut,
  });
  save();
}

function timeOut() {
  const side = snap().side;
  state.preview = null;
  const event = state.table.timeOut();
  const sq = event.placed;
  const s = snap();
  const messages = [];
  if (sq >= 0) {
    messages.push(t('timeout', { color: colorName(side, true), sq: squareName(sq), discs: discs(s.lastFlips.length) }));
    moved(s);
  } else {
    messages.push(t('timeoutPass', { color: colorName(side, true) }));
  }
  advance(messages, { passes: event.passes });
}

/** Sound and animation for the placement just made. */
function moved(s) {
  state.anim = { placed: s.last, flips: s.lastFlips, start: performance.now() };
  sound.play('place');
  sound.play('flip', s.lastFlips.length);
}

function place(sq) {
  if (!canAct() || !state.table.legalFlips.has(sq)) return;
  const side = snap().side;
  stopTurn();
  const { passes } = state.table.play(sq);
  state.preview = null;
  state.movesOpen = false;
  const s = snap();
  moved(s);
  advance([t('played', { color: colorName(side), sq: squareName(sq), discs: discs(s.lastFlips.length) })], { passes });
}

// ---------------------------------------------------------------- bot

const bot = createBotSeat({
  pauseMs: BOT_PAUSE_MS,
  onMove(move) {
    const side = snap().side;
    let event;
    try {
      event = move === 'PA' ? state.table.pass() : state.table.play(squareIndex(move));
    } catch (e) {
      onBotError(e.message);
      return;
    }
    const s = snap();
    moved(s);
    advance([t('played', { color: colorName(side), sq: move, discs: discs(s.lastFlips.length) })], { passes: event.passes });
  },
  onError: onBotError,
});

function onBotError(message) {
  say(t('botFailed', { msg: message }));
  update();
}

function askBot() {
  const level = Number(snap().seats[snap().seatToMove].split(':')[1]);
  const question = state.table.botQuestion();
  bot.ask({ level, timeMs: botTimeMs, ...question }, question.ply === 0 ? BOT_OPENING_PAUSE_MS : BOT_PAUSE_MS);
}

// ---------------------------------------------------------------- games

function save() {
  const s = snap();
  store.saveGame({
    seats: state.settings.seats,
    level: state.settings.level,
    clock: s.clock,
    seed: state.table.seedHex(),
    seedChosen: s.seedChosen,
    word: state.table.word(),
    moves: state.table.transcript(),
    byTable: s.moves.flatMap((m, i) => (m[2] ? [i] : [])),
    deadline: state.deadline,
  });
}

/** Sets up a new table (the old one is freed only once the new one exists). */
function freshTable(settings, seed, { word = '', secret = false } = {}) {
  const table = new Table({ ...settings, seed: seed ?? '', word, secret });
  state.table?.free();
  state.table = table;
  state.settings = { seats: settings.seats, level: settings.level, clock: settings.clock };
  state.preview = null;
  state.anim = null;
  state.movesOpen = false;
  state.seedShown = false;
  $('record').hidden = true;
  $('share-out').hidden = true;
  $('record-more').open = false;
}

function startedText() {
  const s = snap();
  const word = state.table.word();
  const params = { color: colorName('dark'), who: seatLabel(s, s.darkSeat), word };
  return t(word ? 'startedWord' : 'started', params);
}

/** Start in the New game dialog: the old game (revealed if unfinished) gives way; returns an error or null. */
function startNew({ seats, level, clock, seed, secret, word }) {
  const old = state.table;
  const abandoned = !snap().over ? t('abandoned', { seed: old.seedHex() }) : null;
  try {
    freshTable({ seats, level, clock }, seed, { word, secret });
  } catch (e) {
    return t('startFailed', { msg: e?.message ?? String(e) });
  }
  bot.cancel();
  stopTurn();
  const url = new URL(location.href);
  for (const k of ['seats', 'clock', 'level']) url.searchParams.delete(k);
  if (secret) url.searchParams.delete('seed');
  history.replaceState(null, '', url);
  $('verify').href = 'verify.html';
  advance([abandoned, startedText()].filter(Boolean));
  return null;
}

/** Restores the saved game if it fits the address; otherwise starts the asked-for one. */
function start(params) {
  const notices = [];
  const wanted = {
    seats: params.seats ?? DEFAULTS.seats,
    level: params.level ?? DEFAULTS.level,
    clock: params.clock ?? DEFAULTS.clock,
  };
  const saved = store.loadGame();
  if (saved.status === 'broken') {
    store.clearGame();
    notices.push(t('storeBroken'));
  }
  if (saved.status === 'ok') {
    const g = saved.game;
    const fits =
      (params.seed === undefined || params.seed === g.seed) &&
      (params.seats === undefined || params.seats === g.seats) &&
      (params.clock === undefined || params.clock === g.clock) &&
      (params.level === undefined || params.level === g.level);
    if (fits) {
      try {
        freshTable({ seats: g.seats, level: g.level, clock: g.clock }, g.seed, { word: g.word, secret: !g.seedChosen });
        state.table.replay(g.moves, g.byTable);
        state.seedShown = snap().over;
        const deadline = Number.isFinite(g.deadline) ? g.deadline : undefined;
        const s = snap();
        if (!s.over) notices.push(t('toPlay', { color: colorName(s.side), who: seatLabel(s, s.seatToMove) }));
        advance(notices, { deadline });
        return;
      } catch {
        store.clearGame();
        notices.push(t('storeBroken'));
      }
    }
  }
  if (params.bad.length) notices.push(t('startFailed', { msg: params.bad.join(', ') }));
  try {
    freshTable(wanted, params.seed);
  } catch (e) {
    notices.push(t('startFailed', { msg: e.message }));
    freshTable(DEFAULTS);
  }
  advance([...notices, startedText()]);
}

// ---------------------------------------------------------------- drawing

function gridItems() {
  const s = snap();
  const legal = state.table.legalFlips;
  const hints = canAct();
  const flips = new Set(state.preview?.flips ?? []);
  const items = [];
  for (let sq = 0; sq < N * N; sq++) {
    const c = s.cells[sq];
    const parts = [squareName(sq), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
    if (legal.has(sq)) parts.push(t('sqLegal', { discs: discs(legal.get(sq)) }));
    if (state.preview?.sq === sq) parts.push(t('sqPreview'));
    if (flips.has(sq)) parts.push(t('sqWouldFlip'));
    if (s.last === sq) parts.push(t('sqLast'));
    if (CORNERS.has(sq)) parts.push(t('sqCorner'));
    items.push({
      name: parts.join(', '),
      data: {
        disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
        legal: legal.has(sq) ? legal.get(sq) : null,
        hint: hints && legal.has(sq),
        preview: state.preview?.sq === sq,
        wouldFlip: flips.has(sq),
        last: s.last === sq,
      },
    });
  }
  return items;
}

function update() {
  const s = snap();
  board.draw({
    n: N,
    cells: s.cells,
    hints: canAct() ? s.legal.map(([sq]) => sq) : [],
    preview: state.preview ? { squares: [state.preview.sq], color: s.side, flips: state.preview.flips } : null,
    last: s.last,
    cursor: state.keyboard ? state.cursor : -1,
    anim: state.anim,
  });
  grid.update(gridItems());
  grid.setLabel(t('boardLabel'));
  document.body.dataset.over = String(s.over);
  document.body.dataset.thinking = String(bot.thinking());
  document.body.dataset.ply = String(s.moves.length);
  drawPanel(
    s,
    {
      thinking: bot.thinking(),
      secondsLeft: state.secondsLeft,
      canAct: canAct(),
      preview: state.preview?.sq ?? null,
      movesOpen: state.movesOpen,
      seedShown: state.seedShown,
      seed: state.seedShown ? state.table.seedHex() : '',
      word: state.table.word(),
    },
    { choose: (sq) => preview(sq, 'list') },
  );
  $('mute').textContent = sound.isMuted() ? t('unmute') : t('mute');
}

function preview(sq, via) {
  if (!canAct() || !state.table.legalFlips.has(sq)) return;
  if (state.preview?.sq === sq && state.preview.via === via) return;
  state.preview = { sq, via, flips: state.table.flips(sq) };
  update();
  if (via !== 'mouse') {
    const key = via === 'key' ? 'previewKey' : 'preview';
    say(t(key, { sq: squareName(sq), discs: discs(state.preview.flips.length) }));
  }
}

function clearPreview(via) {
  if (!state.preview) return;
  if (via === 'mouse' && state.preview.via !== 'mouse') return;
  state.preview = null;
  update();
}

// ---------------------------------------------------------------- controls

function toggleMute() {
  sound.setMuted(!sound.isMuted());
  store.savePref('muted', sound.isMuted());
  say(sound.isMuted() ? t('muted') : t('unmuted'));
  update();
}

function setupControls() {
  const lang = $('lang');
  for (const [code, name] of LANGUAGES) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    lang.append(o);
  }
  lang.value = language();
  lang.addEventListener('change', () => {
    setLanguage(lang.value);
    store.savePref('lang', lang.value);
    // The choice now rules: an address that forced another language no longer does.
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      history.replaceState(null, '', url);
    }
    translateStatic();
    update();
  });

  $('mute').addEventListener('click', toggleMute);
  document.addEventListener('keydown', (e) => {
    sound.unlock();
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (e.target.closest?.('input, textarea, select')) return;
      toggleMute();
    }
  });
  document.addEventListener('pointerdown', () => sound.unlock(), { capture: true });

  $('place').addEventListener('click', () => {
    if (state.preview) place(state.preview.sq);
  });
  $('all-moves').addEventListener('click', () => {
    state.movesOpen = !state.movesOpen;
    update();
    if (state.movesOpen) document.querySelector('#moves-list button')?.focus();
  });
  $('new-game').addEventListener('click', () => openNewGameDialog(state.settings));
  setupNewGameDialog({ start: startNew });
  bindRecordActions({
    // The record as it may be shown now: the seed only once revealed.
    record: () => state.table.record(state.seedShown),
    ggf: () => ggfOf(state.table),
    fingerprint: () => snap().fingerprint,
    show: showRecord,
  });
}

/** A finished game: its record joins the list on "Verify a game", and the link there carries it. */
function finished() {
  const record = state.table.record(true);
  rememberFinished(record);
  $('verify').href = verifyLink(record);
}

function showRecord(text) {
  const pre = $('record');
  pre.textContent = text;
  pre.hidden = false;
}

function translateStatic() {
  translatePage();
  translateChoices();
  document.title = `${t('title')} — ${t('tagline')}`;
}

function setupBoard() {
  const frame = document.querySelector('.board-frame');
  const cols = frame.querySelector('.cols');
  const rows = frame.querySelector('.rows');
  for (let i = 0; i < N; i++) {
    cols.append(Object.assign(document.createElement('span'), { textContent: 'abcdefgh'[i] }));
    rows.append(Object.assign(document.createElement('span'), { textContent: String(i + 1) }));
  }
  board = createBoard($('canvas'));
  grid = createGrid($('grid'), N, {
    label: t('boardLabel'),
    describedBy: (sq) => (CORNERS.has(sq) ? 'help-corner' : null),
  });
  grid.setCursor(3 * N + 3);
  bindInput(grid, N, {
    canAct,
    isLegal: (sq) => state.table.legalFlips.has(sq),
    previewed: () => state.preview?.sq ?? -1,
    preview,
    clear: clearPreview,
    place,
    refuse: (sq) => say(t('notLegal', { sq: squareName(sq) })),
    cursorMoved: (sq, keyboard) => {
      state.cursor = sq;
      state.keyboard = keyboard && sq >= 0;
      update();
    },
    gesture: () => sound.unlock(),
  });
  bindTips($('tip'), [
    ...[...CORNERS].map((sq) => [grid.cells[sq], () => t('cornerHelp')]),
    [$('box-dark'), () => t('boxHelp', { plural: t('darkPlural'), side: colorName('dark') })],
    [$('box-light'), () => t('boxHelp', { plural: t('lightPlural'), side: colorName('light') })],
  ]);
}

async function main() {
  attach($('status'));
  const params = readParams();
  if (params.think) botTimeMs = Math.min(params.think, 60) * 1000;
  const prefs = store.loadPrefs();
  setLanguage(chooseLanguage(params.lang, prefs.lang, navigator.languages));
  sound.setMuted(prefs.muted === true);
  translateStatic();
  try {
    await ready();
  } catch (e) {
    say(t('startFailed', { msg: e?.message ?? String(e) }));
    return;
  }
  setupBoard();
  setupControls();
  start(params);
  document.body.dataset.ready = 'true';
}

main();
