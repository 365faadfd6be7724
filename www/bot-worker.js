// @ts-check
// The bot's thread: loads the engine and answers
// {type:'think', id, dark, light, darkToMove, level, seed, ply, timeMs}
// with {type:'move', id, move} ("d3" or "PA") or {type:'error', id, message}.

import { readyWithWeights, botChoose } from './engine.js';

/** @param {MessageEvent<import('./engine.js').OthelloBotQuestion & {type: 'think', id: number}>} event */
self.onmessage = async (event) => {
  const q = event.data;
  if (!q || q.type !== 'think') return;
  try {
    const problem = await readyWithWeights();
    if (problem) console.warn(`bot: hand-set weights (${problem})`);
    const move = botChoose(q);
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'move', id: q.id, move }));
  } catch (e) {
    self.postMessage(/** @type {import('./engine.js').BotAnswer} */ ({ type: 'error', id: q.id, message: String(e?.message ?? e) }));
  }
};
