// @ts-check
// How a game comes to the table and stays: the saved game restored when it
// fits the address, else the address's game (or the defaults); the New game
// dialog's game in place of the current one; every position saved for the
// next visit (core/store.js). Used by the table controller (table/table.js).

import { t, colorName } from '../core/i18n.js';
import * as store from '../core/store.js';
import { errorText } from '../core/errors.js';
import { seatLabel } from './panel.js';
import { joined } from '../core/announce.js';

/** @typedef {import('../core/announce.js').Words} Words */

const $ = (id) => document.getElementById(id);

/**
 * The starts and the saving of the table controller (table/table.js).
 * @param {{
 *   state: import('./table.js').TableState,
 *   snap: () => import('./table.js').Snapshot,
 *   rules: import('./table.js').Rules,
 *   install: (session: import('./table.js').Session) => void,
 *   advance: (messages: Words[], at?: {deadline?: number, after?: number, notice?: Words}) => void,
 *   leave: () => void,
 * }} table `install` puts a session at the table; `leave` stops the bot, the clock and any online table
 */
export function createStarts({ state, snap, rules, install, advance, leave }) {
  function save() {
    if (state.online || state.storeHeld) return;
    const s = snap();
    // A game clock under way is kept with it: each ply's time, both clocks
    // as they last stopped and since when the running one runs.
    const started = s.clockLeft && (s.clockRunning || s.lostOnTime || s.moves.length);
    store.saveGame({
      game: rules.name,
      size: s.n,
      seats: state.settings.seats,
      level: state.settings.level,
      clock: s.clockLeft ? s.timeControl : s.clock,
      timed: started ? { times: s.clockTimes ?? [], left: s.clockLeft, since: s.clockSince } : undefined,
      seed: state.session.seedHex(),
      seedChosen: s.seedChosen,
      word: state.session.word(),
      handicap: s.handicap ?? '',
      moves: state.session.transcript(),
      assists: s.assists ?? '',
      byTable: s.moves.flatMap((m, i) => (m[2] ? [i] : [])),
      deadline: state.deadline ?? null,
    }, rules.store);
  }

  /** Sets up a new session (the old one is freed only once the new one exists). */
  function freshSession(settings, seed, { word = '', secret = false } = {}) {
    const full = { ...rules.defaults };
    for (const [k, v] of Object.entries(settings)) if (v !== undefined) full[k] = v;
    install(rules.open(full, seed, { word, secret }));
    state.settings = { seats: full.seats, level: full.level, clock: full.clock, size: full.size, handicap: full.handicap ?? '' };
  }

  /**
   * A game starts: `notices` (a stored game's fate, an abandoned game's
   * seed), the side that moves first, and with a clock its rule, kept on
   * show until the person acts: a person who is still learning the taps
   * hears of the clock before it first plays for them.
   * @param {Words[]} notices
   */
  function announceStart(notices) {
    const s = snap();
    const word = state.session.word();
    // The side to move first: dark, or a handicap seat's colour (V2).
    const started = () => t(word ? 'startedWord' : 'started', { color: colorName(s.side), who: seatLabel(s, s.seatToMove), word });
    if (s.clock > 0 && s.seats.includes('person')) advance([], { notice: joined([...notices, started, clockRule(s.clock)]) });
    else if (s.clockLeft && s.seats.includes('person')) {
      // The game clock's words come with its module (table/game-clock.js), loaded by then.
      import('./game-clock.js').then((m) => advance([], { notice: joined([...notices, started, m.gameClockRule(s.timeControl)]) }));
    } else advance([...notices, started]);
  }

  /** Start in the New game dialog: the old game (revealed if unfinished) gives way; returns an error or null. */
  function startNew({ seats, level, clock, size, seed, secret, word, handicap = '' }) {
    const old = state.session.seedHex();
    const abandoned = !snap().over && !state.online ? () => t('abandoned', { seed: old }) : null;
    try {
      freshSession({ seats, level, clock, size: size ?? state.settings.size, handicap }, seed, { word, secret });
    } catch (e) {
      return t('startFailed', { msg: errorText(e) });
    }
    leave();
    const url = new URL(location.href);
    for (const k of ['seats', 'clock', 'level', 'size', 'table', 'handicap']) url.searchParams.delete(k);
    if (secret) url.searchParams.delete('seed');
    history.replaceState(null, '', url);
    /** @type {HTMLAnchorElement} */ ($('verify')).href = 'verify.html';
    announceStart([abandoned].filter(Boolean));
    return null;
  }

  /**
   * Restores the saved game if it fits the address; otherwise starts the
   * asked-for one. `pause` (the page's start gives one) comes between the
   * game's setting up, in the engine, and its showing: two tasks, not one.
   * Nothing can be played in between.
   * @param {ReturnType<typeof import('./boot.js').readParams>} params
   * @param {() => Promise<void>} [pause]
   */
  async function start(params, pause) {
    state.opening = true;
    let show;
    try {
      show = open(params);
      await pause?.();
      // A game clock's row is drawn before the game shows: nothing moves after.
      await state.clockReady;
    } finally {
      state.opening = false;
    }
    show();
  }

  /** Sets the game up for `start`; returns what shows it (the announcement, the clock or the bot, the drawing). */
  function open(params) {
    /** @type {Words[]} */
    const notices = [];
    const wanted = {
      seats: params.seats ?? rules.defaults.seats,
      level: params.level ?? rules.defaults.level,
      clock: params.clock ?? rules.defaults.clock,
      size: params.size ?? rules.defaults.size,
      handicap: params.handicap ?? '',
    };
    const saved = store.loadGame(rules.store);
    if (saved.status === 'broken') {
      store.clearGame(rules.store);
      notices.push(() => t('storeBroken'));
    }
    if (saved.status === 'newer') {
      // An older page than the one that saved the game: say so, keep the game.
      state.storeHeld = true;
      notices.push(() => t('storeNewer', { format: saved.format, known: store.GAME_FORMAT }));
    }
    if (saved.status === 'ok') {
      const g = saved.game;
      const fits = ['seed', 'seats', 'clock', 'level', 'size', 'handicap'].every((k) => params[k] === undefined || params[k] === (g[k] ?? ''));
      if (fits) {
        try {
          freshSession({ seats: g.seats, level: g.level, clock: g.clock, size: g.size, handicap: g.handicap }, g.seed, { word: g.word, secret: !g.seedChosen });
          state.session.replay(g.moves, g.byTable);
          // Its clock counts on from when it was kept: a reload buys no time (docs/page.md).
          if (g.timed) state.session.restoreClock(g.timed);
          if (g.assists) state.session.setAssists(g.assists);
          state.seedShown = snap().over;
          const deadline = Number.isFinite(g.deadline) ? g.deadline : undefined;
          const s = snap();
          if (!s.over) notices.push(() => t('toPlay', { color: colorName(s.side), who: seatLabel(s, s.seatToMove) }));
          return () => advance(notices, { deadline });
        } catch (e) {
          // Read, but its moves do not replay: say the engine's reason.
          store.clearGame(rules.store);
          notices.push(() => t('storeRefused', { msg: errorText(e) }));
        }
      }
    }
    if (params.bad.length) notices.push(() => t('startFailed', { msg: params.bad.join(', ') }));
    try {
      freshSession(wanted, params.seed);
    } catch (e) {
      notices.push(() => t('startFailed', { msg: errorText(e) }));
      freshSession(rules.defaults);
    }
    return () => announceStart(notices);
  }

  return { save, start, startNew };
}

/**
 * The clock's rule in words: each turn's time, and what happens when it runs out.
 * @param {number} seconds
 * @returns {Words}
 */
export function clockRule(seconds) {
  return () => t('clockRule', { time: seconds >= 60 && seconds % 60 === 0 ? t('clockMin', { m: seconds / 60 }) : t('clock', { s: seconds }) });
}
