// @ts-check
// Who is at the online table, as a page tells it: a person whose last
// connection closed is away (the server's `seats[].connected`), and the bot
// takes their seat when their grace runs out (`graceUntil`) until they come
// back (`tookSeat`); the line under the turn counts that down, and the live
// region says each change once. A page that sits down mid-game (a reload, a
// return, a spectator) is told where the game stands and who played for
// whom while it was away: the bot for a person (the server's `standIn`),
// the table on time-out (the `*` moves). Every text is words
// (core/announce.js), so a change of language writes them again.

import { t, colorName } from '../core/i18n.js';
import { seatLabel } from '../table/panel.js';

/** @typedef {import('../core/announce.js').Words} Words */
/** @typedef {import('./session.js').ServerState} ServerState */

/** "1:05" / "0:09" for a count of seconds. */
export function minutes(secs) {
  const s = Math.max(0, Math.ceil(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
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
 * The line under the turn while someone is away: who, and in how long the
 * bot sits for them ('' when nobody is away).
 * @param {ServerState} frame
 * @param {number|null} mine
 * @param {number} offset the server's clock minus this page's (ms)
 * @returns {string}
 */
export function awayLine(frame, mine, offset) {
  return awaySeats(frame, mine)
    .map(({ seat, until }) => awayText(seat, mine, minutes((until - offset - Date.now()) / 1000)))
    .join(' ');
}

function awayText(seat, mine, time) {
  return mine === null ? t('awayPlayer', { n: seat + 1, time }) : t('awayOpponent', { time });
}

/**
 * What changed at the seats between two states of a game in play, said once:
 * a person away, back, the bot sitting for them, their seat given back.
 * @param {ServerState} was
 * @param {ServerState} frame
 * @param {number|null} mine
 * @returns {Words[]}
 */
export function seatNews(was, frame, mine) {
  if (!was.fingerprint || frame.status !== 'playing' || was.status !== 'playing') return [];
  /** @type {Words[]} */
  const news = [];
  const away = new Set(awaySeats(was, mine).map((a) => a.seat));
  // Said once; the line under the turn counts down (a time said here would go stale).
  for (const { seat } of awaySeats(frame, mine)) {
    if (!away.has(seat)) news.push(() => (mine === null ? t('leftPlayer', { n: seat + 1 }) : t('leftOpponent')));
  }
  frame.seats.forEach((s, i) => {
    const before = was.seats[i];
    const own = i === mine;
    if (s.tookSeat && !before.tookSeat) news.push(own ? () => t('botTookMine') : () => (mine === null ? t('botTookNowPlayer', { p: i + 1 }) : t('botTookNowOpponent')));
    else if (!s.tookSeat && before.tookSeat) news.push(own ? () => t('seatBackMine') : () => t('seatBack', { who: whoIs(i, mine) }));
    else if (!own && away.has(i) && s.kind === 'person' && s.connected) news.push(() => t('seatBack', { who: whoIs(i, mine) }));
  });
  return news;
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
