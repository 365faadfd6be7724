// @ts-check
// Nabucodonosor's door into the wasm package: the page asks the Rust engine
// (legal placements, captures at a cell, flips, play, bot, record) and never
// applies a rule itself. The game is the same table as Othello's (one wasm
// class, a JSON snapshot, coded errors); `NabuGame` keeps the page's methods.

import { GameTable, record_verify, fair_new_seed, fair_fingerprint } from './pkg/virada.js';
import { ready, coded, eventOf } from './engine.js';

export { ready };

const COLUMNS = 'abcdefghijklmno';
const ZERO_SEED = '00'.repeat(32);

/**
 * Index (row * n + col) → "c3" on an n×n board.
 * @param {number} index
 * @param {number} n
 * @returns {string}
 */
export function cellName(index, n) {
  return COLUMNS[index % n] + String(Math.floor(index / n) + 1);
}

/**
 * "c3" → index on an n×n board, or -1.
 * @param {string} name
 * @param {number} n
 * @returns {number}
 */
export function cellIndex(name, n) {
  const m = /^([a-o])([1-9][0-9]?)$/.exec(String(name));
  if (!m) return -1;
  const col = COLUMNS.indexOf(m[1]);
  const row = Number(m[2]) - 1;
  return col < n && row < n ? row * n + col : -1;
}

/**
 * "c3:e4" → { top, left, bottom, right } (0-based), or null.
 * @param {string} text
 * @param {number} n
 * @returns {{top: number, left: number, bottom: number, right: number}|null}
 */
export function rectOf(text, n) {
  const [a, b] = String(text).split(':');
  const ia = cellIndex(a, n);
  const ib = cellIndex(b, n);
  if (ia < 0 || ib < 0) return null;
  return {
    top: Math.floor(ia / n),
    left: ia % n,
    bottom: Math.floor(ib / n),
    right: ib % n,
  };
}

/**
 * The words of a space-separated list from the engine.
 * @param {string} text
 * @returns {string[]}
 */
export function words(text) {
  return String(text).split(' ').filter(Boolean);
}

const seatOf = (level) => (level > 0 ? `bot:${level}` : 'person');

/**
 * A Nabucodonosor game at the table. `state` is the table's snapshot (see
 * crate::table::Table::snapshot: cells, side, seatToMove, darkSeat, counts,
 * over, outcome, end, placements, captures, legalMoves, canSwap, swapped,
 * moves, timeoutMove …). Errors are Errors with a stable `code`.
 */
export class NabuGame {
  /** @type {import('./engine.js').EngineSnapshot} */
  state;

  /**
   * Two people, no clock, the all-zero seed, on an empty `size`×`size` board.
   * @param {number} size
   * @param {{seats?: string, clock?: number, seed?: string, word?: string}} [settings]
   */
  constructor(size, { seats = 'person,person', clock = 0, seed = ZERO_SEED, word = '' } = {}) {
    this.inner = coded(() => new GameTable('nabucodonosor', size, seats, 1, clock, seed, word));
    this.refresh();
  }

  /**
   * A game at the table: the seed (64 hex) and the word decide who plays
   * dark; `level0`/`level1` are the seats' bot levels (0 = a person, 1–5);
   * `clock` is seconds a turn (0 = off). Throws bad-size, bad-level,
   * bad-clock, bad-seed, bad-word.
   * @param {number} size
   * @param {string} seed
   * @param {string} word
   * @param {number} level0
   * @param {number} level1
   * @param {number} clock
   * @returns {NabuGame}
   */
  static start(size, seed, word, level0, level1, clock) {
    return new NabuGame(size, { seats: `${seatOf(level0)},${seatOf(level1)}`, clock, seed, word });
  }

  /**
   * A game from its moves, space separated (`*` before a table's move), each checked.
   * @param {number} size
   * @param {string} moves
   * @returns {NabuGame}
   */
  static replay(size, moves) {
    const g = new NabuGame(size, { clock: 1 });
    g.replayMoves(moves);
    return g;
  }

  /**
   * Replays stored moves into this fresh game (`*` before a table's move).
   * @param {string} moves
   */
  replayMoves(moves) {
    coded(() => this.inner.replay(moves));
    return this.refresh();
  }

  /** Re-reads the snapshot. */
  refresh() {
    this.state = JSON.parse(this.inner.snapshot());
    return this.state;
  }

  #event(f) {
    const event = eventOf(coded(f));
    event.captured = event.flipped;
    event.state = this.refresh();
    return event;
  }

  /**
   * Plays `mv` (`d3`, `c3:e4`, `swap`); an Error with a `code` says why not.
   * Returns what happened: { move, mover, byTable, placed, flipped, captured,
   * passes, over, state }, `passes` the colours the table then passed for.
   * @param {string} mv
   * @returns {import('./engine.js').TableEvent}
   */
  play(mv) {
    return this.#event(() => this.inner.play(mv));
  }

  /** The clock ran out: the table's move, then any forced pass; the event as for play(). */
  timeOut() {
    return this.#event(() => this.inner.time_out());
  }

  /** The clock ran out: plays the table's move and returns it ('' when over). */
  time_out() {
    if (this.state.over) return '';
    return this.timeOut().move;
  }

  mark_seed_chosen() {
    this.inner.set_seed_chosen(true);
    this.refresh();
  }

  /**
   * A handicap is Othello's only (V2): the engine refuses any other than
   * none (`handicap-othello-only`, coded).
   * @param {string} text
   */
  setHandicap(text) {
    coded(() => this.inner.set_handicap(text));
  }

  seat_to_move() {
    return this.state.seatToMove;
  }

  dark_seat() {
    return this.state.darkSeat;
  }

  record(reveal) {
    return this.inner.record(reveal);
  }

  seedHex() {
    return this.inner.seed_hex();
  }

  size() {
    return this.state.size;
  }

  cells() {
    return this.state.cells;
  }

  /** 'X' or 'O': the colour to move. */
  to_move() {
    return this.state.side === 'dark' ? 'X' : 'O';
  }

  counts() {
    return this.state.counts;
  }

  placements() {
    return this.state.placements;
  }

  captures() {
    return this.state.captures.join(' ');
  }

  legal_moves() {
    return this.state.legalMoves.join(' ');
  }

  captures_at(index) {
    return this.inner.captures_at(index);
  }

  /**
   * The cells a legal capture `rect` would flip; throws when it is not legal now.
   * @param {string} rect
   * @returns {number[]}
   */
  flips(rect) {
    const cells = Array.from(this.inner.preview(rect));
    if (cells.length === 0) {
      const err = /** @type {import('./engine.js').CodedError} */ (new Error(`capture: ${rect} is not a capture here`));
      err.code = 'capture';
      throw err;
    }
    return cells;
  }

  can_swap() {
    return this.state.canSwap;
  }

  must_pass() {
    return this.state.mustPass;
  }

  swapped() {
    return this.state.swapped;
  }

  timeout_move() {
    return this.state.timeoutMove ?? '';
  }

  /** '' while playing; else e.g. `X wipe-out`, `O more-discs`, `X last-mover`. */
  outcome() {
    const s = this.state;
    if (!s.over) return '';
    return `${s.outcome === 'dark' ? 'X' : 'O'} ${s.end}`;
  }

  /** Every move so far, space separated, `*` before a table's move. */
  moves() {
    return this.state.moves.map(([m, , byTable]) => (byTable ? `*${m}` : m)).join(' ');
  }

  free() {
    this.inner.free();
  }
}

/**
 * A fresh secret seed (64 hex).
 * @returns {string}
 */
export function newSeed() {
  return coded(() => fair_new_seed());
}

/**
 * The fingerprint (SHA-256, 64 hex) of a seed given in hex.
 * @param {string} seedHex
 * @returns {string}
 */
export function fingerprintOf(seedHex) {
  return coded(() => fair_fingerprint(seedHex));
}

/**
 * Checks a record's text: the JSON text of {ok, checks: [...]} (parse it).
 * @param {string} text
 * @returns {string}
 */
export function verifyRecord(text) {
  return record_verify(text);
}
