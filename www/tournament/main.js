// @ts-check
// tournament.html: the tournaments and the form that makes one, or one
// tournament (`?id=…`), asked for again every few seconds while it is not
// over (docs/tournaments.md, "Online").

import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, t } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { LOBBY_WORDS } from '../lobby/words.js';
import { ACCOUNT_WORDS } from '../accounts/words.js';
import { TOURNAMENT_WORDS } from './words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { attach, say } from '../core/announce.js';
import { mountAccount, errorText } from '../accounts/bar.js';
import { mountHeaderAccount } from '../accounts/header.js';
import * as api from '../accounts/api.js';
import { drawList, drawCreate, tournamentHref } from './list.js';
import { drawTournament, tickCountdown } from './view.js';

addWords(TABLE_WORDS);
addWords(LOBBY_WORDS);
addWords(ACCOUNT_WORDS);
addWords(TOURNAMENT_WORDS);

/** How often a tournament not over is asked for again. */
const POLL_MS = 2000;
/** The longest the page waits for the account bar and the tournament before it shows. */
const SETTLE_MS = 1500;
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const id = new URLSearchParams(location.search).get('id');

/** @type {{me: string|null, list: any[]|null, one: any, message: string, skew: number, drawn: string}} */
const state = { me: null, list: null, one: null, message: '', skew: 0, drawn: '' };

/** What was drawn, so that an answer that changed nothing redraws nothing (the focus stays). */
function drawnKey() {
  const { now: _now, ...rest } = state.one || {};
  return JSON.stringify([rest, state.me, state.message, state.list]);
}

async function load() {
  try {
    if (id) {
      const asked = Date.now();
      state.one = await api.ask(`api/tournaments/${encodeURIComponent(id)}`);
      state.skew = Number(state.one.now) - (asked + Date.now()) / 2;
    } else {
      state.list = (await api.ask('api/tournaments')).tournaments;
    }
    state.message = '';
  } catch (error) {
    state.message = errorText(error);
  }
  render(false);
}

function render(always = true) {
  const key = drawnKey();
  if (!always && key === state.drawn) return;
  state.drawn = key;
  mountHeaderAccount();
  translatePage();
  const title = id ? String(state.one?.name || t('tn.title')) : t('tn.title');
  $('page-title').textContent = title;
  document.title = `${title} — Virada`;
  $('intro').hidden = Boolean(id);
  $('list').hidden = Boolean(id);
  $('create').hidden = Boolean(id);
  $('one').hidden = !id;
  $('all-link').hidden = !id;
  if (id) {
    if (state.one) drawTournament($('one'), state.one, state.me, state.skew, load);
    else $('one').replaceChildren(document.createTextNode(state.message));
  } else {
    drawList($('list'), state.list, state.message);
  }
}

function drawForm() {
  if (id) return;
  drawCreate($('create'), Boolean(state.me), (made) => {
    say(t('tn.made'));
    location.href = tournamentHref(made);
  });
}

/** Asks again while the tournament is not over; the countdown (to the start, or an arena's end) ticks each second. */
function follow() {
  let since = 0;
  setInterval(() => {
    since += 1000;
    if (!id || state.one?.phase === 'over') return;
    if (since >= POLL_MS) {
      since = 0;
      load();
    } else if (state.one) tickCountdown(state.one, state.skew);
  }, 1000);
}

function boot() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  setLanguage(chooseLanguage(params.lang, loadPrefs().lang, navigator.languages));
  attach($('status'));
  /** @type {(value?: unknown) => void} */
  let barDrawn = () => {};
  const barReady = new Promise((resolve) => { barDrawn = resolve; });
  const bar = mountAccount($('account-bar'), (me) => {
    state.me = me.signedIn && me.name ? me.name : null;
    render();
    drawForm();
    barDrawn();
  });
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    render();
    drawForm();
    bar.redraw();
  });
  render();
  drawForm();
  const loaded = load();
  // Shown once the account bar and the tournament (or the list) are drawn,
  // or after SETTLE_MS: nothing below them moves when they arrive.
  const shown = () => { delete $('main').dataset.settling; };
  Promise.race([Promise.all([barReady, loaded]), new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]).then(shown, shown);
  loaded.then(() => {
    document.body.dataset.ready = 'true';
    follow();
  });
  // Signed in: a round's start takes the person to their game
  // (tournament/call.js), and challenges show here too.
  import('../accounts/header.js')
    .then((m) => (m.who() ? import('../accounts/challenged.js').then((c) => c.watchChallenges()) : null))
    .catch(() => {});
}

boot();
