// @ts-check
// The only importer of the page's wasm package www/pkg: the page asks the
// Rust engine through this module and never applies a rule itself. One
// wrapper, `Table`, around the wasm `GameTable` serves both games (Othello
// and Nabucodonosor): it answers a JSON snapshot of everything the page
// draws, and each move answers what happened, forced passes included (the
// table passes at once for a side with no move). Beside it: the cells'
// names, the fair draw's seeds and fingerprints, and the record's checks.
// The bots and the review use the other package, www/pkg-bot, through
// bot/engine.js.

import init, {
  GameTable, record_verify, record_is_match, fair_new_seed, fair_fingerprint,
} from '../pkg/virada.js';
import { coded } from '../core/coded.js';

export { coded };

/** @type {Promise<unknown>|null} */
let loading = null;

/**
 * Loads the engine once.
 * @returns {Promise<unknown>}
 */
export function ready() {
  loading ??= init();
  return loading;
}

/**
 * @typedef {object} EngineSnapshot everything the page draws (crate::table::Table::snapshot)
 * @property {string} game `othello` | `nabucodonosor`
 * @property {number} size
 * @property {string} cells one letter a cell: `X` dark, `O` light, `.` empty
 * @property {'dark'|'light'} side the colour to move
 * @property {number} seatToMove 0 or 1
 * @property {number} darkSeat the seat that plays dark
 * @property {string[]} seats `person`, `bot:N`
 * @property {number} clock seconds a turn, 0 for none (a clock a move's)
 * @property {string|null} [timeControl] the clock in its notation (`30`, `180+2`), null for none
 * @property {[number, number]|null} [clockLeft] a game clock's dark and light milliseconds left when last stopped
 * @property {'dark'|'light'|null} [clockRunning] the colour whose game clock runs
 * @property {number} [clockSince] when the running game clock started (ms since the epoch)
 * @property {'dark'|'light'|null} [lostOnTime] the colour whose flag fell
 * @property {number[]} [clockTimes] a game clock's time left after each ply so far, in tenths (the record's `times`)
 * @property {[number, number]} counts dark's and light's discs
 * @property {boolean} mustPass
 * @property {boolean} over
 * @property {'dark'|'light'|'draw'|null} outcome
 * @property {number} last the cell of the last disc placed, -1 for none
 * @property {number[]} lastFlips
 * @property {string|null} lastMove
 * @property {[string, string, boolean][]} moves each move's text, mover's letter and whether the table made it
 * @property {string} fingerprint
 * @property {boolean} seedChosen
 * @property {string} word
 * @property {string|null} timeoutMove
 * @property {string|null} [handicap] Othello's handicap in its short form (`seat2:first:a1,h8`), null for none
 * @property {string} [assists] hints and undos so far, as the record writes them
 * @property {boolean} [rated] a rated table: no hint, no undo
 * @property {[number, number][]} [legal] Othello: each legal square with its flips
 * @property {[number, number]} [supplies] Othello: the discs left to each colour
 * @property {number[]} [placements] Nabucodonosor: the legal placements
 * @property {string[]} [captures] Nabucodonosor: the legal captures (`c3:e4`)
 * @property {string[]} [legalMoves] Nabucodonosor
 * @property {boolean} [canSwap] Nabucodonosor
 * @property {boolean} [swapped] Nabucodonosor
 * @property {string|null} [end] Nabucodonosor: `wipe-out` | `more-discs` | `last-mover`
 */

/** @typedef {import('../core/coded.js').CodedError} CodedError */

/**
 * @typedef {object} TableEvent what a move did (crate::table, `play` and `time_out`)
 * @property {string} move
 * @property {'dark'|'light'} mover
 * @property {boolean} byTable
 * @property {number} placed the cell a disc went on, -1 for none
 * @property {number[]} flipped the cells turned over (captured, in Nabucodonosor)
 * @property {('dark'|'light')[]} passes the colours the table then passed for
 * @property {boolean} over
 * @property {EngineSnapshot} state the snapshot after it
 */

// ---------------------------------------------------------------- cells

const COLUMNS = 'abcdefghijklmno';

/**
 * Index (row * n + col) → "c3" on an n×n board (Othello's 8×8 by default).
 * @param {number} index
 * @param {number} [n]
 * @returns {string}
 */
export function squareName(index, n = 8) {
  return COLUMNS[index % n] + String(Math.floor(index / n) + 1);
}

/**
 * "c3" → index on an n×n board (Othello's 8×8 by default), or -1.
 * @param {string} name
 * @param {number} [n]
 * @returns {number}
 */
export function squareIndex(name, n = 8) {
  const m = /^([a-o])([1-9][0-9]?)$/.exec(String(name).toLowerCase());
  if (!m) return -1;
  const col = COLUMNS.indexOf(m[1]);
  const row = Number(m[2]) - 1;
  return col < n && row < n ? row * n + col : -1;
}

/**
 * A capture "c3:e4" → { top, left, bottom, right } (0-based), or null.
 * @param {string} text
 * @param {number} n
 * @returns {{top: number, left: number, bottom: number, right: number}|null}
 */
export function rectOf(text, n) {
  const [a, b] = String(text).split(':');
  const ia = squareIndex(a, n);
  const ib = squareIndex(b, n);
  if (ia < 0 || ib < 0) return null;
  return {
    top: Math.floor(ia / n),
    left: ia % n,
    bottom: Math.floor(ib / n),
    right: ib % n,
  };
}

// ---------------------------------------------------------------- the table

/**
 * @typedef {object} TableSettings a game to open at the table
 * @property {'othello'|'nabucodonosor'} [game] `othello` by default
 * @property {number} [size] the board's side (Othello: 8)
 * @property {string} seats `person,bot` | `person,person` | `bot,bot` (or `bot:N` a seat)
 * @property {number} level the bots' level
 * @property {number|string} clock seconds a turn (`30`) or a game clock
 *   (`180+2`), in the clock's notation; 0 or '' for none
 * @property {string} [seed] '' to draw a secret one, or 64 hex
 * @property {string} [word] the players' word, '' for none
 * @property {boolean} [secret] a given seed the table drew itself (not chosen)
 * @property {string} [handicap] the handicap's short form (`seat2:first:a1,h8`), '' for none
 */

/**
 * A game at the table, either game. A seed given is marked chosen unless
 * `secret` (a seed the table drew itself, e.g. in the New game dialog).
 * Throws an Error with a `code` (bad-seats, bad-level, bad-clock, bad-word,
 * bad-seed, bad-size, bad-handicap, bad-corner, empty-handicap,
 * handicap-othello-only …) on bad settings.
 */
export class Table {
  /** @type {EngineSnapshot} */
  state;

  /** @param {TableSettings} settings */
  constructor({ game = 'othello', size = 8, seats, level, clock, seed = '', word = '', secret = false, handicap = '' }) {
    this.inner = coded(() => new GameTable(game, size, seats, level, String(clock || ''), seed || '', word));
    if (seed && secret) this.inner.set_seed_chosen(false);
    if (handicap) {
      try {
        coded(() => this.inner.set_handicap(handicap));
      } catch (e) {
        this.inner.free();
        throw e;
      }
    }
    this.refresh();
  }

  /** Re-reads the snapshot (see crate::table::Table::snapshot). */
  refresh() {
    this.state = JSON.parse(this.inner.snapshot());
    return this.state;
  }

  /**
   * Plays `move` as the record writes it (`d3`, `PA`; `c3:e4`, `swap`) for
   * the side to move. Returns what happened (see TableEvent); an Error with
   * a `code` says why not.
   * @param {string} move
   * @returns {TableEvent}
   */
  play(move) {
    // A game clock charges the move at its instant (the same scale as startClock's).
    return this.#event(() => this.inner.play_at(move, Date.now()));
  }

  /** @param {number} now starts the side to move's game clock, once */
  startClock(now) {
    this.inner.start_clock(now);
    return this.refresh();
  }

  /**
   * A stored game's clock, after its moves were replayed: each ply's time
   * left (tenths, the snapshot's `clockTimes`), dark's and light's
   * milliseconds left when last stopped (`clockLeft`) and the instant the
   * side to move's clock started (`clockSince`). `bad-clock-state` when
   * they do not fit the moves.
   * @param {{times: number[], left: [number, number], since: number}} kept
   */
  restoreClock({ times, left, since }) {
    coded(() => this.inner.restore_clock(Uint32Array.from(times), left[0], left[1], since));
    return this.refresh();
  }

  /** @param {number} now @returns {'dark'|'light'|null} the colour lost on time by `now` */
  checkFlag(now) {
    const flag = /** @type {'dark'|'light'|undefined} */ (this.inner.check_flag(now));
    if (flag) this.refresh();
    return flag ?? null;
  }

  /** @param {number} now @returns {{control: string, left: [number, number], running: 'dark'|'light'|null, lostOnTime: 'dark'|'light'|null}|null} */
  clockAt(now) {
    return JSON.parse(this.inner.clock(now));
  }


  /** Othello's pass, when it is the only move (the table makes forced passes itself). */
  pass() {
    return this.play('PA');
  }

  /** The clock ran out: the table's move (T16), then any forced pass; the event as for play(). */
  timeOut() {
    return this.#event(() => this.inner.time_out());
  }

  /**
   * @param {() => string} f
   * @returns {TableEvent}
   */
  #event(f) {
    const e = JSON.parse(coded(f));
    return {
      move: e.move,
      mover: e.mover,
      byTable: e.byTable,
      placed: e.placed,
      flipped: e.changed,
      passes: e.passes,
      over: e.over,
      state: this.refresh(),
    };
  }

  /**
   * Replays moves written as the record writes them ("f5 *d3 PA", `*`
   * before a table's move) into this fresh game, each checked.
   * @param {string} moves
   */
  replay(moves) {
    coded(() => this.inner.replay(moves));
    return this.refresh();
  }

  /**
   * The cells a move would turn over (empty when it is not legal now).
   * @param {string} move
   * @returns {number[]}
   */
  preview(move) {
    return Array.from(this.inner.preview(move));
  }

  /**
   * Nabucodonosor: the legal captures holding cell `index`, largest first.
   * @param {number} index
   * @returns {string[]}
   */
  capturesAt(index) {
    return this.inner.captures_at(index);
  }

  /** The seed, 64 hex (the page shows it only at the end). */
  seedHex() {
    return this.inner.seed_hex();
  }

  /**
   * Marks the seed as chosen (or drawn in secret).
   * @param {boolean} chosen
   */
  setSeedChosen(chosen) {
    this.inner.set_seed_chosen(chosen);
    return this.refresh();
  }

  /** The person to move took a hint: noted in the record. Errors are coded (`rated`, `nothing-to-undo`). */
  hintTaken() {
    coded(() => this.inner.hint_taken());
    return this.refresh();
  }

  /** Takes back the person's last move and what followed; noted in the record. Returns the plies taken back. */
  undo() {
    const n = coded(() => this.inner.undo());
    this.refresh();
    return n;
  }

  /**
   * Makes the game rated (a game of a match: no hint, no undo) or casual.
   * @param {boolean} rated
   */
  setRated(rated) {
    this.inner.set_rated(rated);
    return this.refresh();
  }

  /**
   * Restores a stored game's hints and undos ("hint 3, undo 8 2").
   * @param {string} text
   */
  setAssists(text) {
    coded(() => this.inner.set_assists(text));
    return this.refresh();
  }

  /**
   * The game's record (crate::record): with the seed when `reveal`, "seed: hidden" before.
   * @param {boolean} reveal
   * @returns {string}
   */
  record(reveal) {
    return this.inner.record(reveal);
  }

  /** Othello's GGF export (`wrong-game` for Nabucodonosor). */
  ggf() {
    return coded(() => this.inner.ggf());
  }

  free() {
    this.inner.free();
  }
}

// ---------------------------------------------------------------- fair: seeds, records

/**
 * A fresh secret seed (64 hex) from the platform's secure source.
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
 * @typedef {{check: string, status: string, code: string, params: Record<string, string>, message: string}} Check
 * @typedef {{ok: boolean, checks: Check[]}} Report
 */

/**
 * Checks a game record's text (either game): {ok, checks: [{check, status, code, params, message}]}.
 * A match record is checked by bot/engine.js's `verifyMatch` (see `isMatchRecord`).
 * @param {string} text
 * @returns {Report}
 */
export function verifyRecord(text) {
  return JSON.parse(record_verify(text));
}

/**
 * Whether a record's text is a match record, for bot/engine.js's `verifyMatch`.
 * @param {string} text
 * @returns {boolean}
 */
export function isMatchRecord(text) {
  return record_is_match(text);
}

/** Hex → bytes. */
function bytesOf(hex) {
  return Uint8Array.from(String(hex).match(/../g) ?? [], (h) => parseInt(h, 16));
}

/**
 * Completes a report's `signature-in-page` notices: the engine leaves the
 * Ed25519 check of a signed record to the browser's own (WebCrypto), which
 * keeps curve arithmetic out of the page's download. Each notice (a game's,
 * and in a match record's report the match's own and each game's) becomes
 * `signature-ok` or `signature-mismatch` (a failure), and `ok` follows. A
 * browser without Ed25519 keeps the notices.
 * @template {Report & {games?: {ok: boolean, checks: Check[]}[]}} R
 * @param {R} report
 * @returns {Promise<R>}
 */
export async function checkSignature(report) {
  /** The checks with their notices completed, and whether all of those held; null when none could be. */
  const complete = async (/** @type {Check[]} */ list) => {
    let changed = false;
    let good = true;
    const checks = [];
    for (const c of list) {
      if (c.code !== 'signature-in-page') {
        checks.push(c);
        continue;
      }
      const { key, signature, signed } = c.params;
      let holds;
      try {
        const pub = await crypto.subtle.importKey('raw', bytesOf(key), { name: 'Ed25519' }, false, ['verify']);
        holds = await crypto.subtle.verify({ name: 'Ed25519' }, pub, bytesOf(signature), new TextEncoder().encode(signed));
      } catch {
        checks.push(c);
        continue;
      }
      changed = true;
      good &&= holds;
      checks.push({
        check: c.check,
        status: holds ? 'passed' : 'failed',
        code: holds ? 'signature-ok' : 'signature-mismatch',
        params: { key },
        message: holds
          ? `signed by the server whose key is ${key}`
          : `the signature does not match the record: it was changed after the server signed it (key ${key})`,
      });
    }
    return { checks, changed, good };
  };
  const own = await complete(report?.checks ?? []);
  let changed = own.changed;
  let ok = report.ok && own.good;
  let games = report.games;
  if (Array.isArray(report.games)) {
    games = [];
    for (const g of report.games) {
      const done = await complete(g.checks);
      changed ||= done.changed;
      ok &&= done.good;
      games.push(done.changed ? { ...g, ok: g.ok && done.good, checks: done.checks } : g);
    }
  }
  if (!changed) return report;
  return { ...report, ok, checks: own.checks, ...(games ? { games } : {}) };
}
