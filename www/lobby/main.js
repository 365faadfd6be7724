// @ts-check
// The lobby page (lobby.html): the server's tables waiting for a second
// player and its games in progress, kept up to date by one EventSource on
// `api/lobby` (docs/server.md, "The lobby"). Each event is the whole list;
// lobby/list.js draws it. A dropped connection is opened again by the
// browser; one the server refused (no server here) is tried again with a
// growing delay.

import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, language, t } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { LOBBY_WORDS } from './words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { attach, say } from '../core/announce.js';
import { drawPart } from './list.js';
import { drawMine } from './mine.js';
import { ACCOUNT_WORDS } from '../accounts/words.js';
import { mountAccount } from '../accounts/bar.js';
import { mountSeeks } from '../accounts/seeks.js';
import { mountPools } from './pools.js';
import { mountHeaderAccount } from '../accounts/header.js';

addWords(TABLE_WORDS);
addWords(LOBBY_WORDS);
addWords(ACCOUNT_WORDS);

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** The longest the page waits for the account bar and the seeks before it shows. */
const SETTLE_MS = 1500;
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {{list: import('./list.js').LobbyList|null, connection: 'connecting'|'live'|'retrying', retry: number, me: string|null}} */
const state = { list: null, connection: 'connecting', retry: RETRY_FIRST_MS, me: null };

/** The list as the server sent it, or null when it is not one. */
function readList(text) {
  try {
    const list = JSON.parse(text);
    if (!list || !Array.isArray(list.waiting) || !Array.isArray(list.playing)) return null;
    // When it came, on this page's clock: a turn's time left counts down from the list's `now`.
    list.receivedAt = Date.now();
    return list;
  } catch {
    return null;
  }
}

/** Following a table's link: an address's `?lang=` is kept as the person's choice (the link carries none). */
function chosen() {
  if (new URLSearchParams(location.search).has('lang')) savePref('lang', language());
}

function drawConnection() {
  const line = $('connection');
  line.dataset.state = state.connection;
  line.textContent = t(`l.${state.connection}`);
  document.body.dataset.lobby = state.connection;
}

function draw() {
  drawConnection();
  const list = state.list;
  drawMine(list, state.me);
  $('lists').hidden = !list;
  if (!list) return;
  drawPart('waiting', list.waiting, Number(list.waitingCount) || list.waiting.length, chosen);
  drawPart('playing', list.playing, Number(list.playingCount) || list.playing.length, chosen);
}

function setConnection(connection) {
  if (state.connection === connection) return;
  state.connection = connection;
  drawConnection();
  if (connection !== 'live') say(t(`l.${connection}`));
}

/** Opens the lobby's event stream; a refused one is opened again later. */
function listen() {
  const source = new EventSource(new URL('api/lobby', location.href).href);
  source.addEventListener('lobby', (event) => {
    const list = readList(/** @type {MessageEvent} */ (event).data);
    if (!list) return;
    state.list = list;
    state.retry = RETRY_FIRST_MS;
    state.connection = 'live';
    draw();
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) {
      setConnection('retrying');
      setTimeout(listen, state.retry);
      state.retry = Math.min(state.retry * 2, RETRY_MAX_MS);
    } else {
      // The browser opens it again by itself.
      setConnection('retrying');
    }
  });
}

/** The account bar and the seeks (www/accounts/), drawn again in a new language. */
const people = { redraw: () => {} };

function render() {
  document.title = `${t('l.title')} — Virada`;
  mountHeaderAccount();
  translatePage();
  draw();
  people.redraw();
}

function boot() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  setLanguage(chooseLanguage(params.lang, loadPrefs().lang, navigator.languages));
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    render();
  });
  attach($('status'));
  // My games' turn times left count down each minute between lists.
  setInterval(() => drawMine(state.list, state.me), 60_000);
  const pools = mountPools($('pools'));
  const seeks = mountSeeks($('seeks'), (answer) => pools.heard(answer));
  const bar = mountAccount($('account-bar'), (me) => {
    state.me = me.signedIn && me.name ? me.name : null;
    draw();
    seeks.signedIn(me);
    pools.signedIn(me);
    mountHeaderAccount();
  });
  // Challenges made to this person (their cards at the top of the page).
  /** @type {{redraw: () => void}|null} */
  let challenged = null;
  // Challenges are the lobby's extra: a module that cannot be fetched (its
  // server restarting) leaves them to the next load, not an error.
  import('../accounts/challenged.js')
    .then((m) => { challenged = m.watchChallenges(); })
    .catch(() => {});
  // The tournaments not over, below the tables (tournament.html has them all).
  /** @type {{redraw: () => void}|null} */
  let tournaments = null;
  import('../tournament/small.js')
    .then((m) => m.showTournaments($('tournaments'), null))
    .then((shown) => { tournaments = shown; })
    .catch(() => {});
  // The day's puzzle, a card under the account bar (puzzle.html has the rest).
  /** @type {{redraw: () => void}|null} */
  let daily = null;
  import('./daily.js')
    .then((m) => m.showDaily())
    .then((shown) => { daily = shown; })
    .catch(() => {});
  people.redraw = () => {
    bar.redraw();
    seeks.redraw();
    pools.redraw();
    challenged?.redraw();
    tournaments?.redraw();
    daily?.redraw();
  };
  render();
  listen();
  // The account bar and the seeks come in after a request or two: the
  // page shows once they are drawn (or after SETTLE_MS), so that nothing
  // below them moves when they arrive.
  const shown = () => { delete $('main').dataset.settling; };
  Promise.race([seeks.ready, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]).then(shown, shown);
  document.body.dataset.ready = 'true';
}

boot();
