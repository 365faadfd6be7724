// @ts-check
// The Othello page: wiring only. The table controller (table.js) with
// Othello's rules adapter (othello-game.js), the table's and the review's
// words, and the review (review.js) drawn on the same board, loaded (with
// the bots' engine it reads games with) the first time it is asked for.

import { ready } from './engine.js';
import { addWords, t } from './i18n.js';
import { say } from './announce.js';
import { TABLE_WORDS } from './table-text.js';
import { ERROR_WORDS } from './error-text.js';
import { REVIEW_WORDS } from './review-text.js';
import { ONLINE_WORDS } from './online-text.js';
import { HANDICAP_WORDS } from './handicap-field.js';
import { bootTable } from './table-boot.js';
import { othello } from './othello-game.js';
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

/**
 * The ways into the review: the Review button after a game, Review it under
 * a pasted game, the list of finished games. The first one used loads it.
 * @param {import('./table.js').TableController} table
 */
function reviewOnDemand(table) {
  /** @type {Promise<Awaited<ReturnType<typeof import('./review.js').setupReview>>>|null} */
  let loading = null;
  const review = () => {
    loading ??= import('./review.js').then(({ setupReview }) => setupReview(table)).then((r) => (hooks.review = r));
    return loading.catch((e) => {
      loading = null;
      say(t('reviewCannot', { msg: e?.message ?? String(e) }));
      return null;
    });
  };
  const $ = (id) => document.getElementById(id);
  $('review-open').addEventListener('click', async () => (await review())?.open(table.state.session.record(true)));
  $('review-paste-go').addEventListener('click', async () => {
    const text = /** @type {HTMLTextAreaElement} */ ($('review-input')).value;
    if (text.trim()) (await review())?.open(text);
  });
  $('review-paste').addEventListener('toggle', async () => (await review())?.listFinished());
}

bootTable(othello, { ready, hooks }).then((table) => {
  if (!table) return;
  reviewOnDemand(table);
  match = setupMatch(table);
});
