// @ts-check
// The puzzle page's worker: the only importer of the puzzle package,
// www/pkg-puzzle (the Makefile's `wasm-puzzle`), which holds the exact
// solver. It reads the shipped set once, then answers the page's questions
// one at a time, in order: open a puzzle, play the person's move (the
// solver's perfect replies, or the refutation of a miss), the next puzzle
// near a rating, a streak's next, the day's, a rating on the device. The
// solving takes from milliseconds to seconds, so it runs here and the page
// stays free.
//
//   page → worker: {n, op, args}
//   worker → page: {n, value} or {n, error: 'code: message'}

import init, { PuzzleSession } from '../pkg-puzzle/virada.js';

/** @type {PuzzleSession|null} */
let session = null;

const ready = (async () => {
  await init();
  const answer = await fetch(new URL('./puzzles.txt', import.meta.url));
  if (!answer.ok) throw new Error(`no-set: the puzzles could not be fetched (${answer.status})`);
  const text = await answer.text();
  session = new PuzzleSession();
  session.load_set(text);
})();

/** What each question does; JSON answers are parsed for the page. */
const OPS = {
  open: (s, text) => JSON.parse(s.open(text)),
  play: (s, square) => JSON.parse(s.play(square)),
  nearest: (s, rating, skip) => s.nearest(rating, skip) ?? null,
  harder: (s, rating, skip) => s.harder(rating, skip) ?? null,
  daily: (s, day) => {
    const d = s.daily(day);
    return d ? JSON.parse(d) : null;
  },
  rate: (s, r, id, solved) => JSON.parse(s.rate(r.rating, r.deviation, r.volatility, id, solved)),
};

// Questions are answered in the order they came, each after the one before.
let queue = Promise.resolve();

self.onmessage = (event) => {
  const { n, op, args } = event.data ?? {};
  queue = queue.then(async () => {
    try {
      await ready;
      const run = OPS[op];
      if (!run || !session) throw new Error(`bad-question: ${String(op)}`);
      self.postMessage({ n, value: run(session, ...(Array.isArray(args) ? args : [])) });
    } catch (error) {
      self.postMessage({ n, error: String(error?.message ?? error) });
    }
  });
};
