// @ts-check
// Challenge a player from their profile (players.html?name=…): the clock
// and rated or casual, then "Challenge NAME". The challenger's page then
// asks after it (keeping it open, as a seek's page does) until the person
// accepts (both go to the table), declines (said here) or it lapses.

import { addWords, t } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { ask } from './api.js';
import { clockSelect, el, FIRST_CLOCK } from './bar.js';
import { CHALLENGE_WORDS } from './challenge-words.js';
import { goToTable } from './challenged.js';

addWords(CHALLENGE_WORDS);

const ASK_EVERY_MS = 1500;

/**
 * Mounts the challenge box in `root`; `show(name)` draws it for that
 * player's profile (null: hides it, as on one's own or signed out).
 * @param {HTMLElement} root
 */
export function mountChallenge(root) {
  /** @type {{name: string|null, own: string|null, message: string, timer: number}} */
  const state = { name: null, own: null, message: '', timer: 0 };

  async function follow() {
    if (!state.own) return;
    try {
      const read = await ask(`api/seeks/${encodeURIComponent(state.own)}`);
      if (read.status === 'paired' && read.table) return goToTable(read.table, 'othello');
      if (read.status === 'declined' || read.status === 'gone') {
        state.own = null;
        state.message = t(read.status === 'declined' ? 'ch.declined' : 'ch.lapsed', { name: String(state.name) });
        say(state.message);
      }
    } catch {
      // Asked again: the server may be back.
    }
    draw();
    if (state.own) state.timer = window.setTimeout(follow, ASK_EVERY_MS);
  }

  async function send(form) {
    const data = new FormData(form);
    try {
      const made = await ask('api/challenges', { name: state.name, game: 'othello', clock: String(data.get('clock') || FIRST_CLOCK), rated: data.get('rated') === 'on' });
      state.own = made.id;
      state.message = '';
      say(t('ch.waiting', { name: String(state.name) }));
      clearTimeout(state.timer);
      state.timer = window.setTimeout(follow, ASK_EVERY_MS);
    } catch (error) {
      state.message = t('ch.failed', { code: String(error?.code ?? '') });
      say(state.message);
    }
    draw();
  }

  async function withdraw() {
    const id = state.own;
    state.own = null;
    clearTimeout(state.timer);
    if (id) await ask(`api/seeks/${encodeURIComponent(id)}/cancel`, {}).catch(() => {});
    draw();
  }

  function draw() {
    root.hidden = !state.name;
    if (!state.name) return root.replaceChildren();
    const name = String(state.name);
    const parts = [el('h3', { id: 'challenge-title' }, t('ch.title', { name }))];
    if (state.own) {
      const waiting = el('p', { id: 'challenge-waiting', class: 'account-note', role: 'status' }, t('ch.waiting', { name }));
      const back = el('button', { type: 'button', id: 'challenge-withdraw' }, t('ch.withdraw'));
      back.addEventListener('click', withdraw);
      parts.push(waiting, back);
    } else {
      const form = el('form', { id: 'challenge-form', class: 'challenge-form' });
      // Every clock kind in its notation, as the lobby's seek form offers them.
      const clock = clockSelect('challenge-clock');
      const rated = el('input', { type: 'checkbox', id: 'challenge-rated', name: 'rated', checked: '' });
      const clockLabel = el('label', { for: 'challenge-clock' }, t('ch.clock'));
      const ratedLabel = el('label', { for: 'challenge-rated' }, t('ch.rated'));
      const go = el('button', { type: 'submit', id: 'challenge-send', class: 'primary' }, t('ch.send', { name }));
      const one = el('span', { class: 'seek-field' });
      one.append(clockLabel, clock);
      const two = el('span', { class: 'seek-field' });
      two.append(rated, ratedLabel);
      form.append(one, two, go);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        send(form);
      });
      parts.push(form);
    }
    if (state.message) parts.push(el('p', { id: 'challenge-message', class: 'account-message', role: 'status' }, state.message));
    root.replaceChildren(...parts);
  }

  // A challenge whose page closes is withdrawn (the server lets an unasked one lapse too).
  window.addEventListener('pagehide', () => {
    if (!state.own) return;
    const address = new URL(`api/seeks/${encodeURIComponent(state.own)}/cancel`, location.href).href;
    fetch(address, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => {});
  });

  return {
    /** @param {string|null} name */
    show(name) {
      if (name === state.name) return;
      state.name = name;
      state.message = '';
      draw();
    },
    redraw: draw,
  };
}
