// @ts-check
// Both players' game clocks (T22, T23), loaded only when a game clock is
// chosen: a row under the disc boxes, each clock in a fixed width with
// tabular figures (m:ss, tenths under 10 s), the running one marked, a
// tick each second of a person's last ten, and the flag. The times and the
// flag are the engine's (crate::table's clock, asked at Date.now()); this
// only asks and draws.

import { t, colorName, addWords } from '../core/i18n.js';
import * as sound from '../core/sound.js';
import { panelsStyle } from '../core/style.js';
import { CLOCK_WORDS } from './clock-words.js';
import { timeLeftText } from '../core/clock-text.js';

addWords(CLOCK_WORDS);

const LOW_MS = 10_000;
const COLORS = /** @type {const} */ (['dark', 'light']);

/**
 * A game clock's time as shown: `m:ss`, or `0:ss.t` under 10 s, rounded
 * up (a side with time left never shows 0:00.0); from an hour up in hours
 * and days (`19 h 54 min`, `1 d 23 h`: correspondence), never `2879:59`.
 * @param {number} ms
 */
export function clockText(ms) {
  if (ms >= 3_600_000) return timeLeftText(ms);
  const tenths = Math.ceil(ms / 100);
  if (tenths < LOW_MS / 100) return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  const secs = Math.ceil(ms / 1000);
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
}

/** `180+2` as its words: "3 min + 2 s" (said in full; shown as `3+2`). */
export function clockWords(notation) {
  const [base, inc] = notation.split('+').map(Number);
  const b = base % 60 === 0 ? t('clockMin', { m: base / 60 }) : t('clock', { s: base });
  return { base: b, inc };
}

/** The rule said at the start of a game under `notation`. */
export function gameClockRule(notation) {
  const { base, inc } = clockWords(notation);
  return () => t(inc ? 'gameClockRule' : 'gameClockRuleNoInc', { base, inc });
}

/** The row of both clocks, made once, under the disc boxes. */
function clockRow() {
  let row = document.getElementById('game-clocks');
  if (row) return row;
  row = document.createElement('div');
  row.id = 'game-clocks';
  row.className = 'game-clocks';
  for (const color of COLORS) {
    const c = document.createElement('p');
    c.className = 'game-clock';
    c.id = `game-clock-${color}`;
    c.dataset.color = color;
    c.setAttribute('role', 'timer');
    const disc = document.createElement('span');
    disc.className = `disc-icon ${color}`;
    const time = document.createElement('span');
    time.className = 'game-clock-time';
    c.append(disc, time);
    row.append(c);
  }
  document.querySelector('.box-row')?.after(row);
  return row;
}

/**
 * The game clocks of the table: `sync()` after every change of the game
 * (a move, a new game, the end) starts the clock of a game under way and
 * draws; a flag found by the tick calls `onFlag()` once.
 * @param {{state: import('./table.js').TableState, onFlag: () => void}} table
 */
export function createGameClock({ state, onFlag }) {
  let timer = null;
  let lowSecond = null;
  const styled = panelsStyle();

  function stop() {
    clearTimeout(timer);
    timer = null;
  }

  function draw(now) {
    const session = state.session;
    const c = session?.clockAt?.(now);
    const row = clockRow();
    row.hidden = !c;
    if (!c) return null;
    const s = session.snap;
    COLORS.forEach((color, i) => {
      const el = document.getElementById(`game-clock-${color}`);
      const text = clockText(c.left[i]);
      const time = /** @type {HTMLElement} */ (el.lastElementChild);
      if (time.textContent !== text) time.textContent = text;
      const running = c.running === color;
      el.dataset.running = String(running);
      el.dataset.low = String(c.left[i] < LOW_MS && (running || c.lostOnTime === color));
      el.dataset.flag = String(c.lostOnTime === color);
      const label = t('clockOf', { color: colorName(color), time: text }) + (running ? ` (${t('clockRunning')})` : '');
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    });
    // The tick of a person's last seconds (muted with the other sounds).
    const i = c.running === 'dark' ? 0 : 1;
    const person = c.running && !s.seats[s.seatToMove].startsWith('bot');
    const second = Math.ceil(c.left[i] / 1000);
    if (person && c.left[i] < LOW_MS && second !== lowSecond && c.left[i] > 0) sound.play('tick');
    lowSecond = person ? second : null;
    return c;
  }

  function tick() {
    timer = null;
    const session = state.session;
    if (!session?.checkFlag) return;
    const now = Date.now();
    // A flag that falls now ends the game once (the end's sync draws it again).
    const over = session.snap.over;
    if (session.checkFlag(now) && !over) {
      draw(now);
      onFlag();
      return;
    }
    const c = draw(now);
    if (!c?.running) return;
    const left = c.left[c.running === 'dark' ? 0 : 1];
    // Tenths under 10 s, else the next whole second (at most a quarter
    // second away, so a throttled tab catches up soon).
    const unit = left <= LOW_MS ? 100 : 1000;
    const wait = ((left - 1) % unit) + 2;
    timer = setTimeout(tick, Math.min(250, wait));
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && timer) {
      clearTimeout(timer);
      tick();
    }
  });

  const clock = {
    // Once drawn in its style, it takes the table's game clock over.
    ready: styled.then(() => {
      state.gameClock = clock;
      clock.sync();
    }),
    sync() {
      stop();
      const s = state.session?.snap;
      if (!s?.clockLeft) {
        clockRow().hidden = true;
        return;
      }
      if (!s.over && !s.clockRunning && !state.online) {
        // A new game's clock starts once its board has been painted: the
        // frame after the one that draws it, which a hidden page never
        // shows. Not at the first tap: a player who only looks is timed
        // too, and a bot that moves first needs no tap.
        const session = state.session;
        draw(Date.now());
        requestAnimationFrame(() => requestAnimationFrame(() => {
          if (state.session !== session || session.snap.over || session.snap.clockRunning) return;
          session.startClock(Date.now());
          tick();
        }));
        return;
      }
      tick();
    },
    stop,
  };
  return clock;
}
