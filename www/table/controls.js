// @ts-check
// The table's buttons and keys, for either game: language, Mute (and M),
// Place, All my moves, New game (table/new-game.js, loaded in idle time once
// the page has settled, as the first board does not need it, or at the first
// click) and the record's ways out (table/record-share.js).

import { t, translatePage, languageSelect } from '../core/i18n.js';
import * as sound from '../core/sound.js';
import { say, retell } from '../core/announce.js';
import * as store from '../core/store.js';
import { bindRecordActions } from './record-share.js';
import { panelsStyle } from '../core/style.js';
import { whenSettled } from '../core/settle.js';

const $ = (id) => document.getElementById(id);

/** @type {typeof import('./new-game.js')|null} the New game dialog, once loaded */
let dialogModule = null;

/** The page's fixed texts in the current language. */
export function translateStatic() {
  translatePage();
  dialogModule?.translateChoices();
  document.title = `${t('title')} — ${t('tagline')}`;
}

/**
 * Wires the controls of `table` (see table/table.js).
 * @param {import('./table.js').TableController} table
 */
export function setupControls(table) {
  const { state } = table;
  const lang = /** @type {HTMLSelectElement} */ ($('lang'));
  languageSelect(lang, (code) => {
    store.savePref('lang', code);
    // The choice now rules: an address that forced another language no longer does.
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      history.replaceState(null, '', url);
    }
    translateStatic();
    table.update();
    // The message on show, in the language chosen.
    retell();
  });

  const toggleMute = () => {
    sound.setMuted(!sound.isMuted());
    store.savePref('muted', sound.isMuted());
    const muted = sound.isMuted();
    say(() => (muted ? t('muted') : t('unmuted')));
    table.update();
  };
  $('mute').addEventListener('click', toggleMute);
  document.addEventListener('keydown', (e) => {
    sound.unlock();
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (/** @type {Element} */ (e.target).closest?.('input, textarea, select, dialog')) return;
      toggleMute();
    }
  });
  document.addEventListener('pointerdown', () => sound.unlock(), { capture: true });

  $('place').addEventListener('click', () => {
    if (state.preview) table.play(state.preview.move);
  });
  $('all-moves').addEventListener('click', () => {
    state.movesOpen = !state.movesOpen;
    table.update();
    if (state.movesOpen) /** @type {HTMLButtonElement|null} */ (document.querySelector('#moves-list button'))?.focus();
  });
  $('hint')?.addEventListener('click', () => table.hint());
  $('undo')?.addEventListener('click', () => table.undo());
  const game = { levels: state.rules.levels, sizes: state.rules.sizes };
  // The online table's modules load when the dialog first asks for them.
  const online = {
    open: async (choice) => (await import('../online/online.js')).openOnline(state.rules, choice),
    there: async () => (await import('../online/online.js')).serverThere(),
  };
  /** @type {Promise<typeof import('./new-game.js')>|null} */
  let dialog = null;
  const loadDialog = () =>
    (dialog ??= Promise.all([import('./new-game.js'), panelsStyle()]).then(([m]) => {
      m.setupNewGameDialog({ start: table.startNew, ...game, online });
      m.translateChoices();
      dialogModule = m;
      return m;
    }));
  $('new-game').addEventListener('click', async () => (await loadDialog()).openNewGameDialog(state.settings));
  // Fetched once the page has settled (or a person reaches for it) and is
  // idle, so a click rarely waits for it and the first board never does.
  whenSettled(() => loadDialog(), 5000);
  // The end's record keeping (core/finished.js), ready long before an end.
  whenSettled(() => import('../core/finished.js').catch(() => {}), 5000);
  bindRecordActions({
    // The record as it may be shown now: the seed only once revealed.
    record: () => state.session.record(state.seedShown),
    ggf: () => state.session.ggf?.() ?? '',
    fingerprint: () => state.session.snap.fingerprint,
    show: table.showRecord,
  });
}
