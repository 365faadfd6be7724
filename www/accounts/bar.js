// @ts-check
// The account bar (lobby.html, players.html): signed out, a name field and
// the two passkey buttons, Sign in and Create an account; signed in, the
// name and rating (a link to the profile) and Sign out. Every text from the
// server goes in as text; every refusal is said by its code.

import { t, addWords } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { ACCOUNT_WORDS } from './words.js';
import * as api from './api.js';
import { gameClockText } from '../core/clock-text.js';

addWords(ACCOUNT_WORDS);

/** The words of a refusal's code. @param {unknown} error */
export function errorText(error) {
  const code = error instanceof api.AccountError ? error.code : 'network';
  const key = `a.err.${code}`;
  const said = t(key);
  return said === key ? t('a.err.other', { code }) : said;
}

/** `players.html?name=…` of a name. @param {string} name */
export function profileHref(name) {
  return `players.html?name=${encodeURIComponent(name)}`;
}

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {string} [text]
 */
export function el(tag, attrs = {}, text = '') {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/**
 * The clocks a seek offers, in the clock's one notation (docs/server.md):
 * each kind's label (a word key, saying the notation in words) and its
 * clocks: clocks a move (`30`), game clocks (`180+2`, base and increment
 * in seconds), correspondence (`2d`, days a move, online only).
 */
export const CLOCKS = /** @type {const} */ ([
  ['a.clockPerMove', ['15', '30', '60', '120', '300']],
  ['a.clockPerGame', ['60+0', '180+2', '300+0', '600+5', '1800+0']],
  ['a.clockDays', ['1d', '2d', '3d', '7d', '14d']],
]);
/** The clock chosen when the form opens. */
export const FIRST_CLOCK = '30';

/**
 * A select of every seek clock, a group a kind, each option its notation
 * (the seek form's, and a challenge's on a profile).
 * @param {string} id the select's id (its name is `clock`)
 */
export function clockSelect(id) {
  const select = el('select', { id, name: 'clock' });
  for (const [label, clocks] of CLOCKS) {
    const group = el('optgroup', { label: t(label) });
    for (const clock of clocks) {
      // A game clock as people read it (`3+2`), seconds a move as `30 s`
      // (the group says "a move"); its value the notation the API takes.
      const text = clock.includes('+') ? gameClockText(clock) : /^\d+$/.test(clock) ? t('a.secondsOption', { n: clock }) : clock;
      const option = el('option', { value: clock }, text);
      if (clock === FIRST_CLOCK) option.setAttribute('selected', '');
      group.append(option);
    }
    select.append(group);
  }
  return select;
}

/**
 * Mounts the bar in `root`; calls `changed(me)` with who this is, now and
 * after each sign-in or sign-out. Returns a redraw (for a new language).
 * @param {HTMLElement} root
 * @param {(me: api.Me) => void} changed
 */
export function mountAccount(root, changed) {
  /** @type {{me: api.Me|null, busy: boolean, message: string, name: string}} */
  const state = { me: null, busy: false, message: '', name: '' };

  async function refresh() {
    try {
      state.me = await api.me();
    } catch (error) {
      state.me = { signedIn: false, origin: location.origin };
      state.message = errorText(error);
    }
    draw();
    changed(state.me);
  }

  /** Runs a ceremony with the buttons off; says what came of it. */
  async function act(work, done) {
    if (state.busy) return;
    state.busy = true;
    state.message = '';
    draw();
    try {
      const answer = await work();
      state.message = done(answer);
      await refresh();
    } catch (error) {
      state.message = errorText(error);
    }
    state.busy = false;
    draw();
    if (state.message) say(state.message);
  }

  function draw() {
    root.replaceChildren();
    root.setAttribute('aria-busy', String(state.busy));
    const me = state.me;
    if (!me) return;
    if (me.signedIn && me.name) {
      const who = el('p', { class: 'account-who' });
      const link = el('a', { href: profileHref(me.name), id: 'account-profile' }, t('a.signedInAs', { name: me.name, rating: me.shown || '' }));
      who.append(link);
      const out = el('button', { type: 'button', id: 'account-signout' }, t('a.signOut'));
      out.addEventListener('click', () => act(api.signOut, () => t('a.signedOut')));
      out.toggleAttribute('disabled', state.busy);
      root.append(who, out);
    } else {
      const form = el('form', { class: 'account-form', id: 'account-form' });
      const label = el('label', { for: 'account-name' }, t('a.name'));
      const input = /** @type {HTMLInputElement} */ (el('input', {
        id: 'account-name', name: 'name', autocomplete: 'username webauthn', maxlength: '20',
        pattern: '[A-Za-z0-9_\\-]{3,20}', 'aria-describedby': 'account-hint', spellcheck: 'false',
      }));
      input.value = state.name;
      input.addEventListener('input', () => { state.name = input.value; });
      const hint = el('span', { id: 'account-hint', class: 'account-hint' }, t('a.nameHint'));
      const signIn = el('button', { type: 'submit', id: 'account-signin' }, t('a.signIn'));
      const signUp = el('button', { type: 'button', id: 'account-signup' }, t('a.signUp'));
      // Passkeys are bound to the site's public origin: elsewhere (127.0.0.1) the buttons wait for it.
      const elsewhere = Boolean(me.origin && me.origin !== location.origin);
      for (const b of [signIn, signUp]) b.toggleAttribute('disabled', state.busy || !api.passkeysHere() || elsewhere);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        act(() => api.signIn(input.value.trim()), (a) => t('a.welcome', { name: a.name }));
      });
      signUp.addEventListener('click', () => {
        act(() => api.signUp(input.value.trim()), (a) => t('a.welcome', { name: a.name }));
      });
      form.append(label, input, hint, signIn, signUp);
      root.append(form, el('p', { class: 'account-note' }, t('a.withPasskey')));
      if (me.origin && me.origin !== location.origin) {
        const note = el('p', { class: 'account-note', id: 'account-origin' }, t('a.origin', { origin: me.origin }));
        const link = el('a', { href: new URL(location.pathname + location.search, me.origin).href }, me.origin);
        note.append(' ', link);
        root.append(note);
      } else if (!api.passkeysHere()) {
        root.append(el('p', { class: 'account-note' }, t('a.noPasskeys')));
      }
    }
    const line = el('p', { class: 'account-message', id: 'account-message' }, state.message);
    root.append(line);
  }

  refresh();
  return { redraw: draw, refresh };
}
