// @ts-check
// A table's clock as the server gives it, in its one notation (docs/server.md):
// `30` seconds a move, `180+2` a game clock (base and increment in seconds),
// `2d` correspondence, `off` for none; a number from a server of before game
// clocks is seconds a move. The callers say it in their own words: a game
// clock as people read it, `3+2` (minutes + seconds a move, the library's
// `TimeControl::for_players`, whose reading of what people type the pages
// with the engine ask: games/engine.js `clockFromPlayers`), and a long time
// left in days and hours (`1 d 23 h`, `19 h 54 min`).

import { t, addWords } from './i18n.js';

/** The words of a long time left, in the three languages. */
addWords({
  en: { 'time.dh': '{d} d {h} h', 'time.hm': '{h} h {m} min' },
  pt: { 'time.dh': '{d} d {h} h', 'time.hm': '{h} h {m} min' },
  it: { 'time.dh': '{d} g {h} h', 'time.hm': '{h} h {m} min' },
});

/**
 * @param {string|number|null|undefined} clock
 * @returns {{perMove: number} | {game: string} | {days: number} | null} null for none
 */
export function readClock(clock) {
  const text = String(clock ?? 'off');
  if (/^\d+$/.test(text)) return Number(text) > 0 ? { perMove: Number(text) } : null;
  if (/^\d+\+\d+$/.test(text)) return { game: text };
  const days = /^(\d+)d$/.exec(text);
  return days ? { days: Number(days[1]) } : null;
}

/**
 * A game clock's notation (`180+2`, seconds) as people read it: `3+2`,
 * minutes + seconds a move (`0.5+0` for 30 s, `1:20+0` for 80 s). Only
 * written here, as the library writes it (crate/src/clock/notation.rs):
 * the pages without the engine (the lobby, a tournament) show it so.
 * @param {string} notation
 */
export function gameClockText(notation) {
  const [base, inc] = notation.split('+').map(Number);
  let minutes;
  if (base % 60 === 0) minutes = String(base / 60);
  else if ((base * 100) % 60 === 0) {
    const h = (base * 100) / 60;
    minutes = `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0').replace(/0+$/, '')}`;
  } else minutes = `${Math.floor(base / 60)}:${String(base % 60).padStart(2, '0')}`;
  return `${minutes}+${inc}`;
}

/**
 * Any clock's notation as people write it: `3+2`, `30s` (seconds a move),
 * `2d`; `off` stays.
 * @param {string|number} clock
 */
export function clockShort(clock) {
  const text = String(clock);
  if (text.includes('+')) return gameClockText(text);
  return /^\d+$/.test(text) ? `${text}s` : text;
}

/**
 * A time left as people read a long one: `1 d 23 h` from a day up,
 * `19 h 54 min` from an hour up (counted down: what is left, whole units),
 * and `m:ss` under an hour.
 * @param {number} ms
 */
export function timeLeftText(ms) {
  const left = Math.max(0, ms);
  const hours = Math.floor(left / 3_600_000);
  if (hours >= 24) return t('time.dh', { d: Math.floor(hours / 24), h: hours % 24 });
  if (hours >= 1) return t('time.hm', { h: hours, m: Math.floor((left % 3_600_000) / 60_000) });
  const secs = Math.ceil(left / 1000);
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
}

/**
 * The clock in words: `perMove` and `days` are word keys taking `{n}`, a
 * game clock shows as people read it (`3+2`), `none` for no clock.
 * @param {string|number|null|undefined} clock
 * @param {(key: string, vars?: Record<string, string|number>) => string} tr
 * @param {{perMove: string, days: string, none: string}} keys
 */
export function clockWords(clock, tr, keys) {
  const c = readClock(clock);
  if (!c) return tr(keys.none);
  if ('perMove' in c) return tr(keys.perMove, { n: c.perMove });
  if ('days' in c) return tr(keys.days, { n: c.days });
  return gameClockText(c.game);
}

/**
 * A clock a move's seconds, 0 for any other clock or none.
 * @param {string|number|null|undefined} clock
 */
export function perMoveSeconds(clock) {
  const c = readClock(clock);
  return c && 'perMove' in c ? c.perMove : 0;
}
