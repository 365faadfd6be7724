// @ts-check
// Who is at the online table, as a page tells it: a person whose last
// connection closed a second ago is away (the server's `seats[].connected`;
// a reload is quicker than that and says nothing), and the bot
// takes their seat when their grace runs out (`graceUntil`) until they come
// back (`tookSeat`); the line under the turn counts that down, and the live
// region says each change once. A page that sits down mid-game (a reload, a
// return, a spectator) is told where the game stands and who played for
// whom while it was away: the bot for a person (the server's `standIn`),
// the table on time-out (the `*` moves). Every text is words
// (core/announce.js), so a change of language writes them again. Under a
// game clock or correspondence the bot never sits for a person (docs/rules.md,
// T22): an away person is said away, with the time they have left to move
// at their turn (`1 d 20 h`), never a countdown to a bot.

import { t, colorName } from '../core/i18n.js';
import { seatLabel } from '../table/panel.js';
import { readClock, timeLeftText } from '../core/clock-text.js';

/** @typedef {import('../core/announce.js').Words} Words */
/** @typedef {import('./session.js').ServerState} ServerState */

/** "1:05" / "0:09" for a count of seconds. */
export function minutes(secs) {
  const s = Math.max(0, Math.ceil(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Whether each player's time runs over the whole game (a game clock or
 * correspondence): the bot then never takes a person's seat.
 * @param {ServerState} frame
 */
function wholeGame(frame) {
  const c = readClock(frame.clock);
  return Boolean(c && !('perMove' in c));
}

/**
 * The time seat `seat` has left to move at `serverNow` (the server's ms),
 * or null when it is not their clock that runs.
 * @param {ServerState} frame @param {number} seat @param {number} serverNow
 */
function timeToMove(frame, seat, serverNow) {
  const clocks = frame.clocks;
  if (!clocks || clocks.running !== seat) return null;
  return Math.max(0, clocks.remaining[seat] - Math.max(0, serverNow - (frame.now ?? serverNow)));
}

/** Another seat as this page names it: "your opponent", or "player 2" to a spectator. */
function whoIs(seat, mine) {
  return mine === null ? t('player', { n: seat + 1 }) : t('yourOpponent');
}

/**
 * The seats whose person is away while the game is on (not this page's):
 * each with when the bot takes it (ms since the epoch, the server's clock).
 * @param {ServerState} frame
 * @param {number|null} mine this page's seat, null for a spectator
 * @returns {{seat: number, until: number}[]}
 */
export function awaySeats(frame, mine) {
  if (frame.status !== 'playing') return [];
  return frame.seats.flatMap((s, seat) => {
    const until = frame.graceUntil?.[seat];
    return seat !== mine && s.kind === 'person' && !s.connected && until != null ? [{ seat, until }] : [];
  });
}

/**
 * How long a person's page has been closed before they are shown away: a
 * reload, which opens the page again within about a second, says nothing.
 */
export const AWAY_AFTER_MS = 1000;

/**
 * Who is away, as this page shows it: a seat whose person has had no page
 * open for `AWAY_AFTER_MS` (on this page's clock) is said away once
 * (`onAway` gets the words) and shown under the turn with the bot's
 * countdown (`line`); when a page of theirs opens again it is said back
 * (`follow`'s news). The bot sitting for them, and their seat given back,
 * are said too.
 * @param {(words: Words) => void} onAway called once a seat has been away long enough
 */
export function createPresence(onAway) {
  /** @type {Map<number, {since: number, said: boolean}>} */
  const away = new Map();
  /** @type {ServerState|null} */
  let last = null;
  let mine = /** @type {number|null} */ (null);

  const due = (a) => Date.now() - a.since >= AWAY_AFTER_MS;

  /** Says each seat away long enough, once. */
  function check() {
    const said = [];
    for (const [seat, a] of away) {
      if (a.said || !due(a)) continue;
      a.said = true;
      said.push(seat);
    }
    const timed = last !== null && wholeGame(last);
    if (said.length) onAway(() => said.map((seat) => (mine === null ? t(timed ? 'leftPlayerTimed' : 'leftPlayer', { n: seat + 1 }) : t(timed ? 'leftOpponentTimed' : 'leftOpponent'))).join(' '));
  }

  /**
   * Follows a state: who went away (shown after the delay), who is back,
   * the bot sitting or standing up. Returns what to say now.
   * @param {ServerState} was
   * @param {ServerState} frame
   * @param {number|null} seat this page's, null for a spectator
   * @returns {Words[]}
   */
  function follow(was, frame, seat) {
    last = frame;
    mine = seat;
    /** @type {Words[]} */
    const news = [];
    const now = new Set(awaySeats(frame, seat).map((a) => a.seat));
    for (const [i, a] of away) {
      if (now.has(i)) continue;
      away.delete(i);
      const s = frame.seats[i];
      if (a.said && s.kind === 'person' && s.connected) news.push(() => t('seatBack', { who: whoIs(i, mine) }));
    }
    for (const i of now) {
      if (away.has(i)) continue;
      away.set(i, { since: Date.now(), said: false });
      setTimeout(check, AWAY_AFTER_MS);
    }
    if (was.fingerprint && frame.status === 'playing' && was.status === 'playing') {
      frame.seats.forEach((s, i) => {
        const before = was.seats[i];
        const own = i === seat;
        if (s.tookSeat && !before.tookSeat) news.push(own ? () => t('botTookMine') : () => (seat === null ? t('botTookNowPlayer', { p: i + 1 }) : t('botTookNowOpponent')));
        else if (!s.tookSeat && before.tookSeat) news.push(own ? () => t('seatBackMine') : () => t('seatBack', { who: whoIs(i, seat) }));
      });
    }
    return news;
  }

  /**
   * The line under the turn: who is away, and in how long the bot sits for
   * them ('' while nobody is).
   * @param {number} offset the server's clock minus this page's (ms)
   * @returns {string}
   */
  function line(offset) {
    if (!last) return '';
    const frame = last;
    return awaySeats(frame, mine)
      .filter(({ seat }) => away.has(seat) && due(away.get(seat)))
      .map(({ seat, until }) => {
        if (wholeGame(frame)) {
          // Nobody sits for them: their own clock, at their turn, is what counts.
          const left = timeToMove(frame, seat, Date.now() + offset);
          if (left === null) return mine === null ? t('awayPlayerIdle', { n: seat + 1 }) : t('awayOpponentIdle');
          const time = timeLeftText(left);
          return mine === null ? t('awayPlayerTimed', { n: seat + 1, time }) : t('awayOpponentTimed', { time });
        }
        const time = minutes((until - offset - Date.now()) / 1000);
        return mine === null ? t('awayPlayer', { n: seat + 1, time }) : t('awayOpponent', { time });
      })
      .join(' ');
  }

  /** Whether someone is away (the countdown is redrawn each second meanwhile). */
  const anyone = () => away.size > 0;

  /** The seats shown away now (their disc box says so). */
  const shown = () => [...away].filter(([, a]) => due(a)).map(([seat]) => seat);

  return { follow, line, anyone, shown };
}

/**
 * Where the game stands, for a page that has just sat at a game already
 * under way (a reload, a return, a spectator): the move it is at, who is
 * to move and the discs; then who played for this page's seat since it last
 * saw the game (`seen` moves), or, to a spectator, for whom the bot has
 * played.
 * @param {ServerState} frame
 * @param {import('../table/table.js').Snapshot} s the session's snapshot of it
 * @param {number|null} mine
 * @param {number} seen how many moves this browser had seen at this seat
 * @returns {Words[]}
 */
export function whereItStands(frame, s, mine, seen) {
  /** @type {Words[]} */
  const words = [];
  if (s.over) return words;
  const [dark, light] = s.counts;
  const color = s.side;
  words.push(() => t('onlineStands', { n: s.moves.length + 1, color: colorName(color), who: seatLabel(s, s.seatToMove), dark, light }));
  const letter = (seat) => (seat === s.darkSeat ? 'X' : 'O');
  const standIn = frame.standIn ?? [[], []];
  const moveText = (i) => s.moves[i]?.[0] ?? '';
  if (mine !== null) {
    const bot = (standIn[mine] ?? []).filter((i) => i >= seen).map(moveText).filter(Boolean);
    const timed = s.moves.flatMap(([mv, c, byTable], i) => (byTable && c === letter(mine) && i >= seen ? [mv] : []));
    if (bot.length) words.push(() => t(bot.length === 1 ? 'botPlayedForYou1' : 'botPlayedForYouN', { n: bot.length, moves: bot.join(', ') }));
    if (timed.length) words.push(() => t(timed.length === 1 ? 'tablePlayedForYou1' : 'tablePlayedForYouN', { n: timed.length, moves: timed.join(', ') }));
    return words;
  }
  standIn.forEach((plies, seat) => {
    const moves = (plies ?? []).map(moveText).filter(Boolean);
    if (moves.length) words.push(() => t(moves.length === 1 ? 'botPlayedFor1' : 'botPlayedForN', { n: moves.length, p: seat + 1, moves: moves.join(', ') }));
  });
  return words;
}
