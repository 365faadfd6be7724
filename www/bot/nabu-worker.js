// @ts-check
// The Nabucodonosor bot's thread: answers {type:'think', id, size, moves,
// level, seed} with {type:'move', id, move} or {type:'error', id, message}.
// The game travels as its move list, since a handle cannot cross threads.
// Under a game clock (`clocked`) it thinks within `timeMs`, its own time;
// otherwise its playouts alone bound it, so a game replays.

import { ready, nabuBotMove } from './engine.js';

/** @param {MessageEvent<{type: 'think', id: number, size: number, moves: string, level: number, seed: string, timeMs?: number, clocked?: boolean}>} event */
self.onmessage = async (event) => {
  const q = event.data;
  if (!q || q.type !== 'think') return;
  try {
    await ready();
    const move = nabuBotMove(q.size, q.moves, q.level, q.seed, q.clocked ? Math.max(1, Math.round(q.timeMs ?? 0)) : 0);
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'move', id: q.id, move }));
  } catch (e) {
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'error', id: q.id, message: String(e?.message ?? e) }));
  }
};
