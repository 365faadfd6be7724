// @ts-check
// The bot's seat on the page: asks the game's worker and hands back
// its move, never sooner than a short pause so people can follow the game.
// The worker starts at the first question, after the next paint and in idle
// time, so a bot that moves first does not hold up the first board. Cancelling terminates
// the worker (and any helper workers it started), so a long think stops at once.

/**
 * @typedef {{type: 'think', id: number, level: number, ply: number} & Record<string, unknown>} BotQuestion
 *   what the page asks a bot worker: the game's own fields beside these
 *   (bot/worker.js, bot/nabu-worker.js)
 * @typedef {object} BotSeat
 * @property {(question: {level: number, ply: number} & Record<string, unknown>, pause?: number) => void} ask
 * @property {() => boolean} thinking
 * @property {() => void} cancel
 */

/** After the first frame, how long the worker's start waits at most for an idle main thread. */
const START_WAIT_MS = 500;

/**
 * Creates the seat for the bot in module `worker` (bot/worker.js,
 * bot/nabu-worker.js: both answer {type:'think', id, level, …} with
 * {type:'move', id, move, book?} or {type:'error', id, message});
 * `onMove(move, book)` gets the move's text and whether it came from an
 * opening book, `onError(message)` a failure.
 * @param {{worker: URL, pauseMs: number, onMove: (move: string, book: boolean) => void, onError: (message: string) => void}} options
 * @returns {BotSeat}
 */
export function createBotSeat({ worker: workerUrl, pauseMs, onMove, onError }) {
  let worker = null;
  let id = 0;
  let asked = 0;
  let thinking = false;
  let timer = null;
  let wantPause = pauseMs;

  /** @param {MessageEvent<import('./engine.js').BotAnswer>} event */
  function reply(event) {
    const msg = event.data;
    if (msg.id !== id) return;
    const wait = Math.max(0, wantPause - (performance.now() - asked));
    timer = setTimeout(() => {
      if (msg.id !== id) return;
      thinking = false;
      // How many helper workers searched the move (0: the bot's worker alone), for tests and benchmarks.
      if (msg.type === 'move' && typeof msg.helpers === 'number') document.body.dataset.botHelpers = String(msg.helpers);
      if (msg.type === 'move') onMove(msg.move, msg.book === true);
      else onError(msg.message);
    }, wait);
  }

  return {
    /** Asks for a move: `question` = {level, ply, …} as the game's worker takes it;
     *  the answer is shown no sooner than `pause` ms after asking. */
    ask(question, pause = pauseMs) {
      id += 1;
      asked = performance.now();
      wantPause = pause;
      thinking = true;
      // The device's cores: the top level's worker splits its search across helpers by them.
      const message = { type: 'think', id, cores: navigator.hardwareConcurrency, ...question };
      if (worker) {
        worker.postMessage(message);
        return;
      }
      // No worker yet: it starts once the page has painted (a frame) and the
      // main thread is idle (at most START_WAIT_MS later; a hidden page paints
      // no frames, so just a task), unless the question was cancelled or
      // replaced meanwhile. Its start (the bots' package, the weights) takes
      // a core: on a phone's few, not while the first board is drawn.
      const start = () => {
        if (message.id !== id) return;
        if (!worker) {
          worker = new Worker(workerUrl, { type: 'module' });
          worker.onmessage = reply;
          worker.onerror = (e) => {
            thinking = false;
            onError(e.message || 'worker failed');
          };
        }
        worker.postMessage(message);
      };
      const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 0));
      if (document.visibilityState === 'visible') requestAnimationFrame(() => idle(start, { timeout: START_WAIT_MS }));
      else setTimeout(start, 0);
    },
    /** Whether a move is awaited. */
    thinking: () => thinking,
    /** Forgets any pending answer and stops the worker. */
    cancel() {
      id += 1;
      thinking = false;
      clearTimeout(timer);
      worker?.terminate();
      worker = null;
    },
  };
}
