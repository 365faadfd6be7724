// @ts-check
// Nabucodonosor's rules adapter for the table controller (table.js): a
// session over the engine (nabu-engine.js) with the same snapshot shape as
// Othello's, and how a placement or a capture is previewed (tapping a disc
// offers the rectangles holding it, largest first; tapping it again cycles),
// named and announced. Every rule is the engine's; this file only asks it.

import { NabuGame, newSeed, cellName, rectOf, words } from './nabu-engine.js';
import { t, colorName } from './i18n.js';


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

/** A Nabucodonosor game at the table, with the controller's session interface. */
class NabuSession {
  /** @type {import('./table.js').Snapshot} */
  snap;
  /** @type {Set<number>|null} the cells inside a legal capture, for `inCaptureOf` */
  inCapture = null;
  /** @type {import('./table.js').Snapshot|null} */
  inCaptureOf = null;

  /**
   * @param {import('./table.js').Settings} settings
   * @param {string|undefined} seed
   * @param {{word?: string, secret?: boolean}} [options]
   */
  constructor({ seats, level, clock, size, handicap = '' }, seed, { word = '', secret = false } = {}) {
    this.n = size;
    const bots = seats.split(',').map((s) => (s === 'bot' ? level : 0));
    this.game = NabuGame.start(size, seed || newSeed(), word, bots[0], bots[1], clock);
    // `?handicap=` is Othello's: the engine refuses it here, with its code.
    if (handicap) {
      try {
        this.game.setHandicap(handicap);
      } catch (e) {
        this.game.free();
        throw e;
      }
    }
    if (Boolean(seed) && !secret) this.game.mark_seed_chosen();
    this.refresh();
  }

  /** The engine's snapshot, with the board's side and the seat that holds dark now. */
  refresh() {
    const s = this.game.refresh();
    this.placements = new Set(s.placements);
    this.captures = s.captures;
    this.snap = { ...s, n: this.n, darkSeat: s.swapped ? 1 - s.darkSeat : s.darkSeat };
    return this.snap;
  }

  /** Plays `move` ("d3", "c3:e4", "swap"); the engine then makes any forced pass. */
  play(move) {
    this.game.play(move);
    return this.refresh();
  }

  /** The table's move when the clock runs out; returns its text. */
  timeOut() {
    const event = this.game.timeOut();
    this.refresh();
    return event.move;
  }

  /** Replays saved moves (`*` before a table's move), each checked by the engine. */
  replay(moves) {
    this.game.replayMoves(moves);
    return this.refresh();
  }

  /** The same, as the online table sends them. */
  replayText(moves) {
    return this.replay(moves);
  }

  transcript() {
    return this.game.moves();
  }

  seedHex() {
    return this.game.seedHex();
  }

  word() {
    return this.snap.word;
  }

  record(reveal) {
    return this.game.record(reveal);
  }

  botQuestion() {
    return { size: this.n, moves: this.game.moves(), seed: this.game.seedHex(), ply: this.snap.moves.length };
  }

  free() {
    this.game.free();
  }
}

function captureWords(rect, n) {
  const [from, to] = rect.split(':');
  const k = rectCells(rect, n).length;
  return { from, to, n: k, discs: t(k === 1 ? 'disc' : 'discs') };
}

function placePreview(session, sq, via) {
  return { kind: 'place', move: cellName(sq, session.n), sq, squares: [sq], flips: [], via };
}

function capturePreview(session, rects, anchor, k, via) {
  const rect = rects[k];
  const flips = Array.from(session.game.flips(rect));
  return { kind: 'capture', move: rect, sq: anchor, anchor, rects, k, squares: [], flips, rect: rectOf(rect, session.n), via };
}

/** @type {import('./table.js').Rules<NabuSession>} */
export const nabu = {
  name: 'nabucodonosor',
  store: 'nabucodonosor',
  worker: new URL('./nabu-bot-worker.js', import.meta.url),
  defaults: { seats: 'person,person', level: 2, clock: 0, size: 8 },
  levels: 5,
  sizes: [5, 15],
  mouseClickPlaces: false,

  open: (settings, seed, options) => new NabuSession(settings, seed, options),

  isPass: (move) => move === 'pass',
  squareName: (sq, n) => cellName(sq, n),

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
    const rects = words(session.game.captures_at(sq));
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
        label: t('placeItem', { cell: cellName(sq, session.n) }),
        pressed: preview?.move === cellName(sq, session.n),
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
    const parts = [cellName(sq, session.n), c === 'X' ? t('sqDark') : c === 'O' ? t('sqLight') : t('sqEmpty')];
    if (legal) parts.push(t('legal'));
    if (capture) parts.push(t('inCapture'));
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
