// @ts-check
// players.html: the leaderboard (no `name`), one table a speed (`?speed=…`,
// blitz first), or a player's profile (`?name=…`): each speed's rating, the
// main speed's with its deviation and a graph over time, wins, draws and
// losses, and every kept game with links to replay and verify it. One's own
// profile also lists the signed-in devices (each may be signed out), adds a
// passkey, and deletes the account.

import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, t } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { LOBBY_WORDS } from '../lobby/words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { attach, say } from '../core/announce.js';
import { ACCOUNT_WORDS } from './words.js';
import { mountAccount, el, errorText, profileHref } from './bar.js';
import { ratingGraph } from './graph.js';
import * as api from './api.js';
import { verifyLink } from '../core/finished.js';
import { mountHeaderAccount } from './header.js';
import { showMine } from './profile-mine.js';
import { mountChallenge } from './challenge.js';
import { watchChallenges } from './challenged.js';
import { SPEEDS, speedOf, speedTable, speedTabs } from './speeds.js';

/** @type {readonly string[]} */
const SPEED_NAMES = SPEEDS;

/** @type {{show: (name: string|null) => void, redraw: () => void}|null} */
let challenge = null;
/** @type {{redraw: () => void}|null} */
let challenged = null;

addWords(TABLE_WORDS);
addWords(LOBBY_WORDS);
addWords(ACCOUNT_WORDS);

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const name = new URLSearchParams(location.search).get('name');
/** The challenge's section, kept while the profile is drawn again (it moves into it). */
const challengeSection = $('challenge');

/** @type {{me: api.Me|null, board: any, profile: any, sessions: any[]|null, message: string, mine: {games: Record<string, number>}|null, speed: string}} */
const state = { me: null, board: null, profile: null, sessions: null, message: '', mine: null, speed: speedOf(new URLSearchParams(location.search).get('speed')) };

const when = (ms) => new Date(Number(ms)).toLocaleString();

function drawBoard() {
  const root = $('board');
  root.hidden = Boolean(name);
  if (name || !state.board) return;
  const focused = document.activeElement?.closest?.('#board-speeds') ? document.activeElement.id : '';
  // While another speed's table is asked for: its tabs, nothing under them.
  const players = Array.isArray(state.board.players) ? state.board.players : null;
  const speed = t(`a.speed.${state.speed}`);
  const panel = el('div', { role: 'tabpanel', id: 'board-panel', 'aria-labelledby': `board-speed-${state.speed}` });
  root.replaceChildren(speedTabs(state.speed, pickSpeed), panel);
  panel.append(el('p', { class: 'intro' }, t('a.leaderboardIntro', { n: Number(state.board.minGames) || 0, speed, about: t(`a.speedAbout.${state.speed}`) })));
  // Signed in and not listed yet: how far from it ("2 of 5 rated games").
  const min = Number(state.board.minGames) || 0;
  const mine = state.mine ? state.mine.games[state.speed] ?? 0 : min;
  if (mine < min) {
    panel.append(el('p', { class: 'account-note', id: 'board-mine' }, t('a.boardMine', { n: mine, min, speed })));
  }
  // Come from deleting one's account: it says so.
  if (new URLSearchParams(location.search).has('deleted')) root.prepend(el('p', { class: 'account-message', id: 'deleted-done', role: 'status' }, t('a.deleteDone')));
  if (focused) document.getElementById(focused)?.focus();
  if (!players) return;
  if (players.length === 0) {
    panel.append(el('p', { class: 'none', id: 'board-none' }, t('a.leaderboardNone', { speed })));
    return;
  }
  const table = el('table', { id: 'leaderboard' });
  table.dataset.speed = state.speed;
  table.append(el('caption', { class: 'visually-hidden' }, t('a.boardOf', { speed })));
  const head = el('tr');
  for (const h of ['a.rank', 'a.player', 'a.rating', 'a.games']) head.append(el('th', { scope: 'col' }, t(h)));
  table.append(el('thead'), el('tbody'));
  table.querySelector('thead')?.append(head);
  for (const p of players) {
    const row = el('tr');
    const who = el('td');
    who.append(el('a', { href: profileHref(String(p.name)) }, String(p.name)));
    row.append(el('td', { class: 'num' }, String(p.rank)), who, el('td', { class: 'num' }, String(p.shown)), el('td', { class: 'num' }, String(p.games)));
    table.querySelector('tbody')?.append(row);
  }
  panel.append(table);
}

/** Another speed's leaderboard: the address says it, the table follows. @param {string} speed */
async function pickSpeed(speed) {
  state.speed = speedOf(speed);
  const url = new URL(location.href);
  url.searchParams.set('speed', state.speed);
  history.replaceState(null, '', url);
  delete document.body.dataset.ready;
  const asked = state.speed;
  state.board = { minGames: state.board?.minGames, players: null };
  drawBoard();
  try {
    const board = await api.leaderboard(asked);
    if (asked !== state.speed) return;
    state.board = board;
  } catch (error) {
    say(errorText(error));
  }
  drawBoard();
  document.body.dataset.ready = 'true';
}

function drawProfile() {
  const root = $('profile');
  root.hidden = !name;
  if (!name) return;
  const p = state.profile;
  if (!p) {
    root.replaceChildren(el('p', { class: 'account-message' }, state.message));
    return;
  }
  root.replaceChildren();
  root.append(el('h2', { id: 'profile-name' }, String(p.name)));
  // The main speed's rating (where most rated games are), then every speed's.
  const main = speedOf(p.speed);
  const rating = el('p', { class: 'rating', id: 'profile-rating' }, String(p.shown));
  root.append(rating, el('p', { id: 'profile-main' }, t('a.mainSpeed', { speed: t(`a.speed.${main}`) })), el('p', { id: 'profile-deviation' }, t('a.deviation', { rd: Number(p.deviation).toFixed(1) })));
  if (p.provisional) root.append(el('p', { class: 'account-note' }, t('a.provisional')));
  if (Array.isArray(p.speeds)) root.append(speedTable(p.speeds, main), el('p', { class: 'account-note', id: 'speeds-note' }, t('a.speedsNote')));
  // Beside the rating, the rated games' results (casual ones count apart).
  const rated = (Array.isArray(p.games) ? p.games : []).filter((g) => g.rating != null);
  const count = (result) => rated.filter((g) => g.result === result).length;
  root.append(el('p', { id: 'profile-record' }, t('a.record', { w: count('win'), d: count('draw'), l: count('loss') })));
  // Another's profile: the challenge to them under their rating, where a phone shows it first.
  root.append(challengeSection);
  // The graph follows the main speed from the account's start.
  const history = (Array.isArray(p.history) ? p.history : []).filter((h, i) => i === 0 || h.speed === main);
  root.append(el('h3', {}, t('a.graph', { speed: t(`a.speed.${main}`) })), ratingGraph(history, String(p.name)));
  root.append(el('h3', {}, t('a.keptGames')));
  const games = Array.isArray(p.games) ? p.games : [];
  if (games.length === 0) root.append(el('p', { class: 'none' }, t('a.noGames')));
  const ul = el('ul', { class: 'game-list', id: 'profile-games' });
  for (const g of games) {
    const li = el('li');
    li.dataset.id = String(g.id);
    const outcome = ['win', 'draw', 'loss'].includes(g.result) ? g.result : 'unfinished';
    const result = el('span', { class: `result result-${outcome}` }, t(`a.${outcome}`));
    const vs = g.opponent ? t('a.vs', { name: String(g.opponent) }) : t('a.vsGuest');
    const speed = SPEED_NAMES.includes(g.speed) ? ` · ${t(`a.speed.${g.speed}`)}` : '';
    const kind = g.rating == null ? t('a.casual') : `${t('a.rated')}${speed} · ${Math.round(Number(g.rating))}`;
    const page = g.game === 'nabucodonosor' ? 'nabu.html' : 'index.html';
    const id = encodeURIComponent(String(g.id));
    const replay = el('a', { href: `${page}?table=${id}&replay=1`, 'aria-label': t('a.replayLabel', { when: when(g.finished) }) }, t('a.replay'));
    const verify = el('a', { href: `api/records/${id}`, 'aria-label': t('a.verifyLabel', { when: when(g.finished) }) }, t('a.verify'));
    verify.addEventListener('click', (event) => {
      event.preventDefault();
      openVerified(String(g.id));
    });
    li.append(result, el('span', {}, vs), el('span', {}, kind), el('span', {}, when(g.finished)), replay, verify);
    ul.append(li);
  }
  root.append(ul);
  // The player's tournaments, loaded on demand under their games.
  const theirs = el('section', { class: 'profile-tournaments', id: 'profile-tournaments', 'aria-labelledby': 'tournaments-title' });
  root.append(theirs);
  import('../tournament/small.js')
    .then((m) => m.showTournaments(theirs, String(p.name)))
    .catch(() => { theirs.hidden = true; });
}

/** Opens the kept record in "Verify a game" (the record in the link's fragment). @param {string} id */
async function openVerified(id) {
  try {
    const response = await fetch(`api/records/${encodeURIComponent(id)}`);
    if (!response.ok) throw new api.AccountError('no-record');
    location.href = verifyLink(await response.text());
  } catch (error) {
    say(errorText(error));
  }
}

/** "Chrome on Linux" from a browser's User-Agent (the whole of it stays in the title). @param {string} agent */
export function deviceName(agent) {
  /** @type {[RegExp, string][]} */
  const browsers = [[/Edg\//, 'Edge'], [/OPR\//, 'Opera'], [/Firefox\//, 'Firefox'], [/Chrome\//, 'Chrome'], [/Version\/[\d.]+.*Safari\//, 'Safari']];
  /** @type {[RegExp, string][]} */
  const systems = [[/iPhone/, 'iPhone'], [/iPad/, 'iPad'], [/Android/, 'Android'], [/Windows/, 'Windows'], [/CrOS/, 'ChromeOS'], [/Mac OS X/, 'macOS'], [/Linux/, 'Linux']];
  const browser = browsers.find(([re]) => re.test(agent))?.[1];
  const os = systems.find(([re]) => re.test(agent))?.[1];
  if (!browser && !os) return agent;
  return t('a.device', { browser: browser ?? '?', os: os ?? '?' });
}

async function loadSessions() {
  try {
    state.sessions = await api.sessions();
  } catch {
    state.sessions = null;
  }
  drawManage();
}

function drawManage() {
  const root = $('manage');
  const own = Boolean(name && state.me?.signedIn && state.me.name === state.profile?.name);
  root.hidden = !own;
  if (!own) return;
  // The sessions' answer may redraw the section while the name is typed
  // into the deletion's box: what is typed, and the focus, stay.
  const typed = /** @type {HTMLInputElement|null} */ ($('delete-name'));
  const kept = { value: typed?.value ?? '', focused: Boolean(typed && document.activeElement === typed) };
  root.replaceChildren(el('h3', { id: 'sessions-title' }, t('a.sessions')));
  const ul = el('ul', { id: 'sessions', 'aria-labelledby': 'sessions-title' });
  for (const s of state.sessions || []) {
    const agent = String(s.agent || '?');
    const li = el('li');
    li.append(el('span', { title: agent }, deviceName(agent)), el('span', {}, t('a.sessionSince', { when: when(s.created) })));
    if (s.current) li.append(el('strong', {}, t('a.sessionThis')));
    else {
      const out = el('button', { type: 'button', 'aria-label': t('a.revokeLabel', { agent: deviceName(agent) }) }, t('a.revoke'));
      out.addEventListener('click', async () => {
        try {
          await api.revoke(String(s.id));
        } catch (error) {
          say(errorText(error));
        }
        loadSessions();
      });
      li.append(out);
    }
    ul.append(li);
  }
  const add = el('button', { type: 'button', id: 'add-passkey' }, t('a.addPasskey'));
  add.addEventListener('click', async () => {
    try {
      const answer = await api.addPasskey();
      state.message = t('a.passkeyAdded', { n: answer.passkeys });
    } catch (error) {
      state.message = errorText(error);
    }
    say(state.message);
    drawManage();
  });
  const form = /** @type {HTMLFormElement} */ (el('form', { id: 'delete-form' }));
  const label = el('label', { for: 'delete-name' }, t('a.deleteConfirm'));
  const input = /** @type {HTMLInputElement} */ (el('input', { id: 'delete-name', autocomplete: 'off' }));
  const del = el('button', { type: 'submit', id: 'delete-account' }, t('a.delete'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api.deleteAccount(input.value);
      say(t('a.deleteDone'));
      location.href = 'players.html?deleted=1';
    } catch (error) {
      state.message = errorText(error);
      say(state.message);
      drawManage();
    }
  });
  form.append(label, ' ', input, ' ', del);
  root.append(ul, add, el('p', { class: 'account-message' }, state.message), el('h3', {}, t('a.delete')), form);
  input.value = kept.value;
  if (kept.focused) input.focus();
}

async function load() {
  try {
    if (name) state.profile = await api.profile(name);
    else {
      state.board = await api.leaderboard(state.speed);
      const me = state.me?.signedIn && state.me.name ? await api.profile(state.me.name).catch(() => null) : null;
      state.mine = me ? { games: Object.fromEntries((Array.isArray(me.speeds) ? me.speeds : []).map((s) => [String(s.speed), Number(s.games) || 0])) } : null;
    }
  } catch (error) {
    state.message = errorText(error);
  }
  render();
  if (state.me?.signedIn && name && state.me.name === state.profile?.name) loadSessions();
}

function render() {
  const title = name ? String(state.profile?.name || name) : t('a.leaderboard');
  $('page-title').textContent = title;
  document.title = `${title} — Virada`;
  mountHeaderAccount();
  translatePage();
  $('page-title').textContent = title;
  drawBoard();
  drawProfile();
  drawManage();
  drawMine();
}

/** One's own profile: the games one sits at now (as in the lobby); another's, signed in: a challenge to them. */
function drawMine() {
  const own = Boolean(state.me?.signedIn && name && state.me.name === state.profile?.name);
  showMine(own ? String(state.me?.name) : null);
  challenge?.show(state.me?.signedIn && state.profile?.name && !own ? String(state.profile.name) : null);
}

function boot() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  setLanguage(chooseLanguage(params.lang, loadPrefs().lang, navigator.languages));
  attach($('status'));
  const bar = mountAccount($('account-bar'), (me) => {
    mountHeaderAccount();
    const was = state.me?.name;
    state.me = me;
    if (me.signedIn && name && me.name === state.profile?.name) loadSessions();
    if (was !== me.name) load();
    else {
      drawManage();
      drawMine();
    }
  });
  challenge = mountChallenge(challengeSection);
  challenged = watchChallenges();
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    render();
    bar.redraw();
    challenge?.redraw();
    challenged?.redraw();
  });
  render();
  load().then(() => {
    document.body.dataset.ready = 'true';
  });
}

boot();
