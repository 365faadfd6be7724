// @ts-check
// Hint and Undo at a casual table (one person against the bot): a hint is
// noted in the record, then the bot's worker names the best move and its
// value; an undo takes back the person's last move and what followed. The
// engine keeps both in the record and refuses them at a rated table.

import { t } from '../core/i18n.js';
import { say } from '../core/announce.js';

/**
 * Hint and Undo for the table controller (table/table.js).
 * @param {{
 *   state: import('./table.js').TableState,
 *   snap: () => import('./table.js').Snapshot,
 *   rules: import('./table.js').Rules,
 *   canAct: () => boolean,
 *   save: () => void,
 *   update: () => void,
 *   advance: (messages: string[]) => void,
 * }} table
 */
export function createAssists({ state, snap, rules, canAct, save, update, advance }) {

  let hintWorker = null;
  let hintId = 0;
  let hintPly = -1; // the ply the pending hint was asked at

  /** Hint and Undo are offered in a casual game of a person against the bot. */
  function assistsShown() {
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
    if (!canAct() || state.hint || state.hintPending) return;
    try {
      state.session.hintTaken();
    } catch (e) {
      say(t('hintFailed', { msg: String(e?.message ?? e) }));
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
          say(t('hintFailed', { msg: m.message ?? '' }));
        } else if (snap().moves.length === hintPly) {
          // A move made meanwhile (the clock's) drops the answer.
          const sq = rules.squareName(m.sq, snap().n);
          state.hint = { sq: m.sq, text: signed(m.v), exact: m.exact, ply: hintPly };
          say(t('hintShown', { sq, value: signed(m.v) }));
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
    if (!canAct()) return;
    const before = snap().moves.slice();
    let n;
    try {
      n = state.session.undo();
    } catch {
      say(t('undoFailed'));
      return;
    }
    state.preview = null;
    state.anim = null;
    state.hint = null;
    const taken = before[before.length - n]?.[0] ?? '';
    advance([t('undone', { sq: rules.moveText(taken) })]);
  }

  /** A new game: an answer still on its way is for the old one. */
  function forget() {
    hintId += 1;
  }

  return { assistsShown, hint, undo, forget };
}
