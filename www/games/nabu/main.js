// @ts-check
// The Nabucodonosor page: wiring only. The table controller (table/table.js) with
// Nabucodonosor's rules adapter (games/nabu/game.js), the table's words and the
// game's own; beside them the pie swap button, the rules dialog and the
// record checked in the page at the end.

import { ready, verifyRecord } from '../engine.js';
import { addWords, language, t } from '../../core/i18n.js';
import { TABLE_WORDS } from '../../table/words.js';
import { NABU_WORDS } from './words.js';
import { ERROR_WORDS } from '../../core/errors.js';
import { bootTable } from '../../table/boot.js';
import { nabu } from './game.js';

const $ = (id) => document.getElementById(id);

addWords(TABLE_WORDS);
addWords(NABU_WORDS);
addWords(ERROR_WORDS);

/**
 * The game's extras after each redraw: the swap offer, the record's check at the end.
 * @param {import('../../table/table.js').TableState} state
 * @param {{canAct: boolean}} flags
 */
function update(state, { canAct }) {
  const s = state.session.snap;
  $('swap').hidden = !(canAct && s.canSwap);
  const line = $('verify-line');
  if (!s.over) {
    delete line.dataset.ok;
    line.textContent = '';
    return;
  }
  if (line.dataset.ok) return;
  const report = verifyRecord(state.session.record(true));
  const failed = report.checks.find((c) => c.status === 'failed');
  line.textContent = report.ok ? t('verified') : t('notVerified', { why: failed ? failed.message : '' });
  line.dataset.ok = String(report.ok);
}

const table = await bootTable(nabu, { ready, hooks: { update } });
if (table) {
  $('swap').addEventListener('click', () => table.play('swap'));
  // The rules' reader (rules.js) loads at the first click, not before the first board.
  const button = $('rules');
  button.addEventListener('click', async function first(e) {
    e.preventDefault();
    button.removeEventListener('click', first);
    const { setupRules } = await import('./rules.js');
    setupRules(button, /** @type {HTMLDialogElement} */ ($('rules-dialog')), language, (why) => t('rulesFailed', { why }));
    button.click();
  });
}
