// @ts-check
// The ratings at the online table's seats: each account seated is looked up
// once (its profile, `GET /api/players/{name}?clock=…`: the rating at the
// speed of the table's clock) and its rating shown in its box, with "rated"
// when the game is. The rating is the one its profile
// gives when the page first sees the name, at a game not yet over (a
// finished game's replay shows none); the change at the end is the signed
// record's (accounts/rating-line.js).

import { profile } from '../accounts/api.js';

/**
 * @param {() => void} changed called when a rating has arrived
 * @returns {{follow: (seats: {name?: string}[], clock?: number|string) => void, of: (name: string|undefined) => string}}
 */
export function seatRatings(changed) {
  /** @type {Map<string, string>} name → the rating as shown ("1500?"), '' while unknown */
  const shown = new Map();
  return {
    follow(seats, clock = 0) {
      for (const s of seats) {
        const name = s?.name;
        // A deleted account's name (`deleted-…`) has no profile.
        if (!name || name.startsWith('deleted-') || shown.has(name)) continue;
        shown.set(name, '');
        profile(name, clock ? String(clock) : '').then(
          (p) => {
            if (typeof p?.shown !== 'string') return;
            shown.set(name, p.shown);
            changed();
          },
          // A deleted account or a server without accounts: no rating, the name alone.
          () => {},
        );
      }
    },
    of: (name) => (name ? (shown.get(name) ?? '') : ''),
  };
}
