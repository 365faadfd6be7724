// @ts-check
// A table's clock as the server gives it, in its one notation (docs/server.md):
// `30` seconds a move, `180+2` a game clock (base and increment in seconds),
// `2d` correspondence, `off` for none; a number from a server of before game
// clocks is seconds a move. The callers say it in their own words.

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
 * The clock in words: `perMove` and `days` are word keys taking `{n}`, a
 * game clock shows as its notation, `none` for no clock.
 * @param {string|number|null|undefined} clock
 * @param {(key: string, vars?: Record<string, string|number>) => string} t
 * @param {{perMove: string, days: string, none: string}} keys
 */
export function clockWords(clock, t, keys) {
  const c = readClock(clock);
  if (!c) return t(keys.none);
  if ('perMove' in c) return t(keys.perMove, { n: c.perMove });
  if ('days' in c) return t(keys.days, { n: c.days });
  return c.game;
}

/**
 * A clock a move's seconds, 0 for any other clock or none.
 * @param {string|number|null|undefined} clock
 */
export function perMoveSeconds(clock) {
  const c = readClock(clock);
  return c && 'perMove' in c ? c.perMove : 0;
}
