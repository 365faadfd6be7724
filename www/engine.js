// @ts-check
// The only importer of the page's wasm package www/pkg (with nabu-engine.js):
// the page asks the Rust engine through these functions and never applies a
// rule itself. The bots and the review use the other package, www/pkg-bot,
// through bot-engine.js. The table answers a JSON snapshot of
// everything the page draws, and each move answers what happened, forced
// passes included: the table passes at once for a side with no move.

import init, {
  GameTable, record_verify, record_is_match, fair_new_seed, fair_fingerprint,
} from './pkg/virada.js';
import { coded } from './coded.js';

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
 * @property {number} clock seconds a turn, 0 for none
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

/** @typedef {import('./coded.js').CodedError} CodedError */

/**
 * @typedef {object} TableEvent what a move did (crate::table, `play` and `time_out`)
 * @property {string} move
 * @property {'dark'|'light'} mover
 * @property {boolean} byTable
 * @property {number} placed the cell a disc went on, -1 for none
 * @property {number[]} flipped the cells turned over
 * @property {('dark'|'light')[]} passes the colours the table then passed for
 * @property {boolean} over
 * @property {number[]} [captured] Nabucodonosor: `flipped`
 * @property {EngineSnapshot} [state] the snapshot after it
 */

/**
 * The engine's event JSON → { move, mover, byTable, placed, flipped, passes, over }.
 * @param {string} json
 * @returns {TableEvent}
 */
export function eventOf(json) {
  const e = JSON.parse(json);
  return {
    move: e.move,
    mover: e.mover,
    byTable: e.byTable,
    placed: e.placed,
    flipped: e.changed,
    passes: e.passes,
    over: e.over,
  };
}

/**
 * Index 0..63 → "a1".."h8".
 * @param {number} index
 * @returns {string}
 */
export function squareName(index) {
  return 'abcdefgh'[index % 8] + String(Math.floor(index / 8) + 1);
}

/**
 * "d3" → 19, or -1.
 * @param {string} name
 * @returns {number}
 */
export function squareIndex(name) {
  const m = /^([a-h])([1-8])$/.exec(String(name).toLowerCase());
  return m ? (Number(m[2]) - 1) * 8 + 'abcdefgh'.indexOf(m[1]) : -1;
}

/**
 * An Othello game at the table. `seats` is "person,bot" | "person,person" |
 * "bot,bot"; `level` the bots' level (1–10); `clock` seconds a turn (0 =
 * none); `seed` is '' (draw a secret one) or 64 hex characters, marked as
 * chosen unless `secret` (a seed the table drew itself, e.g. in the New game
 * dialog); `word` is the players' word ('' for none); `handicap` the
 * handicap's short form (`seat2:first:a1,h8`, '' for none). Throws an Error
 * with a `code` (bad-seats, bad-level, bad-clock, bad-word, bad-seed,
 * bad-handicap, bad-corner, empty-handicap …) on bad settings.
 */
export class Table {
  /** @type {EngineSnapshot} */
  state;
  /** @type {Map<number, number>} each legal square with its flips */
  legalFlips;

  /** @param {{seats: string, level: number, clock: number, seed?: string, word?: string, secret?: boolean, handicap?: string}} settings */
  constructor({ seats, level, clock, seed, word = '', secret = false, handicap = '' }) {
    this.inner = coded(() => new GameTable('othello', 8, seats, level, clock, seed || '', word));
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

  /** The players' word ('' for none). */
  word() {
    return this.state.word;
  }

  /** Re-reads the snapshot (see crate::table::Table::snapshot). */
  refresh() {
    this.state = JSON.parse(this.inner.snapshot());
    this.legalFlips = new Map(this.state.legal.map(([sq, n]) => [sq, n]));
    return this.state;
  }

  /**
   * Squares a disc on `sq` would flip (empty when not legal).
   * @param {number} sq
   * @returns {number[]}
   */
  flips(sq) {
    return Array.from(this.inner.preview(squareName(sq)));
  }

  /**
   * Places a disc on `sq` for the side to move. Returns what happened:
   * { move, mover, byTable, placed, flipped, passes, over, state }, where
   * `passes` lists the colours the table then passed for.
   * @param {number} sq
   * @returns {TableEvent}
   */
  play(sq) {
    return this.#event(() => this.inner.play(squareName(sq)));
  }

  /** A pass, when it is the only move (the table makes forced passes itself). */
  pass() {
    return this.#event(() => this.inner.play('PA'));
  }

  /** The clock ran out: the table's move (T16), then any forced pass; the event as for play(). */
  timeOut() {
    return this.#event(() => this.inner.time_out());
  }

  #event(f) {
    const event = eventOf(coded(f));
    event.state = this.refresh();
    return event;
  }

  /**
   * Replays a stored transcript ("f5d6PA…"), marking the plies listed in `byTable` (0-based).
   * @param {string} transcript
   * @param {number[]} byTable
   */
  replay(transcript, byTable) {
    const marked = new Set(byTable);
    const plies = String(transcript).replace(/\s+/g, '').match(/.{1,2}/g) ?? [];
    coded(() => this.inner.replay(plies.map((m, i) => (marked.has(i) ? `*${m}` : m)).join(' ')));
    return this.refresh();
  }

  /** Replays moves written as the record writes them ("f5 *d3 PA"), each checked. */
  replayText(text) {
    coded(() => this.inner.replay(text));
    return this.refresh();
  }

  /** The moves so far ("f5d6PA…"). */
  transcript() {
    return this.state.moves.map(([m]) => m).join('');
  }

  seedHex() {
    return this.inner.seed_hex();
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

  /** Makes the game rated (a game of a match: no hint, no undo) or casual. */
  setRated(rated) {
    this.inner.set_rated(rated);
    return this.refresh();
  }

  /** Restores a stored game's hints and undos ("hint 3, undo 8 2"). */
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

  /** What the bot worker needs: plain values, since a handle cannot cross. */
  botQuestion() {
    let dark = 0n;
    let light = 0n;
    [...this.state.cells].forEach((c, i) => {
      if (c === 'X') dark |= 1n << BigInt(i);
      else if (c === 'O') light |= 1n << BigInt(i);
    });
    return {
      dark,
      light,
      darkToMove: this.state.side === 'dark',
      ply: this.state.moves.length,
      seed: this.inner.seed_hex(),
    };
  }

  free() {
    this.inner.free();
  }
}

/**
 * @typedef {{type: 'move', id: number, move: string, book?: boolean} | {type: 'error', id: number, message: string}} BotAnswer
 *   what a bot worker (bot-worker.js, nabu-bot-worker.js) answers a `think` question
 *   (`book`: the move came from the Othello bot's opening book)
 * @typedef {object} OthelloBotQuestion what bot-worker.js takes (with `type: 'think'` and an `id`)
 * @property {bigint} dark dark's discs, bit 0 = a1
 * @property {bigint} light
 * @property {boolean} darkToMove
 * @property {number} level 1–10
 * @property {string} seed 64 hex
 * @property {number} ply
 * @property {number} timeMs
 */

// ---------------------------------------------------------------- fair: records

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
 * The GGF export of a table game.
 * @param {Table} table
 * @returns {string}
 */
export function ggfOf(table) {
  return table.inner.ggf();
}

/**
 * @typedef {{check: string, status: string, code: string, params: Record<string, string>, message: string}} Check
 * @typedef {{ok: boolean, checks: Check[]}} Report
 */

/**
 * Checks a game record's text: {ok, checks: [{check, status, code, params, message}]}.
 * A match record is checked by bot-engine.js's `verifyMatch` (see `isMatchRecord`).
 * @param {string} text
 * @returns {Report}
 */
export function verifyRecord(text) {
  return JSON.parse(record_verify(text));
}

/**
 * Whether a record's text is a match record, for bot-engine.js's `verifyMatch`.
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
 * Completes a report's `signature-in-page` notice: the engine leaves the
 * Ed25519 check of a signed record to the browser's own (WebCrypto), which
 * keeps curve arithmetic out of the page's download. The notice becomes
 * `signature-ok` or `signature-mismatch` (a failure), and `ok` follows. A
 * browser without Ed25519 keeps the notice.
 */
export async function checkSignature(report) {
  const i = report?.checks?.findIndex((c) => c.code === 'signature-in-page') ?? -1;
  if (i < 0) return report;
  const { key, signature, signed } = report.checks[i].params;
  let good;
  try {
    const pub = await crypto.subtle.importKey('raw', bytesOf(key), { name: 'Ed25519' }, false, ['verify']);
    good = await crypto.subtle.verify({ name: 'Ed25519' }, pub, bytesOf(signature), new TextEncoder().encode(signed));
  } catch {
    return report;
  }
  const checks = report.checks.slice();
  checks[i] = {
    check: 'signature',
    status: good ? 'passed' : 'failed',
    code: good ? 'signature-ok' : 'signature-mismatch',
    params: { key },
    message: good
      ? `signed by the server whose key is ${key}`
      : `the signature does not match the record: it was changed after the server signed it (key ${key})`,
  };
  return { ...report, ok: report.ok && good, checks };
}
