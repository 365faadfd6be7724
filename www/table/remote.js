// @ts-check
// The table controller's online side (table/table.js): sitting at an online
// table, whose session is a remote one (online/session.js), and following
// each state the server sends — the newest move shown, sounded and said, the
// passes, the server's clock, the end. No move is made here: the server
// plays them all, its bot's and the time-out's included.

import { say, keep, joined } from '../core/announce.js';

/** @typedef {import('../core/announce.js').Words} Words */

/**
 * The online side of the controller.
 * @param {{
 *   state: import('./table.js').TableState,
 *   snap: () => import('./table.js').Snapshot,
 *   rules: import('./table.js').Rules,
 *   resize: (n: number) => void,
 *   cancelBot: () => void,
 *   install: (session: import('./table.js').Session) => void,
 *   stopTurn: () => void,
 *   startTurnClock: (deadline: number) => void,
 *   moved: (s: import('./table.js').Snapshot) => void,
 *   advance: (messages: Words[], at?: {deadline?: number, after?: number, notice?: Words}) => void,
 *   update: () => void,
 *   syncGameClock: () => void,
 * }} table
 */
export function createRemote({ state, snap, rules, resize, cancelBot, install, stopTurn, startTurnClock, moved, advance, update, syncGameClock }) {
  /**
   * Sits at an online table: `session` (online/session.js) replaces the
   * game on the page and `online` (online/online.js) carries the person's moves.
   * @param {import('../online/online.js').Online} online
   * @param {import('./table.js').Session} session
   */
  function goOnline(online, session) {
    cancelBot();
    stopTurn();
    state.online = online;
    install(session);
    /** @type {HTMLAnchorElement} */ (document.getElementById('verify')).href = 'verify.html';
  }

  /**
   * The remote session followed a server state (it had `before` moves): its
   * newest move is shown and announced, then the passes, the clock to the
   * server's `deadline` (on this page's clock) or the end. `notice` is kept
   * on show until the person acts (the start's, with the clock), as is a
   * time-out's at a seat's page; `quiet` leaves the newest move unsaid (a
   * page that has just sat says where the game stands instead).
   * @param {{before: number, deadline: number|null, messages?: Words[], notice?: Words, quiet?: boolean}} at
   */
  function follow({ before, deadline, messages = [], notice, quiet = false }) {
    resize(snap().n);
    const s = snap();
    const fresh = s.moves.slice(before);
    if (!fresh.length && s.over === state.seedShown) {
      if (deadline !== state.deadline) {
        stopTurn();
        if (!s.over && deadline) startTurnClock(deadline);
      }
      // A game clock's frame before any move (the game's start, a page that sits again): its clocks drawn.
      syncGameClock();
      update();
      if (notice) keep(notice);
      if (messages.length) say(joined(messages));
      return;
    }
    let i = fresh.length - 1;
    while (i >= 0 && rules.isPass(fresh[i][0])) i -= 1;
    let kept = notice;
    if (i >= 0) {
      const [mv, letter, byTable] = fresh[i];
      const side = letter === 'X' ? 'dark' : 'light';
      state.preview = null;
      state.movesOpen = false;
      moved(s);
      /** @type {Words} */
      const text = () => (byTable ? rules.timeoutText(side, mv, s) : rules.playedText(side, mv, s));
      // A time-out stays on show at a seat's page until the person acts.
      if (!quiet && byTable && s.online?.seat != null) kept = text;
      else if (!quiet) messages.push(text);
    }
    advance(messages, { deadline, after: quiet ? s.moves.length : before + i + 1, notice: kept });
  }

  return { goOnline, follow };
}
