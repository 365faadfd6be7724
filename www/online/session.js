// @ts-check
// The online table's session for the controller (table/table.js): the same
// interface as a local session (games/othello/game.js, games/nabu/game.js), over a local
// engine session replayed from the server's moves, so legal squares,
// previews and flips still come from the wasm rules. The server is the
// authority: its `state` frames say the moves, the seats, who plays dark,
// the fingerprint and, at the end, the signed record with the seed.

import { t } from '../core/i18n.js';
import { perMoveSeconds, readClock } from '../core/clock-text.js';
import { unplayedLine } from './tourney.js';

/**
 * @typedef {{kind: 'empty'|'person'|'bot', tookSeat: boolean, contributed?: boolean, connected: boolean, level: number, name?: string}} ServerSeat
 * @typedef {object} ServerState a `state` frame (docs/server.md)
 * @property {string} id
 * @property {string} game
 * @property {number} size
 * @property {'waiting'|'contributing'|'playing'|'over'} status
 * @property {ServerSeat[]} seats
 * @property {string} clock the clock's notation (`30`, `180+2`, `2d`, `off`; a number from an older server)
 * @property {string} [speed] the speed the clock is rated at (`blitz` …), '' for none
 * @property {{remaining: number[], running: number|null}} [clocks] under a game clock or correspondence: each seat's time left at `now` (ms) and the seat whose clock runs
 * @property {number|null} deadline
 * @property {number|null} waitUntil
 * @property {number|null} [contributeUntil] when the contribution window closes (ms since the epoch)
 * @property {(number|null)[]} graceUntil when the bot takes each seat whose person is away (ms since the epoch, the server's clock)
 * @property {number[][]} [standIn] each seat's plies (from 0) the bot played in the place of its person who left
 * @property {number} now
 * @property {string} fingerprint
 * @property {number} ply
 * @property {string} moves
 * @property {any} table the game's snapshot, null while waiting
 * @property {string|null} record
 * @property {string} key
 * @property {boolean[]} [again] which seats asked to play again (at the end)
 * @property {string|null} [next] the table where the people go on: played again, or the match's next game
 * @property {boolean[]} [declined] which seats answered "No thanks"
 * @property {MatchView} [match] the match (V1) the game belongs to, absent for one game
 * @property {boolean} [rated] a rated game between two accounts (docs/accounts.md)
 * @property {{resigned?: number, aborted?: number}} [cut] the seat that resigned or aborted the game
 * @property {number[]} [resignedScore] a resignation's score seat by seat (rule T24), as the server counts it
 * @property {import('./tourney.js').TourneyView} [tournament] a tournament's game: its tournament and round; `ended` when it was not played out
 */

/**
 * @typedef {object} MatchView a match as the `state` frame shows it (docs/server.md)
 * @property {'points'|'games'} kind
 * @property {number} target
 * @property {number} game this table's game's number (from 1)
 * @property {number[][]} games each finished game's points (first seat, second seat)
 * @property {number[]} total
 * @property {'first'|'second'|'draw'|'none'} winner
 * @property {string|null} record the match record's id once the match is over
 */

/** The seed the local replay runs on: it decides nothing here (the server's snapshot says who plays dark). */
const LOCAL_SEED = '00'.repeat(32);

/** A record line's value, or ''. */
function recordField(record, key) {
  const m = new RegExp(`^${key}: ?(.*)$`, 'm').exec(record ?? '');
  return m ? m[1] : '';
}

/** A record word as typed (records percent-encode `%` and control characters). */
function plainWord(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The server's handicap (`seat2:first:a1,h8`) for the local replay, whose
 * seed draws colours of its own: the seat relabelled so that the local
 * engine gives it the colour the server's draw gave it. The engine then
 * sets up the same start (discs, supplies, first move); the page shows the
 * server's seats and handicap, never these labels.
 * @param {string} handicap @param {number} darkSeat the server's @param {number} localDark the local engine's
 */
function localHandicap(handicap, darkSeat, localDark) {
  const [seat, ...rest] = handicap.split(':');
  const n = seat === 'seat2' ? 1 : 0;
  return [`seat${(darkSeat === localDark ? n : 1 - n) + 1}`, ...rest].join(':');
}

/** A local move as the record writes it: `*` before the table's. */
const written = ([text, , byTable]) => (byTable ? `*${text}` : text);

export class RemoteSession {
  /**
   * @param {import('../table/table.js').Rules} rules the game's adapter
   * @param {ServerState} frame the first state
   * @param {number|null} seat this page's seat, null for a spectator
   */
  constructor(rules, frame, seat) {
    this.rules = rules;
    this.seat = seat;
    /** @type {ServerState} */
    this.frame = frame;
    /**
     * The local engine's session (the game's own adapter, with its extras).
     * @type {(import('../table/table.js').Session & {table?: object, legalFlips?: Map<number, number>, placements?: Set<number>, captures?: string[], n?: number})|null}
     */
    this.local = null;
    this.localOf = '';
    this.snap = null;
    /** @type {number[]} the seats this page shows away (online/presence.js) */
    this.away = [];
    /** @type {(name: string|undefined) => string} an account's rating as shown (online/seat-ratings.js) */
    this.ratingOf = () => '';
    this.sync(frame);
  }

  /** Follows a new state: replays the moves the local engine lacks (from scratch when they differ). */
  sync(frame) {
    this.frame = frame;
    /** when this page had the frame (its clocks' `remaining` are at that instant) */
    this.frameAt = Date.now();
    const moves = (frame.moves ?? '').split(/\s+/).filter(Boolean);
    const mine = this.local ? this.local.snap.moves.map(written) : null;
    // A handicap (V2) changes the start: the server's snapshot says it once the game is on.
    const handicap = frame.table?.handicap ?? '';
    const of = `${frame.size}/${frame.clock}${handicap ? `/${handicap}/${frame.table.darkSeat}` : ''}`;
    const agrees = this.local && this.localOf === of && mine.length <= moves.length && mine.every((m, i) => m === moves[i]);
    if (!agrees) {
      // The local engine replays the server's moves: it keeps a clock a
      // move (its time-out moves replay only under one), never a game clock
      // or correspondence, which the server alone runs (frame.clocks).
      const settings = { seats: 'person,person', level: 1, clock: perMoveSeconds(frame.clock), size: frame.size };
      let fresh = this.rules.open(settings, LOCAL_SEED, { secret: true });
      if (handicap) {
        const local = localHandicap(handicap, frame.table.darkSeat, fresh.snap.darkSeat);
        fresh.free();
        fresh = this.rules.open({ ...settings, handicap: local }, LOCAL_SEED, { secret: true });
      }
      this.local?.free();
      this.local = fresh;
      this.localOf = of;
    }
    const done = this.local.snap.moves.length;
    if (moves.length > done) this.local.replayText(moves.slice(done).join(' '));
    return this.refresh();
  }

  /** The snapshot the view draws: the local engine's board with the server's seats, turn and fingerprint. */
  refresh() {
    const s = this.local.snap;
    const f = this.frame;
    const t = f.table;
    const darkSeat = t ? (t.swapped ? 1 - t.darkSeat : t.darkSeat) : 0;
    this.snap = {
      ...s,
      darkSeat,
      seatToMove: t ? t.seatToMove : 0,
      seats: f.seats.map((x) => (x.kind === 'bot' ? `bot:${x.level}` : 'person')),
      clock: perMoveSeconds(f.clock),
      over: f.status === 'over',
      fingerprint: f.fingerprint,
      handicap: t?.handicap ?? null,
      seedChosen: false,
      word: this.word(),
      online: {
        seat: this.seat,
        status: f.status,
        seats: f.seats,
        away: this.away,
        rated: !!f.rated,
        paired: Boolean(f.tournament),
        ratings: f.seats.map((x) => this.ratingOf(x.name)),
      },
    };
    if (f.status !== 'over') this.snap.outcome = null;
    // A game clock or correspondence: the server's clocks, by colour, from when this page had them.
    const clocks = f.clocks;
    const whole = readClock(f.clock);
    if (clocks) {
      const left = [clocks.remaining[darkSeat], clocks.remaining[1 - darkSeat]];
      this.snap.clockLeft = /** @type {[number, number]} */ (left);
      this.snap.clockRunning = clocks.running == null ? null : clocks.running === darkSeat ? 'dark' : 'light';
      this.snap.clockSince = this.frameAt;
    } else if (whole && !('perMove' in whole)) {
      // Before the game starts: each player's whole time, nothing running yet.
      const base = 'game' in whole ? Number(whole.game.split('+')[0]) * 1000 : whole.days * 86_400_000;
      this.snap.clockLeft = /** @type {[number, number]} */ ([base, base]);
      this.snap.clockRunning = null;
      this.snap.clockSince = this.frameAt;
    }
    // Lost on time: the server's flag, whatever the board says.
    const lost = t?.lostOnTime;
    if (f.status === 'over' && (lost === 'dark' || lost === 'light')) {
      this.snap.lostOnTime = lost;
      this.snap.outcome = lost === 'dark' ? 'light' : 'dark';
    }
    // A seat resigned (the other wins) or aborted (no result): the board did not end it.
    const colorOf = (seat) => (seat === darkSeat ? 'dark' : 'light');
    if (f.status === 'over' && f.tournament?.ended && (!t || f.cut?.aborted != null)) {
      // A tournament's game never played, or left before both moved (W5–W6): a forfeit, not an abort; the table says why.
      this.snap.cut = { unplayed: unplayedLine(f, this.seat) };
      this.snap.outcome = null;
    } else if (f.status === 'over' && f.cut?.resigned != null) {
      // T24's score, the winner's then the loser's, as the server counts it.
      const r = f.cut.resigned;
      const score = Array.isArray(f.resignedScore) ? [f.resignedScore[1 - r], f.resignedScore[r]] : null;
      this.snap.cut = { resigned: colorOf(r), score };
      this.snap.outcome = colorOf(1 - f.cut.resigned);
    } else if (f.status === 'over' && f.cut?.aborted != null) {
      this.snap.cut = { aborted: colorOf(f.cut.aborted) };
      this.snap.outcome = null;
    } else if (f.status === 'over' && f.rated) {
      // A rated game the bot finished for a person who left: they lost, whatever the board says.
      const left = [0, 1].filter((seat) => f.seats[seat]?.tookSeat);
      if (left.length === 1) {
        this.snap.cut = { left: colorOf(left[0]) };
        this.snap.outcome = colorOf(1 - left[0]);
      }
    }
    return this.snap;
  }

  /** The rules adapters ask the local engine for previews and legal squares through these. */
  get table() {
    return this.local.table;
  }

  get legalFlips() {
    return this.local.legalFlips;
  }

  get placements() {
    return this.local.placements;
  }

  get captures() {
    return this.local.captures;
  }

  get n() {
    return this.local.n ?? this.frame.size;
  }

  /** Whether it is this page's person's turn at a game in play. */
  myTurn() {
    return this.frame.status === 'playing' && this.seat !== null && this.frame.table?.seatToMove === this.seat;
  }

  /**
   * The game clock at `now` (this page's ms since the epoch), counted down
   * from the server's last frame; null without one.
   * @param {number} now
   */
  clockAt(now) {
    const s = this.snap;
    if (!s?.clockLeft) return null;
    const left = /** @type {[number, number]} */ ([...s.clockLeft]);
    const running = s.clockRunning ?? null;
    if (running && s.over !== true) {
      const i = running === 'dark' ? 0 : 1;
      left[i] = Math.max(0, left[i] - Math.max(0, now - (s.clockSince ?? now)));
    }
    const lostOnTime = s.lostOnTime ?? null;
    return { control: String(this.frame.clock), left, running: s.over ? null : running, lostOnTime };
  }

  /** The server decides a flag (its next frame ends the game): never here. */
  checkFlag() {
    return null;
  }

  /** Moves are sent to the server (online/online.js), never played here. */
  play() {
    throw new Error('online: moves go to the table');
  }

  timeOut() {
    throw new Error('online: the table keeps the clock');
  }

  replay() {
    return this.snap;
  }

  transcript() {
    return this.frame.moves;
  }

  /** The seed, once the signed record reveals it. */
  seedHex() {
    return recordField(this.frame.record, 'seed').split(' ')[0];
  }

  /** Both players' words, from the record at the end ('' before). */
  word() {
    if (!this.frame?.record) return '';
    return [recordField(this.frame.record, 'word'), recordField(this.frame.record, 'second-word')]
      .map(plainWord)
      .filter(Boolean)
      .join(' · ');
  }

  /** The server's signed record at the end; before it, the moves so far. */
  record() {
    return this.frame.record ?? `${t('onlineRecordLater')}\n${this.frame.moves}`;
  }

  ggf() {
    return this.local.ggf?.() ?? '';
  }

  botQuestion() {
    return this.local.botQuestion();
  }

  free() {
    this.local?.free();
    this.local = null;
  }
}
