// @ts-check
// Hint and Undo at a casual table on this device (one person against the
// bot): a hint is noted in the record, then the bot's worker names the best
// move and its value; an undo takes back the person's last move and what
// followed. The engine keeps both in the record and refuses them at a rated
// table. The online table offers neither (docs/online-table.md): its record
// is the server's, signed as the moves were played.

import { t } from '../core/i18n.js';
import { say, release } from '../core/announce.js';

/**
 * Hint and Undo for the table controller (table/table.js).
 * @param {{
 *   state: import('./table.js').TableState,
 *   snap: () => import('./table.js').Snapshot,
 *   rules: import('./table.js').Rules,
 *   canAct: () => boolean,
 *   save: () => void,
 *   update: () => void,
 *   advance: (messages: import('../core/announce.js').Words[]) => void,
 * }} table
 */
export function createAssists({ state, snap, rules, canAct, save, update, advance }) {

  let hintWorker = null;
  let hintId = 0;
  let hintPly = -1; // the ply the pending hint was asked at

  /** Hint and Undo are offered in a casual game of a person against the bot, on this device. */
  function assistsShown() {
    if (state.online) return false;
    const seats = snap().seats;
    return !snap().rated && seats.some((x) => x === 'person') && seats.some((x) => x.startsWith('bot'));
  }

  /** "+4", "−2", "0": a value in discs, rounded. */
  function signed(v) {
    const r = Math.round(v);
    return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : '0';
  }

  /** Hint: noted in the record, then the bot's best move and value from the worker's analysis. */
  function hint() {
    if (!canAct() || !assistsShown() || state.hint || state.hintPending) return;
    release();
    try {
      state.session.hintTaken();
    } catch (e) {
      const msg = String(e?.message ?? e);
      say(() => t('hintFailed', { msg }));
      return;
    }
    save();
    const question = state.session.botQuestion();
    const id = ++hintId;
    state.hintPending = true;
    if (!hintWorker) {
      hintWorker = new Worker(rules.worker, { type: 'module' });
      hintWorker.onmessage = (event) => {
        const m = event.data;
        if (m.id !== hintId) return;
        state.hintPending = false;
        if (m.type !== 'hint' || m.sq < 0) {
          say(() => t('hintFailed', { msg: m.message ?? '' }));
        } else if (snap().moves.length === hintPly) {
          // A move made meanwhile (the clock's) drops the answer.
          const sq = rules.squareName(m.sq, snap().n);
          state.hint = { sq: m.sq, text: signed(m.v), exact: m.exact, ply: hintPly };
          const value = signed(m.v);
          say(() => t('hintShown', { sq, value }));
        }
        update();
      };
    }
    hintPly = question.ply;
    hintWorker.postMessage({ type: 'hint', id, dark: question.dark, light: question.light, darkToMove: question.darkToMove, timeMs: 800 });
    update();
  }

  /** Undo: takes back the person's last move and the bot's reply (passes too), noted in the record. */
  function undo() {
    if (!canAct() || !assistsShown()) return;
    release();
    const before = snap().moves.slice();
    let n;
    try {
      n = state.session.undo();
    } catch {
      say(() => t('undoFailed'));
      return;
    }
    state.preview = null;
    state.anim = null;
    state.hint = null;
    const taken = before[before.length - n]?.[0] ?? '';
    advance([() => t('undone', { sq: rules.moveText(taken) })]);
  }

  /** A new game: an answer still on its way is for the old one. */
  function forget() {
    hintId += 1;
  }

  return { assistsShown, hint, undo, forget };
}
