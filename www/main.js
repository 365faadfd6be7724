// @ts-check
// The Othello page: wiring only. The table controller (table.js) with
// Othello's rules adapter (othello-game.js), the table's and the review's
// words, and the review (review.js) drawn on the same board.

import { ready } from './engine.js';
import { addWords } from './i18n.js';
import { TABLE_WORDS } from './table-text.js';
import { ERROR_WORDS } from './error-text.js';
import { REVIEW_WORDS } from './review-text.js';
import { ONLINE_WORDS } from './online-text.js';
import { HANDICAP_WORDS } from './handicap-field.js';
import { bootTable } from './table-boot.js';
import { othello } from './othello-game.js';
import { setupReview } from './review.js';
import { MATCH_WORDS } from './match-text.js';
import { setupMatch } from './match.js';

addWords(TABLE_WORDS);
addWords(ERROR_WORDS);
addWords(REVIEW_WORDS);
addWords(ONLINE_WORDS);
addWords(HANDICAP_WORDS);
addWords(MATCH_WORDS);
/** @type {{update: () => void}|null} */
let match = null;
const hooks = {
  /** The Review button is offered once the game is over. */
  update(state) {
    document.getElementById('review-open').hidden = !state.session.snap.over;
    match?.update();
  },
};
bootTable(othello, { ready, hooks }).then((table) => {
  if (!table) return;
  hooks.review = setupReview(table);
  match = setupMatch(table);
});
