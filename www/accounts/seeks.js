// @ts-check
// The lobby's seeks (docs/accounts.md, "Pairing"): the open seeks, each with
// a Play button; signed in, a form to seek a game (game, clock, rated or
// casual, a rating range) and Quick pairing. A seek of one's own is asked
// after every 1.5 s (which keeps it open, and pairs a quick one as its range
// widens); once paired, the page goes to the table.

import { t } from '../core/i18n.js';
import { clockShort, clockWords, readClock } from '../core/clock-text.js';
import { say } from '../core/announce.js';
import * as api from './api.js';
import { clockSelect, el, errorText, FIRST_CLOCK, profileHref } from './bar.js';

const LIST_EVERY_MS = 2000;
const OWN_EVERY_MS = 1500;
/** The games a seek offers: Othello, and Nabucodonosor on each board. */
const GAMES = ['othello', ...[5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((n) => `nabucodonosor:${n}`)];

/**
 * @typedef {object} SeekView a seek as the server lists it
 * @property {string} id
 * @property {string} name
 * @property {string} shown
 * @property {string} game
 * @property {number} size
 * @property {string|number} clock its notation (`30`, `180+2`, `2d`, `off`)
 * @property {boolean} rated
 * @property {number|null} min
 * @property {number|null} max
 * @property {boolean} quick
 */

/**
 * A seek's game, its clock as people write it (`30s`, `3+2`, `2d`) as the
 * list shows it and in words ("30 s a move") for its Play button's label,
 * and its kind. @param {SeekView} s
 */
function describe(s) {
  const game = s.game === 'nabucodonosor' ? t('l.nabu', { n: Number(s.size) }) : t('l.othello');
  const words = clockWords(s.clock, t, { perMove: 'l.clock', days: 'l.days', none: 'l.noClock' });
  // As people write it: `3+2` (minutes + seconds a move), `30s`, `2d`.
  const notation = readClock(s.clock) ? clockShort(s.clock) : words;
  return { game, clock: notation, words, kind: s.rated ? t('a.rated') : t('a.casual') };
}

/**
 * Whether a seek takes a player of `rating`, as the server judges it: a
 * quick seek's range widens by 50 points every 5 s it waits.
 * @param {SeekView & {since?: number}} s @param {number} rating
 */
function accepts(s, rating) {
  if (!Number.isFinite(rating)) return true;
  const widen = s.quick && s.since ? 50 * Math.floor(Math.max(0, Date.now() - s.since) / 5000) : 0;
  const low = s.min == null ? -Infinity : Number(s.min) - widen;
  const high = s.max == null ? Infinity : Number(s.max) + widen;
  return rating >= low && rating <= high;
}

/**
 * Mounts the seeks in `root` (a section of the lobby); `heard` is given
 * each list the server sends (the lobby's pools read their counts there).
 * @param {HTMLElement} root
 * @param {(answer: {seeks?: unknown, pools?: unknown}) => void} [heard]
 */
export function mountSeeks(root, heard = () => {}) {
  /** @type {{me: api.Me|null, seeks: SeekView[], own: string|null, ownGame: string, ownSince: number, ownQuick: boolean, message: string, timer: number, ownTimer: number}} */
  const state = { me: null, seeks: [], own: null, ownGame: 'othello', ownSince: 0, ownQuick: false, message: '', timer: 0, ownTimer: 0 };

  /** To the table of a game of `game` (`othello`, `nabucodonosor`). */
  function go(table, game) {
    const page = game === 'nabucodonosor' ? 'nabu.html' : 'index.html';
    location.href = `${page}?table=${encodeURIComponent(table)}`;
  }

  async function list() {
    try {
      const answer = await api.ask('api/seeks');
      state.seeks = Array.isArray(answer?.seeks) ? answer.seeks : [];
      heard(answer ?? {});
    } catch {
      // The lobby's own line says when the server is gone.
    }
    draw();
  }

  async function watchOwn() {
    if (!state.own) return;
    try {
      const answer = await api.ask(`api/seeks/${encodeURIComponent(state.own)}`);
      if (answer.status === 'paired' && answer.table) return go(answer.table, state.ownGame);
      if (answer.status === 'gone') state.own = null;
    } catch (error) {
      state.message = errorText(error);
    }
    draw();
    if (state.own) state.ownTimer = window.setTimeout(watchOwn, OWN_EVERY_MS);
  }

  /** Sends the form as a seek (or a quick seek). @param {HTMLFormElement} form @param {boolean} quick */
  async function seek(form, quick) {
    const data = new FormData(form);
    const number = (k) => (String(data.get(k) || '').trim() === '' ? undefined : Number(data.get(k)));
    const [game, size] = String(data.get('game') || 'othello').split(':');
    for (const k of ['min', 'max']) {
      const n = number(k);
      if (n !== undefined && !(Number.isInteger(n) && n >= 0 && n <= 4000)) {
        state.message = t('a.badRating');
        say(state.message);
        draw();
        return;
      }
    }
    const body = {
      game,
      size: size ? Number(size) : undefined,
      // The clock's notation as chosen (`30`, `180+2`, `2d`).
      clock: String(data.get('clock') || FIRST_CLOCK),
      rated: data.get('rated') === 'on',
      min: number('min'),
      max: number('max'),
    };
    try {
      const answer = await api.ask(quick ? 'api/seeks/quick' : 'api/seeks', body);
      if (answer.table) return go(answer.table, game);
      state.own = answer.id;
      state.ownGame = game;
      state.ownSince = Date.now();
      state.ownQuick = quick;
      state.message = '';
      say(t('a.seekWaiting'));
      clearTimeout(state.ownTimer);
      state.ownTimer = window.setTimeout(watchOwn, OWN_EVERY_MS);
      list();
    } catch (error) {
      state.message = errorText(error);
      say(state.message);
      draw();
    }
  }

  /** @param {SeekView} s */
  async function take(s) {
    try {
      const answer = await api.ask(`api/seeks/${encodeURIComponent(s.id)}/accept`, {});
      go(answer.table, s.game);
    } catch (error) {
      state.message = errorText(error);
      say(state.message);
      list();
    }
  }

  async function withdraw() {
    if (!state.own) return;
    const id = state.own;
    state.own = null;
    clearTimeout(state.ownTimer);
    try {
      await api.ask(`api/seeks/${encodeURIComponent(id)}/cancel`, {});
    } catch (error) {
      state.message = errorText(error);
    }
    state.message = '';
    list();
  }

  function form() {
    // Checked here, to say why in the page's words (the browser's bubble would not).
    const f = /** @type {HTMLFormElement} */ (el('form', { class: 'seek-form', id: 'seek-form', novalidate: '' }));
    f.dataset.lang = document.documentElement.lang;
    const game = el('select', { id: 'seek-game', name: 'game' });
    for (const g of GAMES) {
      const [kind, size] = g.split(':');
      game.append(el('option', { value: g }, kind === 'othello' ? t('l.othello') : t('l.nabu', { n: Number(size) })));
    }
    const clock = clockSelect('seek-clock');
    const rated = el('input', { type: 'checkbox', id: 'seek-rated', name: 'rated', checked: '' });
    const min = el('input', { type: 'number', id: 'seek-min', name: 'min', min: '0', max: '4000', step: '50', inputmode: 'numeric' });
    const max = el('input', { type: 'number', id: 'seek-max', name: 'max', min: '0', max: '4000', step: '50', inputmode: 'numeric' });
    // A label and its field kept together on a line (they wrap as one).
    const field = (label, input) => {
      const pair = el('span', { class: 'seek-pair' });
      pair.append(el('label', { for: input.id, class: 'seek-field' }, label), input);
      return [pair];
    };
    const post = el('button', { type: 'submit', id: 'seek-post' }, t('a.seekPost'));
    const quick = el('button', { type: 'button', id: 'seek-quick' }, t('a.quick'));
    f.addEventListener('submit', (event) => {
      event.preventDefault();
      seek(f, false);
    });
    quick.addEventListener('click', () => seek(f, true));
    f.append(
      ...field(t('a.seekGame'), game),
      ...field(t('a.seekClock'), clock),
      ...field(t('a.seekRated'), rated),
      ...field(t('a.seekMin'), min),
      ...field(t('a.seekMax'), max),
      post,
      quick,
    );
    return f;
  }

  // The section's parts are made once and kept: the list is redrawn every
  // LIST_EVERY_MS, the form only when the language changes (its choices
  // and the focus kept), so nothing a person is choosing moves under them.
  const title = el('h2', { id: 'seeks-title' });
  const intro = el('p', { class: 'intro' });
  const signIn = el('p', { class: 'none' });
  const waiting = el('p', { class: 'seek-waiting', id: 'seek-waiting' });
  const cancel = el('button', { type: 'button', id: 'seek-cancel' });
  cancel.addEventListener('click', withdraw);
  // Asked once, while a seek waits: a system notification when its game starts in a background tab.
  const notify = el('button', { type: 'button', id: 'seek-notify' });
  notify.addEventListener('click', () => {
    Notification.requestPermission().then(draw, draw);
  });
  const mine = el('div', { class: 'seek-mine' });
  mine.append(waiting, cancel, notify);
  let seekForm = form();
  const none = el('p', { class: 'none', id: 'seeks-none' });
  const ul = el('ul', { class: 'lobby-list seek-list', id: 'seek-list' });
  const message = el('p', { class: 'account-message', id: 'seek-message' });
  root.setAttribute('aria-labelledby', 'seeks-title');
  root.replaceChildren(title, intro, signIn, seekForm, mine, none, ul, message);

  /** The form in the page's language of the moment, with the choices made in the old one. */
  function relabel() {
    if (seekForm.dataset.lang === document.documentElement.lang) return;
    const fresh = form();
    const focused = document.activeElement?.id;
    for (const old of /** @type {NodeListOf<HTMLInputElement|HTMLSelectElement>} */ (seekForm.querySelectorAll('input, select'))) {
      const twin = /** @type {HTMLInputElement|HTMLSelectElement|null} */ (fresh.querySelector(`#${old.id}`));
      if (!twin) continue;
      if (old instanceof HTMLInputElement && old.type === 'checkbox') /** @type {HTMLInputElement} */ (twin).checked = old.checked;
      else twin.value = old.value;
    }
    fresh.hidden = seekForm.hidden;
    seekForm.replaceWith(fresh);
    seekForm = fresh;
    if (focused) document.getElementById(focused)?.focus();
  }

  /** @param {HTMLElement} node @param {string} text */
  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  function draw() {
    relabel();
    setText(title, t('a.seeks'));
    setText(intro, t('a.seeksIntro'));
    setText(signIn, t('a.seeksSignIn'));
    const waited = Math.max(0, Math.floor((Date.now() - state.ownSince) / 1000));
    const time = `${Math.floor(waited / 60)}:${String(waited % 60).padStart(2, '0')}`;
    setText(waiting, [t('a.seekWaitingFor', { time }), state.ownQuick ? t('a.quickSame') : ''].filter(Boolean).join(' '));
    setText(cancel, t('a.seekCancel'));
    setText(notify, t('a.notifyAsk'));
    notify.hidden = !('Notification' in window) || Notification.permission !== 'default';
    const signedIn = Boolean(state.me?.signedIn);
    signIn.hidden = signedIn;
    seekForm.hidden = !signedIn || Boolean(state.own);
    mine.hidden = !signedIn || !state.own;
    const entries = [];
    for (const s of state.seeks) {
      const li = el('li', { class: 'lobby-entry seek-entry' });
      li.dataset.id = s.id;
      const { game, clock, words, kind } = describe(s);
      const range = s.min != null || s.max != null
        ? (s.max == null ? t('a.rangeFrom', { min: s.min }) : s.min == null ? t('a.rangeTo', { max: s.max }) : t('a.range', { min: s.min, max: s.max }))
        : t('a.anyRange');
      const who = el('a', { href: profileHref(s.name), class: 'seek-name' }, `${s.name} (${s.shown})`);
      // The clock in its notation, in words where a pointer rests on it
      // (its Play button's label says them too).
      const what = el('span', { class: 'seek-what' }, `${game} · `);
      what.append(el('span', { class: 'seek-clock', title: words }, clock), ` · ${[kind, range].join(' · ')}`);
      li.append(who, ' ', what);
      const own = state.me?.name === s.name;
      if (own) li.append(' ', el('span', { class: 'seek-own' }, t('a.yours')));
      else if (signedIn) {
        const play = el('button', { type: 'button', class: 'seek-take', 'aria-label': t('a.takeLabel', { name: s.name, rating: s.shown, game, clock: words, kind }) }, t('a.take'));
        play.addEventListener('click', () => take(s));
        // Said before a tap: a seek whose range leaves this rating out offers no Play.
        const fits = accepts(s, Number(state.me?.rating));
        play.toggleAttribute('disabled', !fits);
        li.append(' ', play);
        if (!fits) li.append(' ', el('span', { class: 'seek-out' }, t('a.outOfRange')));
      }
      entries.push(li);
    }
    ul.replaceChildren(...entries);
    none.hidden = state.seeks.length > 0;
    setText(none, t('a.seeksNone'));
    setText(message, state.message);
  }

  /** @type {(value?: unknown) => void} */
  let settle = () => {};
  const known = new Promise((resolve) => { settle = resolve; });
  // Drawn whole for the first time: who this is is known and the seeks
  // have been asked for once.
  const ready = Promise.all([known, list()]);
  state.timer = window.setInterval(list, LIST_EVERY_MS);
  // A seek whose lobby closes is withdrawn as it closes: nobody may take it
  // and sit waiting for a person who is gone (the server lets an unasked
  // seek lapse too, for a page that could not say so).
  window.addEventListener('pagehide', () => {
    if (!state.own) return;
    const address = new URL(`api/seeks/${encodeURIComponent(state.own)}/cancel`, location.href).href;
    fetch(address, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => {});
  });
  return {
    /** @param {api.Me} me */
    signedIn(me) {
      state.me = me;
      draw();
      settle();
    },
    redraw: draw,
    ready,
  };
}
