// @ts-check
// The New game dialog: the table first draws the next game's secret seed and
// shows its fingerprint; only then may a player type a word of their own, and
// pick the seats, the bot level, the clock, (Othello) a handicap
// (table/handicap.js) and (Nabucodonosor) the board's size. Start hands everything to the table; Cancel or Escape discards the
// drawn seed (no game used it). Both games' pages hold the same dialog.
// "Play online" (a radio beside "On this device") opens a table on the
// server instead (online/online.js): the server draws that seed; the dialog then
// offers the clock, the level of a bot seat, the board and who sits
// opposite, and says plainly when the page has no server behind it.

import { t, levelName, addWords, translatePage } from '../core/i18n.js';
import { MATCH_WORDS } from '../match/words.js';
import { ONLINE_WORDS } from '../online/words.js';
import { newSeed, fingerprintOf } from '../games/engine.js';
import { clockShort } from '../core/clock-text.js';
import { setupHandicapField, handicapValue, showHandicap, HANDICAP_WORDS } from './handicap.js';
import { CLOCK_WORDS, GAME_CLOCKS } from './clock-words.js';

addWords(CLOCK_WORDS);

const $ = (id) => document.getElementById(id);
/** A form control's value. */
const valueOf = (id) => /** @type {HTMLInputElement|HTMLSelectElement} */ (document.getElementById(id)).value;
const CLOCKS = [0, 15, 30, 60, 120, 300];
/** The clock chosen: seconds a turn, or a game clock's notation (`180+2`). */
const clockValue = () => (valueOf('set-clock').includes('+') ? valueOf('set-clock') : Number(valueOf('set-clock')));

/** The game's choices: its highest bot level, its board sizes [min, max] if it has several. */
/** @type {{levels: number, sizes: [number, number]|null}} */
const game = { levels: 10, sizes: null };

/** The seed drawn for the game the dialog offers: {seed, secret}, or null when closed. */
let pending = null;

/** A seed asked for in the address (`?seed=`, 64 hex), or null. */
function addressSeed() {
  const seed = new URLSearchParams(location.search).get('seed')?.trim().toLowerCase();
  return seed && /^[0-9a-f]{64}$/.test(seed) ? seed : null;
}

/** Fills the clock and level choices in the current language, keeping what is chosen. */
export function translateChoices() {
  const clock = /** @type {HTMLSelectElement} */ ($('set-clock'));
  const clockValue = clock.value;
  clock.textContent = '';
  // Clocks a turn (T16) and game clocks (T22), in the clock's one notation.
  const turns = document.createElement('optgroup');
  turns.label = t('clockPerTurn');
  for (const secs of CLOCKS) {
    const o = document.createElement('option');
    o.value = String(secs);
    o.textContent = secs === 0 ? t('clockNone') : secs < 120 ? t('clock', { s: secs }) : t('clockMin', { m: secs / 60 });
    turns.append(o);
  }
  const games = document.createElement('optgroup');
  games.label = t('clockPerGame');
  for (const notation of GAME_CLOCKS) {
    const o = document.createElement('option');
    o.value = notation;
    // As people write it (`3+2`, minutes + seconds a move): its group says
    // what it means, and it fits a phone's select. Its value is the notation.
    o.textContent = clockShort(notation);
    games.append(o);
  }
  clock.append(turns, games);
  if (clockValue) clock.value = clockValue;
  const level = /** @type {HTMLSelectElement} */ ($('set-level'));
  const levelValue = level.value;
  level.textContent = '';
  for (let n = 1; n <= game.levels; n++) {
    const o = document.createElement('option');
    o.value = String(n);
    o.textContent = `${n} · ${levelName(n)}`;
    level.append(o);
  }
  if (levelValue) level.value = levelValue;
}

/** Whether "Play online" is chosen. */
const onlineChosen = () => /** @type {HTMLInputElement} */ ($('nd-online')).checked;

/** The level choice only matters with a bot at the table (online: for a seat nobody takes). */
function syncLevel() {
  const level = /** @type {HTMLSelectElement} */ ($('set-level'));
  level.disabled = !onlineChosen() && /** @type {HTMLSelectElement} */ ($('set-seats')).value === 'person,person';
  level.closest('label').classList.toggle('off', level.disabled);
}

/**
 * Shows the choices of `settings` ({seats, level, clock, size}) in the dialog.
 * @param {import('./table.js').Settings} settings
 */
function showSettings({ seats, level, clock, size, handicap }) {
  showHandicap(handicap ?? '');
  /** @type {HTMLSelectElement} */ ($('set-seats')).value = seats;
  /** @type {HTMLSelectElement} */ ($('set-level')).value = String(Math.min(game.levels, Math.max(1, level)));
  if (game.sizes) /** @type {HTMLSelectElement} */ ($('set-size')).value = String(size);
  const select = /** @type {HTMLSelectElement} */ ($('set-clock'));
  // A clock asked for in the address (e.g. ?clock=20) stays on offer for the next game.
  if (![...select.options].some((o) => o.value === String(clock))) {
    const o = document.createElement('option');
    o.value = String(clock);
    o.textContent = typeof clock === 'string' ? clockShort(clock) : t('clock', { s: clock });
    select.append(o);
  }
  select.value = String(clock);
  syncLevel();
}

/**
 * Wires the dialog once. `start({seats, level, clock, size, seed, secret, word})`
 * starts the game and returns an error message, or null when it started.
 * `levels` and `sizes` ([min, max], or none) are the game's.
 * `online` ({open(choice), there()}) opens an online table instead.
 * @param {{start: (choice: import('./table.js').NewGame) => string|null, levels?: number, sizes?: [number, number]|null, online?: {open: (choice: object) => Promise<string|null>, there: () => Promise<boolean>}|null}} game
 */
export function setupNewGameDialog({ start, levels = 10, sizes = null, online = null }) {
  game.levels = levels;
  game.sizes = sizes;
  const dialog = /** @type {HTMLDialogElement} */ ($('new-dialog'));
  // The dialog's words of playing online and (Othello's) of the match and
  // the handicap come with it: none is on show before.
  addWords(ONLINE_WORDS);
  addWords(MATCH_WORDS);
  addWords(HANDICAP_WORDS);
  translatePage(dialog);
  if (sizes) {
    for (let k = sizes[0]; k <= sizes[1]; k++) {
      const o = document.createElement('option');
      o.value = String(k);
      o.textContent = `${k}×${k}`;
      $('set-size').append(o);
    }
  }
  $('set-seats').addEventListener('change', syncLevel);
  setupHandicapField();
  for (const id of ['nd-local', 'nd-online']) $(id).addEventListener('change', () => syncMode(online));
  $('nd-cancel').addEventListener('click', () => dialog.close('cancel'));
  // Closing by any way (Cancel, Escape, Start) forgets the drawn seed.
  dialog.addEventListener('close', () => {
    pending = null;
  });
  $('nd-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!pending) return;
    const error = onlineChosen() ? await online.open({
      clock: clockValue(),
      level: Number(valueOf('set-level')),
      size: game.sizes ? Number(valueOf('set-size')) : undefined,
      word: valueOf('nd-word'),
      anyone: valueOf('set-opponent') === 'anyone',
      handicap: handicapValue(),
      // One game or a match (Othello's page has the choice).
      match: /** @type {HTMLSelectElement|null} */ ($('set-match'))?.value ?? 'one',
    }) : start({
      seats: /** @type {HTMLSelectElement} */ ($('set-seats')).value,
      level: Number(/** @type {HTMLSelectElement} */ ($('set-level')).value),
      clock: clockValue(),
      size: game.sizes ? Number(/** @type {HTMLSelectElement} */ ($('set-size')).value) : undefined,
      seed: pending.seed,
      secret: pending.secret,
      word: /** @type {HTMLInputElement} */ ($('nd-word')).value,
      handicap: handicapValue(),
    });
    const box = $('nd-error');
    box.hidden = !error;
    box.textContent = error ?? '';
    if (!error) dialog.close('start');
  });
}

/**
 * Shows the choices of the mode picked: on this device (the drawn seed, the
 * seats) or online (the server's seed, who sits opposite), and asks whether
 * the server is there.
 */
async function syncMode(online) {
  const isOnline = onlineChosen();
  for (const el of document.querySelectorAll('.nd-local-only')) /** @type {HTMLElement} */ (el).hidden = isOnline;
  for (const el of document.querySelectorAll('.nd-online-only')) /** @type {HTMLElement} */ (el).hidden = !isOnline;
  const clock = /** @type {HTMLSelectElement} */ ($('set-clock'));
  if (isOnline && clock.value === '0') clock.value = '30';
  syncLevel();
  const note = $('nd-server');
  const startButton = /** @type {HTMLButtonElement} */ ($('nd-start'));
  startButton.disabled = false;
  note.hidden = true;
  if (!isOnline) return;
  startButton.disabled = true;
  note.hidden = false;
  note.textContent = t('checkingServer');
  const there = online ? await online.there() : false;
  if (!onlineChosen()) return;
  note.hidden = there;
  note.textContent = there ? '' : t('noServer');
  startButton.disabled = !there;
}

/**
 * Opens the dialog for the next game: draws its seed first and shows the fingerprint.
 * @param {import('./table.js').Settings} settings
 */
export function openNewGameDialog(settings) {
  const chosen = addressSeed();
  const seed = chosen ?? newSeed();
  pending = { seed, secret: chosen === null };
  $('nd-fingerprint').textContent = fingerprintOf(seed);
  $('nd-chosen').hidden = pending.secret;
  /** @type {HTMLInputElement} */ ($('nd-word')).value = '';
  $('nd-error').hidden = true;
  showSettings(settings);
  /** @type {HTMLInputElement} */ ($('nd-local')).checked = true;
  syncMode(null);
  /** @type {HTMLDialogElement} */ ($('new-dialog')).showModal();
  // On a touch screen the focus goes to Start, not to the word: a focused
  // text field opens the keyboard, which hides the dialog's half and Start.
  $(matchMedia('(pointer: coarse)').matches ? 'nd-start' : 'nd-word').focus();
}
