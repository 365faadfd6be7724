// @ts-check
// Resign and Abort at an online table (docs/online-table.md): a seated
// person may abort before both seats have moved (no result, not rated),
// and resign after (the other wins, and the signed record says who
// resigned). Either asks first, in place: the question, the button that
// does it, and Keep playing.

import { t } from '../core/i18n.js';

/**
 * Binds the buttons; returns the function that draws them for a frame.
 * @param {(message: object) => void} send sends a message to the table
 * @returns {(frame: import('./session.js').ServerState, seat: number|null, live: boolean) => void}
 */
export function bindStop(send) {
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @type {'resign'|'abort'|null} */
  let asking = null;
  let last = { show: false, abort: false };

  function drawConfirm() {
    $('online-confirm').hidden = !asking;
    $('online-resign').hidden = Boolean(asking) || last.abort;
    $('online-abort').hidden = Boolean(asking) || !last.abort;
    if (!asking) return;
    $('online-confirm-line').textContent = t(asking === 'resign' ? 'onlineResignAsk' : 'onlineAbortAsk');
    $('online-confirm-yes').textContent = t(asking === 'resign' ? 'onlineResign' : 'onlineAbort');
  }

  for (const how of /** @type {const} */ (['resign', 'abort'])) {
    $(`online-${how}`).addEventListener('click', () => {
      asking = how;
      drawConfirm();
      $('online-confirm-no').focus();
    });
  }
  $('online-confirm-yes').addEventListener('click', () => {
    if (asking) send({ type: asking });
    asking = null;
    drawConfirm();
  });
  $('online-confirm-no').addEventListener('click', () => {
    const was = asking;
    asking = null;
    drawConfirm();
    $(`online-${was ?? 'resign'}`).focus();
  });

  return (f, seat, live) => {
    const show = live && seat !== null && f.status === 'playing' && f.seats[seat]?.kind === 'person';
    // Before both seats have moved, the game can be aborted; after, resigned.
    const abort = (f.ply ?? 0) < 2;
    if (!show || abort !== last.abort) asking = null;
    last = { show, abort };
    $('online-stop').hidden = !show;
    drawConfirm();
  };
}
