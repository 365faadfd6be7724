// @ts-check
// The Othello page: wiring only. The table controller (table/table.js) with
// Othello's rules adapter (games/othello/game.js), the table's words, and
// the review (review/review.js) drawn on the same board, loaded (with the
// bots' engine it reads games with) the first time it is asked for. Match
// play (match/match.js, with the bots' engine it scores with) loads only for
// a match: one stored in progress, or one the New game dialog starts. Both
// wait for the side panels' style sheet (core/style.js).

import { ready } from '../engine.js';
import { addWords, t } from '../../core/i18n.js';
import { say } from '../../core/announce.js';
import { TABLE_WORDS } from '../../table/words.js';
import { ERROR_WORDS, errorText } from '../../core/errors.js';
import { bootTable } from '../../table/boot.js';
import { othello } from './game.js';
import { matchStored } from '../../core/store.js';
import { panelsStyle } from '../../core/style.js';

addWords(TABLE_WORDS);
addWords(ERROR_WORDS);
/** @type {ReturnType<typeof import('../../match/match.js').setupMatch>|null} */
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
 * @param {import('../../table/table.js').TableController} table
 */
function reviewOnDemand(table) {
  /** @type {Promise<Awaited<ReturnType<typeof import('../../review/review.js').setupReview>>>|null} */
  let loading = null;
  const review = () => {
    loading ??= Promise.all([import('../../review/review.js'), panelsStyle()])
      .then(([{ setupReview }]) => setupReview(table))
      .then((r) => (hooks.review = r));
    return loading.catch((e) => {
      loading = null;
      const msg = e?.message ?? String(e);
      say(() => t('reviewCannot', { msg }));
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

/**
 * Match play, loaded on demand: at once when a match is stored, else when
 * the New game dialog starts one. Every game the dialog starts goes to it
 * once it is loaded (it ends or begins a match).
 * @param {import('../../table/table.js').TableController} table
 */
function matchOnDemand(table) {
  /** @type {Promise<typeof match>|null} */
  let loading = null;
  const load = () =>
    (loading ??= Promise.all([import('../../match/match.js'), import('../../bot/engine.js').then((b) => b.ready()), panelsStyle()])
      .then(([{ setupMatch }]) => (match = setupMatch(table)))
      .catch((e) => {
        loading = null;
        say(() => errorText(e));
        return null;
      }));
  if (matchStored()) {
    // A game of a match is rated from the first board, as before match/match.js
    // loaded on demand; match/match.js makes it casual again if the match does not
    // belong to the game at the table.
    table.state.session.setRated?.(true);
    table.update();
    load();
  }
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('new-dialog'));
  dialog.addEventListener('close', async () => {
    const started = dialog.returnValue === 'start';
    // Escape leaves returnValue as it was: forget it, so only Start counts.
    dialog.returnValue = '';
    if (!started) return;
    /** @type {import('../../match/match.js').DialogChoice} */
    const choice = {
      match: /** @type {HTMLSelectElement} */ (document.getElementById('set-match')).value,
      online: /** @type {HTMLInputElement} */ (document.getElementById('nd-online')).checked,
    };
    if (match || loading || choice.match !== 'one') (await load())?.begin(choice);
  });
}

bootTable(othello, { ready, hooks }).then((table) => {
  if (!table) return;
  reviewOnDemand(table);
  matchOnDemand(table);
});
