// @ts-check
// My games on one's own profile (players.html?name=…), as in the lobby
// (lobby/mine.js): the games in progress the account sits at, "your turn"
// marked, each a link back to its seat. The list follows the lobby's event
// stream (`api/lobby`); another's profile shows none of it.

import { drawMine } from '../lobby/mine.js';

/** @type {EventSource|null} */
let source = null;
/** @type {import('../lobby/list.js').LobbyList|null} */
let list = null;
let owner = /** @type {string|null} */ (null);

/**
 * Shows (own profile: `name` the signed-in account's) or hides (null) My games.
 * @param {string|null} name
 */
export function showMine(name) {
  owner = name;
  if (!name) {
    source?.close();
    source = null;
    list = null;
  } else if (!source) {
    source = new EventSource(new URL('api/lobby', location.href).href);
    source.addEventListener('lobby', (event) => {
      try {
        const read = JSON.parse(/** @type {MessageEvent} */ (event).data);
        if (!read || !Array.isArray(read.waiting) || !Array.isArray(read.playing)) return;
        list = read;
      } catch {
        return;
      }
      drawMine(list, owner);
    });
  }
  drawMine(list, owner);
}
