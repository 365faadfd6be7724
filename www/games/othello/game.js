// @ts-check
// Othello's rules adapter for the table controller (table/table.js): how a
// session is opened over the engine (games/engine.js), and how its moves are
// previewed, named and announced. Every rule is the engine's; this file only
// asks it.

import { Table, squareName } from '../engine.js';
import { t, discs, colorName } from '../../core/i18n.js';

const N = 8;
const CORNERS = new Set([0, N - 1, N * (N - 1), N * N - 1]);

/** An Othello game at the table, with the controller's session interface. */
class OthelloSession {
  /** @type {import('../../table/table.js').Snapshot} */
  snap;
  /** @type {Map<number, number>} each legal square with its flips */
  legalFlips;

  /**
   * `seats` is "person,bot" | "person,person" | "bot,bot"; `level` the bots'
   * level (1–10); `clock` seconds a turn (0 = none); `seed` undefined (draw
   * a secret one) or 64 hex, marked as chosen unless `secret`; `word` the
   * players' word; `handicap` the handicap's short form ('' for none).
   * @param {import('../../table/table.js').Settings} settings
   * @param {string|undefined} seed
   * @param {{word?: string, secret?: boolean}} [options]
   */
  constructor({ seats, level, clock, handicap = '' }, seed, { word = '', secret = false } = {}) {
    this.table = new Table({ game: 'othello', size: N, seats, level, clock, seed: seed ?? '', word, secret, handicap });
    this.refresh();
  }

  refresh() {
    const s = this.table.state;
    this.legalFlips = new Map(s.legal.map(([sq, n]) => [sq, n]));
    this.snap = { ...s, n: N };
    return this.snap;
  }

  /** Makes the game rated (a game of a match: no hint, no undo). */
  setRated(rated) {
    this.table.setRated(rated);
    return this.refresh();
  }

  /** Plays a move given as text ("d3"); the engine then makes any forced pass. */
  play(move) {
    this.table.play(move);
    return this.refresh();
  }

  /** The game clock (table/game-clock.js): started, asked, its flag checked. */
  startClock(now) {
    this.table.startClock(now);
    return this.refresh();
  }

  /** A stored game's clock, after its moves were replayed (games/engine.js). */
  restoreClock(kept) {
    this.table.restoreClock(kept);
    return this.refresh();
  }

  checkFlag(now) {
    const flag = this.table.checkFlag(now);
    if (flag) this.refresh();
    return flag;
  }

  clockAt(now) {
    return this.table.clockAt(now);
  }

  /** The table's move when the clock runs out (T16): its text ("d3"). */
  timeOut() {
    const event = this.table.timeOut();
    this.refresh();
    return event.move;
  }

  /**
   * Replays a stored transcript ("f5d6PA…"), marking the plies listed in `byTable` (0-based).
   * @param {string} transcript
   * @param {number[]} [byTable]
   */
  replay(transcript, byTable = []) {
    const marked = new Set(byTable);
    const plies = String(transcript).replace(/\s+/g, '').match(/.{1,2}/g) ?? [];
    this.table.replay(plies.map((m, i) => (marked.has(i) ? `*${m}` : m)).join(' '));
    return this.refresh();
  }

  /** Replays moves as the record writes them ("f5 *d3 PA"): the online table's. */
  replayText(moves) {
    this.table.replay(moves);
    return this.refresh();
  }

  /** The moves so far ("f5d6PA…"), as the store keeps them. */
  transcript() {
    return this.snap.moves.map(([m]) => m).join('');
  }

  seedHex() {
    return this.table.seedHex();
  }

  word() {
    return this.snap.word;
  }

  record(reveal) {
    return this.table.record(reveal);
  }

  ggf() {
    return this.table.ggf();
  }

  /** What the bot worker needs: plain values, since a handle cannot cross. */
  botQuestion() {
    let dark = 0n;
    let light = 0n;
    [...this.snap.cells].forEach((c, i) => {
      if (c === 'X') dark |= 1n << BigInt(i);
      else if (c === 'O') light |= 1n << BigInt(i);
    });
    return {
      dark,
      light,
      darkToMove: this.snap.side === 'dark',
      ply: this.snap.moves.length,
      seed: this.table.seedHex(),
    };
  }

  hintTaken() {
    this.table.hintTaken();
    return this.refresh();
  }

  undo() {
    const n = this.table.undo();
    this.refresh();
    return n;
  }

  setAssists(text) {
    this.table.setAssists(text);
    return this.refresh();
  }

  free() {
    this.table.free();
  }
}

/** A preview of square `sq` (its flips from the engine). */
function previewOf(session, sq, via) {
  const flips = session.table.preview(squareName(sq));
  return { move: squareName(sq), sq, squares: [sq], flips, via, text: '' };
}

/** @type {import('../../table/types.js').Rules<OthelloSession>} */
export const othello = {
  name: 'othello',
  store: 'othello',
  worker: new URL('../../bot/worker.js', import.meta.url),
  defaults: { seats: 'person,bot', level: 3, clock: 30, size: N },
  levels: 10,
  mouseClickPlaces: true,
  assists: true, // Hint and Undo against the bot (the worker answers {type:'hint'})

  open: (settings, seed, options) => new OthelloSession(settings, seed, options),

  isPass: (move) => move === 'PA',
  squareName,

  /** What a tap on `sq` does: place the previewed square, preview a legal one, or nothing. */
  tap(session, sq, preview, via) {
    if (!session.legalFlips.has(sq)) return null;
    if (preview?.sq === sq || via === 'mouse') return { commit: squareName(sq) };
    return { preview: previewOf(session, sq, via) };
  },

  hover: (session, sq) => (session.legalFlips.has(sq) ? previewOf(session, sq, 'mouse') : null),

  previewText(p) {
    const key = p.via === 'key' ? 'previewKey' : 'preview';
    return t(key, { sq: p.move, discs: discs(p.flips.length) });
  },

  /** Squares the pencil dots mark: the legal ones. */
  hints: (session) => session.snap.legal.map(([sq]) => sq),

  /** "All my moves": each legal square with its flips. */
  choices: (session, preview) => session.snap.legal.map(([sq, n]) => ({
    label: t('moveEntry', { sq: squareName(sq), discs: discs(n) }),
    sq,
    pressed: preview?.sq === sq,
    choose: (via) => previewOf(session, sq, via),
  })),

  gridItem(session, sq, preview, hints) {
    const s = session.snap;
    const legal = session.legalFlips;
    const c = s.cells[sq];
    const flips = new Set(preview?.flips ?? []);
    const parts = [squareName(sq), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
    // Named a move only where the person may play it (as the pencil dots show it): never to a spectator.
    if (hints && legal.has(sq)) parts.push(t('sqLegal', { discs: discs(legal.get(sq)) }));
    if (preview?.sq === sq) parts.push(t('sqPreview'));
    if (flips.has(sq)) parts.push(t('sqWouldFlip'));
    if (s.last === sq) parts.push(t('sqLast'));
    if (CORNERS.has(sq)) parts.push(t('sqCorner'));
    return {
      name: parts.join(', '),
      data: {
        disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
        legal: legal.has(sq) ? legal.get(sq) : null,
        hint: hints && legal.has(sq),
        preview: preview?.sq === sq,
        wouldFlip: flips.has(sq),
        last: s.last === sq,
      },
    };
  },

  describedBy: (sq) => (CORNERS.has(sq) ? 'help-corner' : null),
  tipSquares: [...CORNERS],

  playedText: (side, move, s, book = false) =>
    t(book ? 'playedBook' : 'played', { color: colorName(side), sq: move, discs: discs(s.lastFlips.length) }),

  timeoutText(side, move, s) {
    if (move === 'PA') return t('timeoutPass', { color: colorName(side, true) });
    return t('timeout', { color: colorName(side, true), sq: move, discs: discs(s.lastFlips.length) });
  },

  /** "Dark wins, 40 to 24." / "A draw, 32 to 32." */
  resultText(s, who) {
    const [d, l] = s.counts;
    if (s.outcome === 'draw') return t('draw', { a: d, b: l });
    const [a, b] = s.outcome === 'dark' ? [d, l] : [l, d];
    return t('win', { color: `${colorName(s.outcome)} (${who(s.outcome)})`, a, b });
  },

  moveText: (move) => (move === 'PA' ? '—' : move),
};
