// @ts-check
// The page's side of the puzzle worker (puzzle/worker.js): one worker for
// the page's life, each question a promise. A refusal comes back as a
// PuzzleError whose `code` is the library's (the text before the first
// colon), for the page to say in its language.

/** A refusal from the worker: the library's code and its English sentence. */
export class PuzzleError extends Error {
  /** @param {string} text `code: message` */
  constructor(text) {
    super(text);
    const at = text.indexOf(':');
    this.code = at > 0 ? text.slice(0, at) : 'puzzle-error';
  }
}

/**
 * @typedef {object} Legal a legal square and the discs it flips
 * @property {number} sq
 * @property {string} move
 * @property {number[]} flips
 *
 * @typedef {object} PositionView a position as the page draws it (crate/src/puzzle/session.rs)
 * @property {string} cells 64 of `X`, `O`, `-`, a1 first
 * @property {'dark'|'light'} side
 * @property {number} dark
 * @property {number} light
 * @property {boolean} over
 * @property {Legal[]} legal
 *
 * @typedef {object} Ply one ply played
 * @property {string} move `g8` or `pass`
 * @property {number} sq -1 for a pass
 * @property {'dark'|'light'} mover
 * @property {number[]} flips
 * @property {string} cells the board after it
 * @property {number} dark
 * @property {number} light
 *
 * @typedef {object} Opened a puzzle opened
 * @property {string} id
 * @property {number} rating
 * @property {string[]} themes
 * @property {number} moves
 * @property {number} empties
 * @property {'dark'|'light'} person
 * @property {PositionView} position
 *
 * @typedef {object} Played what the person's move did
 * @property {'kept'|'solved'|'missed'} outcome
 * @property {Ply[]} plies
 * @property {PositionView} [position] after the replies (kept, solved)
 * @property {string[]} moves the person's moves so far
 * @property {[number, number]} [ends] a miss: the discs at the end, the person's first
 * @property {[number, number]} [bestEnds]
 * @property {string|null} [best]
 *
 * @typedef {{rating: number, deviation: number, volatility: number, shown?: string}} Stated a rating as the library states it (hundredths, billionths)
 */

/**
 * Starts the worker; returns `ask(op, ...args)`.
 * @returns {(op: string, ...args: unknown[]) => Promise<any>}
 */
export function startSolver() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  let next = 0;
  /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void}>} */
  const waiting = new Map();
  worker.onmessage = (event) => {
    const { n, value, error } = event.data ?? {};
    const w = waiting.get(n);
    if (!w) return;
    waiting.delete(n);
    if (error !== undefined) w.reject(new PuzzleError(String(error)));
    else w.resolve(value);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const w of waiting.values()) w.reject(new PuzzleError(`solver-failed: ${event.message ?? 'the worker stopped'}`));
    waiting.clear();
  };
  return (op, ...args) =>
    new Promise((resolve, reject) => {
      const n = ++next;
      waiting.set(n, { resolve, reject });
      worker.postMessage({ n, op, args });
    });
}
