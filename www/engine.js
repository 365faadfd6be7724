// The only importer of the generated wasm package: the page and the bot
// worker ask the Rust engine through these functions and never apply a rule
// themselves.

import init, { TableGame, bot_choose, load_weights, fair_record, fair_ggf, record_verify, fair_new_seed, fair_fingerprint, review_read, Analyzer } from './pkg/virada.js';

export { Analyzer };

let loading = null;

/** Loads the engine once. */
export function ready() {
  loading ??= init();
  return loading;
}

let weights = null;

/**
 * Loads the engine and the trained evaluation (pkg/eval-weights.vrdw, built
 * beside the wasm) once, for the bot's worker. If the file cannot be had the
 * bot plays on the hand-set weights built into the engine; the returned
 * promise then resolves to the reason.
 */
export function readyWithWeights() {
  weights ??= ready().then(async () => {
    try {
      const response = await fetch(new URL('./pkg/eval-weights.vrdw', import.meta.url));
      if (!response.ok) throw new Error(`eval-weights.vrdw: HTTP ${response.status}`);
      load_weights(new Uint8Array(await response.arrayBuffer()));
      return null;
    } catch (e) {
      return String(e?.message ?? e);
    }
  });
  return weights;
}

/** Index 0..63 → "a1".."h8". */
export function squareName(index) {
  return 'abcdefgh'[index % 8] + String(Math.floor(index / 8) + 1);
}

/** "d3" → 19, or -1. */
export function squareIndex(name) {
  const m = /^([a-h])([1-8])$/.exec(String(name).toLowerCase());
  return m ? (Number(m[2]) - 1) * 8 + 'abcdefgh'.indexOf(m[1]) : -1;
}

/**
 * A game at the table. `seats` is "person,bot" | "person,person" | "bot,bot";
 * `seed` is '' (draw a secret one) or 64 hex characters, marked as chosen
 * unless `secret` (a seed the table drew itself, e.g. in the New game
 * dialog); `word` is the players' word ('' for none). Throws Error with a
 * plain message on bad settings.
 */
export class Table {
  constructor({ seats, level, clock, seed, word = '', secret = false }) {
    this.inner = new TableGame(seats, level, clock, seed || '', word);
    if (seed && secret) this.inner.set_seed_chosen(false);
    this.refresh();
  }

  /** The players' word ('' for none). */
  word() {
    return this.inner.word();
  }

  /** Re-reads the snapshot (see crate::table::Table::snapshot). */
  refresh() {
    this.state = JSON.parse(this.inner.snapshot());
    this.legalFlips = new Map(this.state.legal.map(([sq, n]) => [sq, n]));
    return this.state;
  }

  /** Squares a disc on `sq` would flip (empty when not legal). */
  flips(sq) {
    return Array.from(this.inner.flips(sq));
  }

  play(sq) {
    this.inner.play(sq);
    return this.refresh();
  }

  pass() {
    this.inner.pass();
    return this.refresh();
  }

  /** The clock ran out: the table's move (T16); returns its square or -1 for a pass. */
  timeOut() {
    const sq = this.inner.time_out();
    this.refresh();
    return sq;
  }

  replay(transcript, byTable) {
    this.inner.replay(transcript, Uint32Array.from(byTable));
    return this.refresh();
  }

  transcript() {
    return this.inner.transcript();
  }

  seedHex() {
    return this.inner.seed_hex();
  }

  /** The game's record (crate::record): with the seed when `reveal`, "seed: hidden" before. */
  record(reveal) {
    return fair_record(this.inner, reveal);
  }

  /** What the bot worker needs: plain values, since a handle cannot cross. */
  botQuestion() {
    return {
      dark: this.inner.dark_mask(),
      light: this.inner.light_mask(),
      darkToMove: this.inner.dark_to_move(),
      ply: this.inner.ply(),
      seed: this.inner.seed_hex(),
    };
  }

  free() {
    this.inner.free();
  }
}

/** The bot's move ("d3" or "PA") for a position given by its disc masks. */
export function botChoose({ dark, light, darkToMove, level, seed, ply, timeMs }) {
  return bot_choose(BigInt(dark), BigInt(light), darkToMove, level, seed, ply, timeMs);
}

// ---------------------------------------------------------------- fair: records

/** A fresh secret seed (64 hex) from the platform's secure source. */
export function newSeed() {
  return fair_new_seed();
}

/** The fingerprint (SHA-256, 64 hex) of a seed given in hex. */
export function fingerprintOf(seedHex) {
  return fair_fingerprint(seedHex);
}

/** The GGF export of a table game. */
export function ggfOf(table) {
  return fair_ggf(table.inner);
}

/** Checks a record's text: {ok, checks: [{check, status, code, params, message}]}. */
export function verifyRecord(text) {
  return JSON.parse(record_verify(text));
}

// ---------------------------------------------------------------- review

/**
 * A record, GGF game or transcript read for review: {source, plies: [{dark,
 * light, darkToMove, legal, move, byTable}]}, one entry a position (masks as
 * decimal strings), `move` the ply played from it (null after the last).
 * Throws Error("code: message") when the text cannot be read.
 */
export function readGame(text) {
  return JSON.parse(review_read(text));
}
