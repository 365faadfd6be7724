// @ts-check
// The history page (history.html): the list of finished games on this
// device (history/list.js), the replay of one (history/replay.js) and what
// can be done with it (history/actions.js), a pasted or opened game, and the
// stored texts the history could not read. This file wires them together.
// The bots' engine (bot/engine.js, the wasm that reads and replays records)
// loads after the page is drawn: an empty list is on show before it.

import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, t } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { HISTORY_WORDS, readErrorText } from './words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { attach, say } from '../core/announce.js';
import { loadHistory, forgetFinished, restoreFinished, dropUnreadable } from '../core/finished.js';
import { drawList, drawCount, gameName, seatsText, recordNames, resultText, dateText, matchTexts, readEntry, useEngine } from './list.js';
import { setupReplay } from './replay.js';
import { setupActions, showActions } from './actions.js';
import { download } from '../table/record-share.js';
import { mountHeaderAccount } from '../accounts/header.js';

addWords(TABLE_WORDS);
addWords(HISTORY_WORDS);

const $ = (id) => document.getElementById(id);
const MAX_FILE = 64 * 1024;

/** @typedef {import('./actions.js').Shown & {entry: import('../core/finished.js').HistoryEntry|null, match?: import('./list.js').MatchSummary, matchGame?: {number: number, points: number[]}}} ShownGame */
/** @type {{entries: import('../core/finished.js').HistoryEntry[], shown: ShownGame|null}} */
const state = { entries: [], shown: null };
/** @type {typeof import('../bot/engine.js')|null} the bots' engine, once loaded */
let engine = null;

/**
 * The game `text` replayed by the engine (loaded before any game is opened).
 * @param {string} text
 */
const replayGame = (text) => /** @type {typeof import('../bot/engine.js')} */ (engine).replayGame(text);

const replay = setupReplay();

setupActions({
  shown: () => state.shown,
  remove() {
    const entry = state.shown?.entry;
    if (!entry) return null;
    const removed = forgetFinished(entry.record);
    closeReplay();
    if (!removed) return null;
    return () => {
      restoreFinished(removed);
      refresh();
    };
  },
});

/** The line under the replay's title: date, seats, result, fingerprint. */
function metaText(shown) {
  const h = shown.replay?.header;
  const meta = shown.entry ? [dateText(shown.entry.at)] : [];
  if (shown.match) {
    const texts = matchTexts(shown.match);
    meta.push(texts.seats, texts.result, t('h.fingerprint', { fp: shown.match.fingerprint.slice(0, 16) }));
  }
  if (h) meta.push(seatsText(h, recordNames(shown.entry?.record)), resultText(h.result), t('h.fingerprint', { fp: h.fingerprint.slice(0, 16) }));
  return meta.join(' · ');
}

/** The replay's title: "Replay: Othello" (", a pasted game"). */
function titleText(shown) {
  if (shown.match) return matchTexts(shown.match).game;
  if (!shown.replay) return t('h.title');
  if (shown.matchGame) {
    const { number, points } = shown.matchGame;
    return t('h.replayOf', { game: `${gameName(shown.replay)}, ${t('h.matchGame', { n: number, a: points[0], b: points[1] })}` });
  }
  return t('h.replayOf', { game: shown.entry ? gameName(shown.replay) : `${gameName(shown.replay)}, ${t('h.pasted')}` });
}

/** Shows a game: its title and meta line, the board at its last step, its actions. */
function showGame(shown) {
  state.shown = shown;
  $('deleted').hidden = true;
  $('match-games').hidden = true;
  $('replay-title').textContent = titleText(shown);
  const g = shown.replay;
  $('replay-meta').textContent = metaText(shown);
  showActions(shown);
  $('history-view').hidden = true;
  if (g) replay.show(g);
  else replay.hide();
  $('replay-panel').hidden = false;
  $('replay-close').focus();
}

function closeReplay() {
  const index = state.shown?.entry ? state.entries.indexOf(state.shown.entry) : -1;
  state.shown = null;
  replay.hide();
  $('replay-panel').hidden = true;
  $('history-view').hidden = false;
  refresh();
  // Back where the person was: the entry opened (or, once it is gone, the list's heading).
  const button = /** @type {HTMLElement|null} */ (document.querySelector(`#history-list > li[data-index="${index}"] button`));
  if (button && index >= 0) button.focus();
  else $('history-count').focus();
}

/**
 * Shows a match (V1): its line, its actions (verify, copy, download, delete
 * the match record) and its games, each opening its own replay.
 * @param {import('../core/finished.js').HistoryEntry} entry
 * @param {{match?: import('./list.js').MatchSummary, games?: {number: number, points: number[], record: string}[]}} summary
 */
function showMatch(entry, summary) {
  showGame({ record: entry.record, replay: null, stored: true, entry, match: summary.match });
  $('replay-error').hidden = true;
  const ol = $('match-game-list');
  ol.textContent = '';
  for (const game of summary.games ?? []) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'link';
    b.dataset.game = String(game.number);
    b.textContent = t('h.matchGame', { n: game.number, a: game.points[0], b: game.points[1] });
    b.addEventListener('click', () => openMatchGame(game));
    li.append(b);
    ol.append(li);
  }
  $('match-games').hidden = false;
}

/**
 * Replays one game of the match on show.
 * @param {{number: number, points: number[], record: string}} game
 */
function openMatchGame(game) {
  let g = null;
  let error = '';
  try {
    g = replayGame(game.record);
  } catch (e) {
    error = readErrorText(t, e);
  }
  showGame({ record: game.record, replay: g, stored: false, entry: null, matchGame: game });
  $('replay-error').textContent = error;
  $('replay-error').hidden = !error;
}

/** Opens entry `i` of the list. */
function openEntry(i) {
  const entry = state.entries[i];
  if (!entry) return;
  const read = readEntry(entry);
  if ('summary' in read && read.summary.kind === 'match') {
    showMatch(entry, read.summary);
    return;
  }
  let g = null;
  let error = '';
  try {
    g = replayGame(entry.record);
  } catch (e) {
    error = readErrorText(t, e);
  }
  showGame({ record: entry.record, replay: g, stored: true, entry });
  $('replay-error').textContent = error;
  $('replay-error').hidden = !error;
}

/** Replays a pasted or opened text, or says why it cannot. */
function openText(text) {
  const out = $('paste-error');
  out.hidden = true;
  if (!text.trim()) {
    out.textContent = t('h.empty');
    out.hidden = false;
    return;
  }
  let g;
  try {
    g = replayGame(text);
  } catch (e) {
    out.textContent = readErrorText(t, e);
    out.hidden = false;
    return;
  }
  $('replay-error').hidden = true;
  showGame({ record: g.source === 'record' ? text : null, replay: g, stored: false, entry: null });
}

/** The stored texts the history could not read: said, with Save and Drop. */
function drawProblems(problems) {
  const box = $('problems');
  box.textContent = '';
  for (const p of problems) {
    const div = document.createElement('div');
    div.className = 'problem';
    div.dataset.key = p.key;
    const text = document.createElement('p');
    text.textContent = t(`h.problem.${p.key}`);
    const save = document.createElement('button');
    save.type = 'button';
    save.textContent = t('h.problemSave');
    save.addEventListener('click', () => download(p.text, `${p.key}.json`, 'application/json'));
    const drop = document.createElement('button');
    drop.type = 'button';
    drop.textContent = t('h.problemDrop');
    drop.addEventListener('click', () => {
      dropUnreadable(p.key);
      say(t('h.dropped'));
      refresh();
    });
    div.append(text, save, drop);
    box.append(div);
  }
}

function refresh() {
  const { entries, problems } = loadHistory();
  state.entries = entries;
  drawList(entries, openEntry);
  drawProblems(problems);
}

function render() {
  document.title = `${t('h.title')} — Virada`;
  translatePage();
  refresh();
  if (state.shown) {
    $('replay-title').textContent = titleText(state.shown);
    $('replay-meta').textContent = metaText(state.shown);
    replay.redraw();
  }
}

function languages() {
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    render();
  });
}

async function openFile(e) {
  const input = /** @type {HTMLInputElement} */ (e.target);
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  if (file.size > MAX_FILE) {
    $('paste-error').textContent = t('h.fileTooBig');
    $('paste-error').hidden = false;
    return;
  }
  const text = await file.text();
  /** @type {HTMLTextAreaElement} */ ($('paste-input')).value = text;
  openText(text);
}

async function start() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  setLanguage(chooseLanguage(params.lang, loadPrefs().lang, navigator.languages));
  languages();
  attach(/** @type {HTMLElement} */ ($('status')));
  mountHeaderAccount();
  translatePage();
  document.title = `${t('h.title')} — Virada`;
  watchCalls();
  $('paste-go').addEventListener('click', () => openText(/** @type {HTMLTextAreaElement} */ ($('paste-input')).value));
  $('paste-file').addEventListener('change', openFile);
  $('replay-close').addEventListener('click', closeReplay);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state.shown && !(/** @type {Element} */ (e.target).closest?.('input, textarea, select'))) closeReplay();
  });
  // An empty history is drawn at once, and the count of a full one: only
  // reading a record needs the engine.
  const stored = loadHistory().entries.length;
  if (stored) drawCount(stored);
  else refresh();
  try {
    const loaded = await import('../bot/engine.js');
    await loaded.ready();
    engine = loaded;
    useEngine(loaded);
  } catch (e) {
    $('paste-error').textContent = t('h.errEngine', { error: String(e?.message ?? e) });
    $('paste-error').hidden = false;
    return;
  }
  refresh();
  document.body.dataset.ready = 'true';
}

/** Signed in: challenges and a round's start reach this page too (accounts/challenged.js). */
function watchCalls() {
  import('../accounts/header.js')
    .then((m) => (m.who() ? import('../accounts/challenged.js').then((c) => c.watchChallenges()) : null))
    .catch(() => {});
}

start();
