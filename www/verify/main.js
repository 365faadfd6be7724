// @ts-check
// "Verify a game": reads a record (pasted, opened, or from the #r= link),
// asks the engine to check it, and shows each check in the page's language.
// The engine decides everything; this file only draws. Record text reaches
// the page through textContent only.

import { ready, verifyRecord, isMatchRecord, checkSignature } from '../games/engine.js';
import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, t, hasWord } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { VERIFY_WORDS } from './words.js';
import { MATCH_VERIFY_WORDS } from './match-words.js';
import { isMatchReport, readableMatch, renderMatch } from './match.js';
import { isTrf, isTrfReport, renderTrfPlayers, trfSentence } from './trf.js';
import { loadFinished, recordFromFragment, verifyLink } from '../core/finished.js';
import { seenKeys, serverKey } from '../online/api.js';
import { mountHeaderAccount, who } from '../accounts/header.js';

addWords(TABLE_WORDS);
addWords(VERIFY_WORDS);
addWords(MATCH_VERIFY_WORDS);

const $ = (id) => document.getElementById(id);
// A match record holds many games' records.
const MAX_FILE = 1024 * 1024;

const state = { report: null, engine: false, engineError: null, note: null };

/** A check's parameters made readable: colours, seats, verdicts and reasons translated. */
function readable(check) {
  if (check.check.startsWith('match-')) return readableMatch(check.params);
  const p = { ...check.params };
  for (const k of ['seat', 'derived', 'recorded']) {
    if (p[k] === 'first' || p[k] === 'second') p[k] = t(`v.${p[k]}`);
  }
  if (p.color === 'dark' || p.color === 'light') p.color = t(`v.${p.color}`);
  for (const k of ['verdict', 'computed', 'recorded']) {
    if (hasWord(`v.verdict.${p[k]}`)) p[k] = t(`v.verdict.${p[k]}`);
  }
  if (p.why && hasWord(`v.why.${p.why}`)) p.why = t(`v.why.${p.why}`);
  if (p.who === 'person') p.who = t('v.person');
  else if (/^bot \d+$/.test(p.who ?? '')) p.who = t('v.bot', { n: p.who.slice(4) });
  if (p.expected === 'none') p.expected = t('v.none');
  if (p.corners === '') p.corners = t('v.noCorner');
  return p;
}

/** The sentence of one check: the translated code, else the engine's English. */
function sentence(check) {
  if (isTrfReport(state.report)) return trfSentence(check);
  const key = `v.code.${check.code}`;
  return hasWord(key) ? t(key, readable(check)) : check.message;
}

/**
 * One check as a list item: its status, its name and its sentence.
 * @param {import('../games/engine.js').Check} check
 * @returns {HTMLLIElement}
 */
function checkItem(check) {
  const li = document.createElement('li');
  li.dataset.check = check.check;
  li.dataset.status = check.status;
  li.dataset.code = check.code;
  const status = document.createElement('span');
  status.className = 'check-status';
  status.textContent = t(`v.status${check.status[0].toUpperCase()}${check.status.slice(1)}`);
  const name = document.createElement('span');
  name.className = 'check-name';
  name.textContent = `${t(`v.check.${check.check}`, check.params)}: `;
  const why = document.createElement('span');
  why.className = 'why';
  why.textContent = sentence(check);
  li.append(status, name, why);
  // A signed record names its key: the page says whether it has seen that key from the server.
  if ((check.check === 'signature' || check.check === 'match-signature') && check.params?.key) {
    const seen = seenKeys().includes(check.params.key);
    const note = document.createElement('span');
    note.className = 'key-seen';
    note.dataset.seen = String(seen);
    note.textContent = ` ${t(seen ? 'v.keySeen' : 'v.keyNotSeen')}`;
    li.append(note);
  }
  return li;
}

function render() {
  document.title = `${t('v.pageTitle')} — Virada`;
  mountHeaderAccount();
  translatePage();

  const verdict = $('verdict');
  const list = $('checks');
  list.textContent = '';
  if (state.note) {
    verdict.hidden = false;
    verdict.dataset.ok = 'false';
    verdict.textContent = t(`v.${state.note.key}`, state.note.params);
  } else if (state.report) {
    verdict.hidden = false;
    verdict.dataset.ok = String(state.report.ok);
    // An arena's file: its waves checked against the arena's rules, not re-paired.
    const arena = isTrfReport(state.report) && state.report.checks.some((c) => c.code === 'round-arena');
    const all = isMatchReport(state.report) ? 'v.matchAllPassed' : arena ? 'v.trfArenaAllPassed' : isTrfReport(state.report) ? 'v.trfAllPassed' : 'v.allPassed';
    verdict.textContent = t(state.report.ok ? all : 'v.someFailed');
  } else {
    verdict.hidden = true;
  }
  if (isMatchReport(state.report)) renderMatch(state.report, list, checkItem);
  else for (const check of state.report?.checks ?? []) list.append(checkItem(check));
  renderTrfPlayers(isTrfReport(state.report) ? state.report : null, $('trf-players'), $('trf-player-list'));
  renderFinished();
}

/** The game a record names: "Othello", "Nabucodonosor 6×6". */
function gameName(record) {
  const [, game = '?', size] = /^game: (\S+)(?: (\d+))?$/m.exec(record) ?? [];
  const name = game.charAt(0).toUpperCase() + game.slice(1);
  return game === 'nabucodonosor' && size ? `${name} ${size}×${size}` : name;
}

/** The stored finished games (both games'), newest first; choosing one verifies it. */
function renderFinished() {
  // The last 50 (the history, history.html, holds them all).
  const records = loadFinished().slice(0, 50);
  const list = $('finished');
  list.textContent = '';
  $('finished-none').hidden = records.length > 0;
  records.forEach((record, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    // Shown as written in the record; the check itself comes from the engine.
    const match = /^match: (to (\d+) points|(\d+) games)$/m.exec(record);
    const result = (match ? /^total: (.*)$/m : /^result: (.*)$/m).exec(record)?.[1] ?? '?';
    const game = match ? t(match[2] ? 'v.matchKind_points' : 'v.matchKind_games', { n: match[2] ?? match[3] }) : gameName(record);
    button.textContent = t('v.finishedItem', { n: i + 1, result, game });
    button.addEventListener('click', () => {
      /** @type {HTMLTextAreaElement} */ ($('record-input')).value = record;
      verify();
    });
    li.append(button);
    list.append(li);
  });
}

/** Counts the checks asked for, so a match record's late answer never overwrites a newer one's. */
let asked = 0;

function verify() {
  const text = /** @type {HTMLTextAreaElement} */ ($('record-input')).value;
  const mine = ++asked;
  state.note = null;
  if (!state.engine) {
    state.report = null;
    state.note = { key: 'notLoaded', params: { error: state.engineError ?? '…' } };
    render();
    return;
  }
  let matchRecord = false;
  const trf = isTrf(text);
  try {
    matchRecord = !trf && isMatchRecord(text);
    if (!matchRecord && !trf) show(text, verifyRecord(text));
  } catch (e) {
    show(text, null, e);
  }
  if (!matchRecord && !trf) return;
  // A match record's verifier is in the bots' package, a tournament file's
  // in a package of its own, each loaded on demand: until it answers, no
  // report is shown (the last one was another text's).
  state.report = null;
  document.body.dataset.verified = 'false';
  render();
  const check = trf
    ? import('./trf-engine.js').then(async (engine) => {
        await engine.ready();
        return engine.verifyTrf(text);
      })
    : import('../bot/engine.js').then(async (bot) => {
        await bot.ready();
        return bot.verifyMatch(text);
      });
  check
    .then(
      (report) => mine === asked && show(text, report),
      (e) => mine === asked && show(text, null, e),
    );
}

/**
 * Shows the report on `text` (or, with `error`, that the engine could not check it).
 * @param {string} text
 * @param {import('../games/engine.js').Report|null} report
 * @param {unknown} [error]
 */
function show(text, report, error) {
  state.report = report;
  if (error !== undefined) {
    const e = /** @type {{message?: unknown}} */ (error);
    state.note = { key: 'notLoaded', params: { error: String(e?.message ?? e) } };
  }
  const link = /** @type {HTMLAnchorElement} */ ($('share-link'));
  link.hidden = text.trim() === '';
  link.href = verifyLink(text);
  document.body.dataset.verified = String(state.report?.ok ?? false);
  render();
  // A signed record's signature is checked by the browser's Ed25519.
  if (!report) return;
  checkSignature(report).then((checked) => {
    if (state.report !== report || checked === report) return;
    state.report = checked;
    document.body.dataset.verified = String(checked.ok);
    render();
  });
}

async function openFile(e) {
  const file = e.target.files?.[0];
  if (!file) return;
  if (file.size > MAX_FILE) {
    state.report = null;
    state.note = { key: 'fileTooBig', params: {} };
    render();
    return;
  }
  /** @type {HTMLTextAreaElement} */ ($('record-input')).value = await file.text();
  verify();
}

function fromFragment() {
  if (!location.hash) return;
  const record = recordFromFragment(location.hash);
  if (record == null) {
    state.report = null;
    state.note = { key: 'badLink', params: {} };
    render();
    return;
  }
  /** @type {HTMLTextAreaElement} */ ($('record-input')).value = record;
  verify();
}

function languages() {
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    render();
  });
}

async function start() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  setLanguage(chooseLanguage(params.lang, loadPrefs().lang, navigator.languages));
  languages();
  $('verify-button').addEventListener('click', verify);
  $('record-file').addEventListener('change', openFile);
  window.addEventListener('hashchange', fromFragment);
  render();
  // Served by the table's server, the page remembers its key as seen.
  await serverKey();
  try {
    await ready();
    state.engine = true;
  } catch (e) {
    state.engineError = String(e?.message ?? e);
  }
  fromFragment();
  // Signed in: challenges and a round's start reach this page too (accounts/challenged.js).
  if (who()) import('../accounts/challenged.js').then((c) => c.watchChallenges()).catch(() => {});
  document.body.dataset.ready = 'true';
}

start();
