// @ts-check
// The table controller, one for both games: turn flow, seats, the bot's
// worker, the clock, announcements and the finished-games list. A game
// brings a rules adapter (games/othello/game.js, games/nabu/game.js) that
// opens sessions over its engine and names, previews and announces moves;
// no rule is applied here. The drawing is view.js's, the buttons are
// controls.js's, how a game starts and is saved is start.js's, Hint and
// Undo are assists.js's. At the online table (online/online.js) the session
// is a remote one (online/session.js): the person's moves go to the server,
// and `follow` (remote.js) shows what the server's states bring; the bot and
// the clock are then the server's. The types are in types.js.

import { createBotSeat } from '../bot/seat.js';
import { t, colorName } from '../core/i18n.js';
import * as sound from '../core/sound.js';
import { startClock } from './timer.js';
import { say, keep, release, joined } from '../core/announce.js';
import { seatLabel, seatOf, drawClock } from './panel.js';
import { createView, endText } from './view.js';
import { setupControls, translateStatic } from './controls.js';
import { errorText } from '../core/errors.js';
import { createAssists } from './assists.js';
import { createStarts } from './start.js';
import { createRemote } from './remote.js';

/**
 * The table's types (table/types.js), by the names the other modules use here:
 * @typedef {import('./types.js').Settings} Settings
 * @typedef {import('./types.js').Snapshot} Snapshot
 * @typedef {import('./types.js').OnlineView} OnlineView
 * @typedef {import('./types.js').Session} Session
 * @typedef {import('./types.js').Rect} Rect
 * @typedef {import('./types.js').Preview} Preview
 * @typedef {import('./types.js').Choice} Choice
 * @typedef {import('./types.js').GridItem} GridItem
 * @typedef {import('./types.js').Rules} Rules
 * @typedef {import('./types.js').TableState} TableState
 * @typedef {import('./types.js').Hooks} Hooks
 * @typedef {import('./types.js').TableController} TableController
 * @typedef {import('./types.js').NewGame} NewGame
 */

const BOT_PAUSE_MS = 450; // a bot's move is shown no sooner than this, so people can follow it
// A bot that opens the game waits longer: time to see the board, who plays dark and the fingerprint.
const BOT_OPENING_PAUSE_MS = 2000;
const BOT_TIME_MS = 1000; // a bot's time a move; `?think=S` gives it S seconds (0.1–60)
const $ = (id) => document.getElementById(id);

/**
 * Opens the table for `rules` in the page; `hooks.update(state)` draws the game's extras.
 * @param {Rules} rules
 * @param {Hooks} [hooks]
 * @returns {TableController}
 */
export function createTable(rules, hooks = {}) {
  /** @type {TableState} */
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
    /** @type {import('../online/online.js').Online|null} */
    online: null,
    hint: null, // {sq, text, exact, ply}: the bot's best move, shown until the next move
    hintPending: false,
  };
  const snap = () => state.session.snap;
  const seatIsBot = (seat) => snap().seats[seat].startsWith('bot');
  const personToMove = () => !snap().over && !seatIsBot(snap().seatToMove);
  const canAct = () => !state.review && !state.opening && (state.online ? state.online.canAct() : personToMove() && !bot.thinking());
  const thinking = () => (state.online ? state.online.thinking() : bot.thinking());
  let view = null;

  const bot = createBotSeat({
    worker: rules.worker,
    pauseMs: BOT_PAUSE_MS,
    onMove(move, book) {
      const side = snap().side;
      const before = snap().moves.length;
      try {
        state.session.play(move);
      } catch (e) {
        if (e.code === 'flag-fell') flagFell();
        else onBotError(e.message);
        return;
      }
      const s = snap();
      moved(s);
      advance([() => rules.playedText(side, move, s, book)], { after: before + 1 });
    },
    onError: onBotError,
  });

  function onBotError(message) {
    say(() => t('botFailed', { msg: errorText(message) }));
    update();
  }

  function askBot() {
    const level = Number(snap().seats[snap().seatToMove].split(':')[1]);
    const question = state.session.botQuestion();
    // Under a game clock the bot thinks within its own time, and opens at once.
    const left = snap().clockLeft?.[snap().side === 'dark' ? 0 : 1];
    const timeMs = left ? Math.max(50, Math.min(state.botTimeMs, left / 30)) : state.botTimeMs;
    bot.ask({ level, timeMs, clocked: Boolean(left), ...question }, question.ply === 0 && !left ? BOT_OPENING_PAUSE_MS : BOT_PAUSE_MS);
  }

  const { save, start, startNew } = createStarts({
    state,
    snap,
    rules,
    install,
    advance,
    leave() {
      bot.cancel();
      stopTurn();
      state.online?.leave();
      state.online = null;
    },
  });
  const { assistsShown, hint, undo, forget: forgetHint } = createAssists({ state, snap, rules, canAct, save, update, advance });
  const { goOnline, follow } = createRemote({
    state,
    snap,
    rules,
    resize: (n) => view.resize(n),
    cancelBot: () => bot.cancel(),
    install,
    stopTurn,
    startTurnClock,
    moved,
    advance,
    update,
    syncGameClock,
  });

  function stopTurn() {
    state.stopClock?.();
    state.stopClock = null;
    state.deadline = null;
    state.secondsLeft = null;
  }

  /**
   * After any move: the passes it brought are announced (the moves list's
   * pass entries after index `after`), then the end or the next turn; one
   * announcement. A `notice` (a time-out's, the start's with its clock) is
   * said first and kept on show until the person acts.
   * @param {import('../core/announce.js').Words[]} messages
   * @param {{deadline?: number, after?: number, notice?: import('../core/announce.js').Words}} [at]
   */
  function advance(messages, { deadline, after, notice } = {}) {
    const s = snap();
    if (state.hint && state.hint.ply !== s.moves.length) state.hint = null;
    const passes = after === undefined ? [] : s.moves.slice(after).filter(([mv]) => rules.isPass(mv));
    for (const [, letter] of passes) {
      const who = letter === 'X' ? 'dark' : 'light';
      messages.push(() => t('passed', { color: colorName(who), other: colorName(who === 'dark' ? 'light' : 'dark') }));
    }
    if (passes.length && !s.over) sound.play('pass');
    stopTurn();
    if (s.over) {
      const ending = !state.seedShown;
      state.seedShown = true;
      finished();
      // As the end's line says it (on time, by a seat, a tournament's game never played), else the board's result.
      messages.push(() => (s.lostOnTime || s.cut ? endText(s, rules) : rules.resultText(s, (color) => seatLabel(s, seatOf(s, color)))));
      showRecord(state.session.record(true));
      // The end screen offers every way to take the record along.
      if (ending) /** @type {HTMLDetailsElement} */ ($('record-more')).open = true;
      sound.play('end');
    } else if (state.online) {
      // The server keeps the clock and plays for its bot.
      if (deadline) startTurnClock(deadline);
    } else if (seatIsBot(s.seatToMove)) {
      askBot();
    } else if (s.clock > 0) {
      startTurnClock(deadline ?? Date.now() + s.clock * 1000);
    }
    syncGameClock();
    save();
    update();
    if (notice) keep(notice);
    if (messages.length) say(joined(messages));
  }

  /** A game clock's drawing loads when one is first played (the page's first board stays light). */
  function loadGameClock() {
    if (snap().clockLeft) state.clockReady ??= import('./game-clock.js').then((m) => m.createGameClock({ state, onFlag: flagFell }).ready);
  }

  /** The game's clocks drawn as they are now (online, from the server's first frame that says a game clock). */
  function syncGameClock() {
    loadGameClock();
    state.gameClock?.sync();
  }

  /** A game clock's flag fell (T23): the game is over, lost on time. */
  function flagFell() {
    bot.cancel();
    state.preview = null;
    state.session.checkFlag?.(Date.now());
    advance([]);
  }

  function startTurnClock(deadline) {
    state.deadline = deadline;
    state.stopClock = startClock(deadline, {
      onTick(secs) {
        state.secondsLeft = secs;
        if (secs > 0 && secs <= 5) sound.play('tick');
        // A tick changes only the clock: the board, the grid and the rest of
        // the panel are redrawn by moves, previews and the turn's start.
        if (!state.review) drawClock(snap(), secs);
      },
      // Online, the server plays the time-out move and says so.
      onExpire: state.online ? () => {} : timeOut,
    });
    save();
  }

  function timeOut() {
    const side = snap().side;
    const before = snap().moves.length;
    state.preview = null;
    const move = state.session.timeOut();
    const s = snap();
    if (!rules.isPass(move)) moved(s);
    // Kept on show until the person acts: the bot's reply must not hide it.
    advance([], { after: before + 1, notice: () => rules.timeoutText(side, move, s) });
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
    release();
    if (state.online) {
      state.preview = null;
      state.movesOpen = false;
      state.online.send(move);
      update();
      return;
    }
    const side = snap().side;
    const before = snap().moves.length;
    stopTurn();
    try {
      state.session.play(move);
    } catch (e) {
      if (e.code === 'flag-fell') return flagFell();
      say(() => errorText(e));
      advance([]);
      return;
    }
    state.preview = null;
    state.movesOpen = false;
    const s = snap();
    moved(s);
    advance([() => rules.playedText(side, move, s)], { after: before + 1 });
  }

  function showPreview(p) {
    if (state.preview?.move === p.move && state.preview.via === p.via && state.preview.k === p.k) return;
    state.preview = p;
    update();
    const session = state.session;
    if (p.via !== 'mouse') say(() => rules.previewText(p, session));
  }

  /** A tap, click or Enter on `sq`: the adapter says whether it previews or plays. */
  function tap(sq, via) {
    if (!canAct()) return;
    release();
    const r = rules.tap(state.session, sq, state.preview, via);
    if (r?.commit) play(r.commit);
    // A preview made by a click stays when the mouse moves on (to Place).
    else if (r?.preview) showPreview({ ...r.preview, via: via === 'mouse' ? 'click' : via });
    else if (via === 'touch') clearPreview('touch');
    else {
      const name = rules.squareName(sq, snap().n);
      say(() => t('notLegal', { sq: name }));
    }
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
    release();
    if (item.commit) play(item.commit);
    else showPreview(item.choose('list'));
  }

  /** Puts `session` at the table (the old one is freed): nothing previewed, no record shown. */
  function install(session) {
    state.session?.free();
    state.session = session;
    state.preview = null;
    state.anim = null;
    state.movesOpen = false;
    state.seedShown = false;
    state.hint = null;
    state.hintPending = false;
    forgetHint();
    release();
    $('record').hidden = true;
    $('share-out').hidden = true;
    /** @type {HTMLDetailsElement} */ ($('record-more')).open = false;
    view.resize(snap().n);
    loadGameClock();
  }

  /** A finished game: its record joins "Your last finished games", and the Verify link carries it. */
  function finished() {
    const record = state.session.record(true);
    // core/finished.js comes at the end (controls.js fetches it once the page settles), not before the first board.
    state.finishing = import('../core/finished.js').then(({ rememberFinished, verifyLink }) => {
      rememberFinished(record);
      /** @type {HTMLAnchorElement} */ ($('verify')).href = verifyLink(record);
    });
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
    view.draw(state, { canAct: canAct(), thinking: thinking() });
    hooks.update?.(state, { canAct: canAct() });
    state.online?.draw();
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
    goOnline,
    follow,
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
