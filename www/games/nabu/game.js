// @ts-check
// Nabucodonosor's rules adapter for the table controller (table/table.js): a
// session over the engine (games/engine.js) with the same snapshot shape as
// Othello's, and how a placement or a capture is previewed (tapping a disc
// offers the rectangles holding it, largest first; tapping it again cycles),
// named and announced. Every rule is the engine's; this file only asks it.

import { Table, newSeed, squareName, rectOf } from '../engine.js';
import { t, colorName } from '../../core/i18n.js';

/** The cells of a rectangle "c3:e4" on an n×n board, as indices. */
function rectCells(text, n) {
  const r = rectOf(text, n);
  if (!r) return [];
  const out = [];
  for (let row = r.top; row <= r.bottom; row += 1) {
    for (let col = r.left; col <= r.right; col += 1) out.push(row * n + col);
  }
  return out;
}

/** A seat's setting for the engine: a bot of `level`, or a person (level 0). */
const seatOf = (level) => (level > 0 ? `bot:${level}` : 'person');

/** A Nabucodonosor game at the table, with the controller's session interface. */
class NabuSession {
  /** @type {import('../../table/table.js').Snapshot} */
  snap;
  /** @type {Set<number>|null} the cells inside a legal capture, for `inCaptureOf` */
  inCapture = null;
  /** @type {import('../../table/table.js').Snapshot|null} */
  inCaptureOf = null;

  /**
   * @param {import('../../table/table.js').Settings} settings
   * @param {string|undefined} seed
   * @param {{word?: string, secret?: boolean}} [options]
   */
  constructor({ seats, level, clock, size, handicap = '' }, seed, { word = '' } = {}) {
    this.n = size;
    // Any seat but `bot` is a person's; each bot seat carries its level.
    const bots = seats.split(',').map((s) => (s === 'bot' ? level : 0));
    // The page draws the seed it does not get: the engine marks every seed
    // it is given as chosen, as this table always has.
    this.table = new Table({
      game: 'nabucodonosor',
      size,
      seats: `${seatOf(bots[0])},${seatOf(bots[1])}`,
      level: 1,
      clock,
      seed: seed || newSeed(),
      word,
      // `?handicap=` is Othello's: the engine refuses it here, with its code.
      handicap,
    });
    this.refresh();
  }

  /** The engine's snapshot, with the board's side and the seat that holds dark now. */
  refresh() {
    const s = this.table.state;
    this.placements = new Set(s.placements);
    this.captures = s.captures;
    this.snap = { ...s, n: this.n, darkSeat: s.swapped ? 1 - s.darkSeat : s.darkSeat };
    return this.snap;
  }

  /** Plays `move` ("d3", "c3:e4", "swap"); the engine then makes any forced pass. */
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

  /** The table's move when the clock runs out; returns its text. */
  timeOut() {
    const event = this.table.timeOut();
    this.refresh();
    return event.move;
  }

  /** Replays saved moves (`*` before a table's move), each checked by the engine. */
  replay(moves) {
    this.table.replay(moves);
    return this.refresh();
  }

  /** The same, as the online table sends them. */
  replayText(moves) {
    return this.replay(moves);
  }

  /** Every move so far, space separated, `*` before a table's move. */
  transcript() {
    return this.snap.moves.map(([m, , byTable]) => (byTable ? `*${m}` : m)).join(' ');
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

  botQuestion() {
    return { size: this.n, moves: this.transcript(), seed: this.table.seedHex(), ply: this.snap.moves.length };
  }

  free() {
    this.table.free();
  }
}

function captureWords(rect, n) {
  const [from, to] = rect.split(':');
  const k = rectCells(rect, n).length;
  return { from, to, n: k, discs: t(k === 1 ? 'disc' : 'discs') };
}

function placePreview(session, sq, via) {
  return { kind: 'place', move: squareName(sq, session.n), sq, squares: [sq], flips: [], via };
}

/**
 * The cells a legal capture `rect` would flip; throws (`capture`) when it is not legal now.
 * @param {{table: import('../engine.js').Table}} session
 * @param {string} rect
 * @returns {number[]}
 */
function captureFlips(session, rect) {
  const cells = session.table.preview(rect);
  if (cells.length === 0) {
    const err = /** @type {import('../engine.js').CodedError} */ (new Error(`capture: ${rect} is not a capture here`));
    err.code = 'capture';
    throw err;
  }
  return cells;
}

function capturePreview(session, rects, anchor, k, via) {
  const rect = rects[k];
  const flips = captureFlips(session, rect);
  return { kind: 'capture', move: rect, sq: anchor, anchor, rects, k, squares: [], flips, rect: rectOf(rect, session.n), via };
}

/** @type {import('../../table/types.js').Rules<NabuSession>} */
export const nabu = {
  name: 'nabucodonosor',
  store: 'nabucodonosor',
  worker: new URL('../../bot/nabu-worker.js', import.meta.url),
  defaults: { seats: 'person,person', level: 2, clock: 0, size: 8 },
  levels: 5,
  sizes: [5, 15],
  mouseClickPlaces: false,

  open: (settings, seed, options) => new NabuSession(settings, seed, options),

  isPass: (move) => move === 'pass',
  squareName: (sq, n) => squareName(sq, n),

  /**
   * A tap on `sq`: the previewed placement again places it; in a previewed
   * capture, its anchor again cycles to the next rectangle holding it and any
   * other of its cells plays it; else a placement or the captures at `sq`.
   */
  tap(session, sq, p, via) {
    if (p?.kind === 'place' && p.sq === sq) return { commit: p.move };
    if (p?.kind === 'capture') {
      if (sq === p.anchor && p.rects.length > 1) {
        return { preview: capturePreview(session, p.rects, p.anchor, (p.k + 1) % p.rects.length, via) };
      }
      if (rectCells(p.move, session.n).includes(sq)) return { commit: p.move };
    }
    if (session.placements.has(sq)) return { preview: placePreview(session, sq, via) };
    const rects = session.table.capturesAt(sq);
    if (rects.length) return { preview: capturePreview(session, rects, sq, 0, via) };
    return null;
  },

  hover: () => null,

  previewText(p, session) {
    if (p.kind === 'place') return t('previewPlace', { cell: p.move });
    const w = captureWords(p.move, session.n);
    return p.rects.length > 1 ? t('previewCycle', { ...w, k: p.k + 1, m: p.rects.length }) : t('previewCapture', w);
  },

  hints: (session) => [...session.placements],

  /** "All my moves": placements, captures and the pie swap. */
  choices(session, preview) {
    const items = [];
    for (const sq of session.placements) {
      items.push({
        label: t('placeItem', { cell: squareName(sq, session.n) }),
        pressed: preview?.move === squareName(sq, session.n),
        choose: (via) => placePreview(session, sq, via),
      });
    }
    for (const rect of session.captures) {
      items.push({
        label: t('captureItem', captureWords(rect, session.n)),
        pressed: preview?.move === rect,
        choose: (via) => capturePreview(session, [rect], rectCells(rect, session.n)[0], 0, via),
      });
    }
    if (session.snap.canSwap) items.push({ label: t('swapItem'), commit: 'swap' });
    return items;
  },

  gridItem(session, sq, preview, hints) {
    const s = session.snap;
    const c = s.cells[sq];
    if (!session.inCapture || session.inCaptureOf !== s) {
      session.inCapture = new Set(session.captures.flatMap((r) => rectCells(r, session.n)));
      session.inCaptureOf = s;
    }
    const legal = session.placements.has(sq);
    const capture = session.inCapture.has(sq);
    const flips = preview?.flips ?? [];
    const parts = [squareName(sq, session.n), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
    // Named a move only where the person may play it (as the pencil dots show it): never to a spectator.
    if (hints && legal) parts.push(t('legal'));
    if (hints && capture) parts.push(t('inCapture'));
    if (preview?.kind === 'place' && preview.sq === sq) parts.push(t('sqPreview'));
    if (flips.includes(sq)) parts.push(t('flips'));
    if (s.last === sq) parts.push(t('sqLast'));
    return {
      name: parts.join(', '),
      data: {
        disc: c === 'X' ? 'dark' : c === 'O' ? 'light' : 'empty',
        legal,
        capture,
        hint: hints && (legal || capture),
        preview: preview?.sq === sq,
        wouldFlip: flips.includes(sq),
        last: s.last === sq,
      },
    };
  },

  describedBy: () => null,
  tipSquares: [],

  playedText(side, move) {
    if (move === 'swap') return t('swapped');
    return t('played', { color: colorName(side), move: move.replace(':', '–') });
  },

  timeoutText: (side, move) => t('timedOut', { color: colorName(side, true), move: move.replace(':', '–') }),

  resultText(s) {
    const key = { 'wipe-out': 'wipeOut', 'more-discs': 'moreDiscs', 'last-mover': 'lastMover' }[s.end];
    return t(key, { color: colorName(s.outcome) });
  },

  moveText: (move) => (move === 'pass' ? '—' : move.replace(':', '–')),
};
