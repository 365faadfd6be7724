// The table controller, one for both games: turn flow, seats, the bot's
// worker, the clock, the saved game, announcements and the finished-games
// list. A game brings a rules adapter (othello-game.js, nabu-game.js) that
// opens sessions over its engine and names, previews and announces moves;
// no rule is applied here. The drawing is table-view.js's, the buttons are
// table-controls.js's.

import { createBotSeat } from './bot-seat.js';
import { t, colorName, chooseLanguage, setLanguage } from './i18n.js';
import * as sound from './sound.js';
import { startClock } from './timer.js';
import { attach, say } from './announce.js';
import * as store from './store.js';
import { seatLabel, seatOf } from './panel.js';
import { rememberFinished, verifyLink } from './finished.js';
import { createView } from './table-view.js';
import { setupControls, translateStatic } from './table-controls.js';

/**
 * @typedef {{seats: string, level: number, clock: number, size: number}} Settings
 * @typedef {object} Rules a game's adapter: see othello-game.js for every member
 * @property {string} name
 * @property {string} store the saved game's slot
 * @property {URL} worker the bot's worker module
 * @property {Settings} defaults
 * @property {number} levels the highest bot level
 * @property {(settings: Settings, seed: string|undefined, options: {word?: string, secret?: boolean}) => any} open
 */

const BOT_PAUSE_MS = 450; // a bot's move is shown no sooner than this, so people can follow it
// A bot that opens the game waits longer: time to see the board, who plays dark and the fingerprint.
const BOT_OPENING_PAUSE_MS = 2000;
const BOT_TIME_MS = 1000; // a bot's time a move; `?think=S` gives it S seconds (1–60)
const $ = (id) => document.getElementById(id);

/** Reads the address: language, seed, seats, clock, level, size, think. */
export function readParams(rules) {
  const q = new URLSearchParams(location.search);
  const int = (name) => (q.has(name) && /^\d+$/.test(q.get(name)) ? Number(q.get(name)) : undefined);
  // Nabucodonosor's older addresses say seats=bot / seats=people.
  const seats = { bot: 'person,bot', people: 'person,person' }[q.get('seats')] ?? q.get('seats') ?? undefined;
  return {
    lang: q.get('lang'),
    seed: q.has('seed') ? q.get('seed').trim().toLowerCase() : undefined,
    seats,
    clock: int('clock'),
    level: int('level'),
    size: rules.sizes ? int('size') : undefined,
    think: int('think'),
    bad: ['clock', 'level', 'think', 'size'].filter((k) => q.has(k) && int(k) === undefined),
  };
}

/** Opens the table for `rules` in the page; `hooks.update(state)` draws the game's extras. */
export function createTable(rules, hooks = {}) {
  const state = {
    rules,
    session: null,
    settings: { ...rules.defaults },
    preview: null, // {move, sq, squares, flips, via, …} from the rules adapter
    cursor: -1,
    keyboard: false,
    deadline: null,
    stopClock: null,
    secondsLeft: null,
    anim: null,
    movesOpen: false,
    seedShown: false,
    botTimeMs: BOT_TIME_MS,
    review: null, // the review's state while one is open (review.js)
    hint: null, // {sq, text, exact, ply}: the bot's best move, shown until the next move
    hintPending: false,
  };
  const snap = () => state.session.snap;
  const seatIsBot = (seat) => snap().seats[seat].startsWith('bot');
  const personToMove = () => !snap().over && !seatIsBot(snap().seatToMove);
  const canAct = () => !state.review && personToMove() && !bot.thinking();
  let view = null;

  const bot = createBotSeat({
    worker: rules.worker,
    pauseMs: BOT_PAUSE_MS,
    onMove(move) {
      const side = snap().side;
      const before = snap().moves.length;
      try {
        state.session.play(move);
      } catch (e) {
        onBotError(e.message);
        return;
      }
      moved(snap());
      advance([rules.playedText(side, move, snap())], { after: before + 1 });
    },
    onError: onBotError,
  });

  function onBotError(message) {
    say(t('botFailed', { msg: message }));
    update();
  }

  function askBot() {
    const level = Number(snap().seats[snap().seatToMove].split(':')[1]);
    const question = state.session.botQuestion();
    bot.ask({ level, timeMs: state.botTimeMs, ...question }, question.ply === 0 ? BOT_OPENING_PAUSE_MS : BOT_PAUSE_MS);
  }

  // ---------------------------------------------------------------- hint and undo

  let hintWorker = null;
  let hintId = 0;
  let hintPly = -1; // the ply the pending hint was asked at

  /** Hint and Undo are offered in a casual game of a person against the bot. */
  function assistsShown() {
    const seats = snap().seats;
    return !snap().rated && seats.some((x) => x === 'person') && seats.some((x) => x.startsWith('bot'));
  }

  /** "+4", "−2", "0": a value in discs, rounded. */
  function signed(v) {
    const r = Math.round(v);
    return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : '0';
  }

  /** Hint: noted in the record, then the bot's best move and value from the worker's analysis. */
  function hint() {
    if (!canAct() || state.hint || state.hintPending) return;
    try {
      state.session.hintTaken();
    } catch (e) {
      say(t('hintFailed', { msg: String(e?.message ?? e) }));
      return;
    }
    save();
    const question = state.session.botQuestion();
    const id = ++hintId;
    state.hintPending = true;
    if (!hintWorker) {
      hintWorker = new Worker(rules.worker, { type: 'module' });
      hintWorker.onmessage = (event) => {
        const m = event.data;
        if (m.id !== hintId) return;
        state.hintPending = false;
        if (m.type !== 'hint' || m.sq < 0) {
          say(t('hintFailed', { msg: m.message ?? '' }));
        } else if (snap().moves.length === hintPly) {
          // A move made meanwhile (the clock's) drops the answer.
          const sq = rules.squareName(m.sq, snap().n);
          state.hint = { sq: m.sq, text: signed(m.v), exact: m.exact, ply: hintPly };
          say(t('hintShown', { sq, value: signed(m.v) }));
        }
        update();
      };
    }
    hintPly = question.ply;
    hintWorker.postMessage({ type: 'hint', id, dark: question.dark, light: question.light, darkToMove: question.darkToMove, timeMs: 800 });
    update();
  }

  /** Undo: takes back the person's last move and the bot's reply (passes too), noted in the record. */
  function undo() {
    if (!canAct()) return;
    const before = snap().moves.slice();
    let n;
    try {
      n = state.session.undo();
    } catch {
      say(t('undoFailed'));
      return;
    }
    state.preview = null;
    state.anim = null;
    state.hint = null;
    const taken = before[before.length - n]?.[0] ?? '';
    advance([t('undone', { sq: rules.moveText(taken) })]);
  }

  function stopTurn() {
    state.stopClock?.();
    state.stopClock = null;
    state.deadline = null;
    state.secondsLeft = null;
  }

  /**
   * After any move: the passes it brought are announced (the moves list's
   * pass entries after index `after`), then the end or the next turn; one
   * announcement.
   */
  function advance(messages, { deadline, after } = {}) {
    const s = snap();
    if (state.hint && state.hint.ply !== s.moves.length) state.hint = null;
    const passes = after === undefined ? [] : s.moves.slice(after).filter(([mv]) => rules.isPass(mv));
    for (const [, letter] of passes) {
      const who = letter === 'X' ? 'dark' : 'light';
      messages.push(t('passed', { color: colorName(who), other: colorName(who === 'dark' ? 'light' : 'dark') }));
    }
    if (passes.length && !s.over) sound.play('pass');
    stopTurn();
    if (s.over) {
      const ending = !state.seedShown;
      state.seedShown = true;
      finished();
      messages.push(rules.resultText(s, (color) => seatLabel(s, seatOf(s, color))));
      showRecord(state.session.record(true));
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
    const before = snap().moves.length;
    state.preview = null;
    const move = state.session.timeOut();
    if (!rules.isPass(move)) moved(snap());
    advance([rules.timeoutText(side, move, snap())], { after: before + 1 });
  }

  /** Sound and animation for the move just made. */
  function moved(s) {
    state.anim = { placed: s.last, flips: s.lastFlips, start: performance.now() };
    if (s.last >= 0) sound.play('place');
    if (s.lastFlips.length) sound.play('flip', s.lastFlips.length);
  }

  /** A person plays `move` (text); an error from the engine is said. */
  function play(move) {
    if (!canAct()) return;
    const side = snap().side;
    const before = snap().moves.length;
    stopTurn();
    try {
      state.session.play(move);
    } catch (e) {
      say(String(e?.message ?? e));
      advance([]);
      return;
    }
    state.preview = null;
    state.movesOpen = false;
    moved(snap());
    advance([rules.playedText(side, move, snap())], { after: before + 1 });
  }

  function showPreview(p) {
    if (state.preview?.move === p.move && state.preview.via === p.via && state.preview.k === p.k) return;
    state.preview = p;
    update();
    if (p.via !== 'mouse') say(rules.previewText(p, state.session));
  }

  /** A tap, click or Enter on `sq`: the adapter says whether it previews or plays. */
  function tap(sq, via) {
    if (!canAct()) return;
    const r = rules.tap(state.session, sq, state.preview, via);
    if (r?.commit) play(r.commit);
    // A preview made by a click stays when the mouse moves on (to Place).
    else if (r?.preview) showPreview({ ...r.preview, via: via === 'mouse' ? 'click' : via });
    else if (via === 'touch') clearPreview('touch');
    else say(t('notLegal', { sq: rules.squareName(sq, snap().n) }));
  }

  function hover(sq) {
    if (!canAct()) return;
    const p = rules.hover(state.session, sq);
    if (p) showPreview(p);
    else clearPreview('mouse');
  }

  function clearPreview(via) {
    if (!state.preview) return;
    if (via === 'mouse' && state.preview.via !== 'mouse') return;
    state.preview = null;
    update();
  }

  /** A choice in "All my moves": a preview, or a move played at once (the swap). */
  function choose(item) {
    if (!canAct()) return;
    if (item.commit) play(item.commit);
    else showPreview(item.choose('list'));
  }

  // ---------------------------------------------------------------- games

  function save() {
    const s = snap();
    store.saveGame({
      game: rules.name,
      size: s.n,
      seats: state.settings.seats,
      level: state.settings.level,
      clock: s.clock,
      seed: state.session.seedHex(),
      seedChosen: s.seedChosen,
      word: state.session.word(),
      moves: state.session.transcript(),
      assists: s.assists ?? '',
      byTable: s.moves.flatMap((m, i) => (m[2] ? [i] : [])),
      deadline: state.deadline,
    }, rules.store);
  }

  /** Sets up a new session (the old one is freed only once the new one exists). */
  function freshSession(settings, seed, { word = '', secret = false } = {}) {
    const full = { ...rules.defaults };
    for (const [k, v] of Object.entries(settings)) if (v !== undefined) full[k] = v;
    const session = rules.open(full, seed, { word, secret });
    state.session?.free();
    state.session = session;
    state.settings = { seats: full.seats, level: full.level, clock: full.clock, size: full.size };
    state.preview = null;
    state.anim = null;
    state.movesOpen = false;
    state.seedShown = false;
    state.hint = null;
    state.hintPending = false;
    hintId += 1;
    $('record').hidden = true;
    $('share-out').hidden = true;
    $('record-more').open = false;
    view.resize(snap().n);
  }

  function startedText() {
    const s = snap();
    const word = state.session.word();
    return t(word ? 'startedWord' : 'started', { color: colorName('dark'), who: seatLabel(s, s.darkSeat), word });
  }

  /** Start in the New game dialog: the old game (revealed if unfinished) gives way; returns an error or null. */
  function startNew({ seats, level, clock, size, seed, secret, word }) {
    const abandoned = !snap().over ? t('abandoned', { seed: state.session.seedHex() }) : null;
    try {
      freshSession({ seats, level, clock, size: size ?? state.settings.size }, seed, { word, secret });
    } catch (e) {
      return t('startFailed', { msg: e?.message ?? String(e) });
    }
    bot.cancel();
    stopTurn();
    const url = new URL(location.href);
    for (const k of ['seats', 'clock', 'level', 'size']) url.searchParams.delete(k);
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
      seats: params.seats ?? rules.defaults.seats,
      level: params.level ?? rules.defaults.level,
      clock: params.clock ?? rules.defaults.clock,
      size: params.size ?? rules.defaults.size,
    };
    const saved = store.loadGame(rules.store);
    if (saved.status === 'broken') {
      store.clearGame(rules.store);
      notices.push(t('storeBroken'));
    }
    if (saved.status === 'ok') {
      const g = saved.game;
      const fits = ['seed', 'seats', 'clock', 'level', 'size'].every((k) => params[k] === undefined || params[k] === g[k]);
      if (fits) {
        try {
          freshSession({ seats: g.seats, level: g.level, clock: g.clock, size: g.size }, g.seed, { word: g.word, secret: !g.seedChosen });
          state.session.replay(g.moves, g.byTable);
          if (g.assists) state.session.setAssists(g.assists);
          state.seedShown = snap().over;
          const deadline = Number.isFinite(g.deadline) ? g.deadline : undefined;
          const s = snap();
          if (!s.over) notices.push(t('toPlay', { color: colorName(s.side), who: seatLabel(s, s.seatToMove) }));
          advance(notices, { deadline });
          return;
        } catch {
          store.clearGame(rules.store);
          notices.push(t('storeBroken'));
        }
      }
    }
    if (params.bad.length) notices.push(t('startFailed', { msg: params.bad.join(', ') }));
    try {
      freshSession(wanted, params.seed);
    } catch (e) {
      notices.push(t('startFailed', { msg: e.message }));
      freshSession(rules.defaults);
    }
    advance([...notices, startedText()]);
  }

  /** A finished game: its record joins "Your last finished games", and the Verify link carries it. */
  function finished() {
    const record = state.session.record(true);
    rememberFinished(record);
    $('verify').href = verifyLink(record);
  }

  function showRecord(text) {
    const pre = $('record');
    pre.textContent = text;
    pre.hidden = false;
  }

  function update() {
    if (state.review && hooks.review) {
      hooks.review.draw(view);
      return;
    }
    view.draw(state, { canAct: canAct(), thinking: bot.thinking() });
    hooks.update?.(state, { canAct: canAct() });
  }

  const table = {
    state,
    play,
    tap,
    hover,
    clearPreview,
    choose,
    canAct,
    update,
    hint,
    undo,
    assistsShown,
    start,
    startNew,
    showRecord,
    cursorMoved(sq, keyboard) {
      state.cursor = sq;
      state.keyboard = keyboard && sq >= 0;
      update();
    },
  };
  view = createView(table);
  setupControls(table);
  return table;
}

/**
 * Opens a game's page: the language and mute remembered, the engine loaded
 * (`ready()`), then the table started from the address or the saved game.
 * Returns the table, or null when the engine could not load.
 */
export async function bootTable(rules, { ready, hooks } = {}) {
  attach($('status'));
  const params = readParams(rules);
  const prefs = store.loadPrefs();
  setLanguage(chooseLanguage(params.lang, prefs.lang, navigator.languages));
  sound.setMuted(prefs.muted === true);
  translateStatic();
  try {
    await ready();
  } catch (e) {
    say(t('startFailed', { msg: e?.message ?? String(e) }));
    return null;
  }
  const table = createTable(rules, hooks);
  translateStatic();
  if (params.think) table.state.botTimeMs = Math.min(params.think, 60) * 1000;
  table.start(params);
  document.body.dataset.ready = 'true';
  return table;
}
