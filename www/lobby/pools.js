// @ts-check
// The lobby's pools (docs/accounts.md, "Pools"): a grid of the common clocks,
// each with how many are seeking at it now (the seeks' list, which the seeks
// ask for every 2 s, carries the counts). A tap seeks a rated Othello
// opponent near one's rating at that clock (`POST api/seeks/pool`); the tapped
// clock stays pressed while its seek waits, and tapping it again cancels.
// The seek is asked after every 1.5 s (which keeps it open and pairs it as
// its range widens); once paired, the page goes to the table. Signed out, a
// tap leads to the account bar's sign-in.

import { t } from '../core/i18n.js';
import { clockWords, clockShort } from '../core/clock-text.js';
import { say } from '../core/announce.js';
import * as api from '../accounts/api.js';
import { el, errorText } from '../accounts/bar.js';

/** The pools' clocks in their notation, as the server has them. */
export const POOLS = ['60+0', '180+2', '300+0', '600+0', '30', '2d'];
const OWN_EVERY_MS = 1500;

/** The clock in words for a label: "3+2", "30 s a move", "2 days a move". */
function words(clock) {
  return clockWords(clock, t, { perMove: 'l.clock', days: 'l.days', none: 'l.noClock' });
}

/**
 * The pools' counts from a seeks' list: clock → how many are seeking.
 * @param {unknown} pools
 * @returns {Map<string, number>}
 */
export function readCounts(pools) {
  const counts = new Map();
  if (!Array.isArray(pools)) return counts;
  for (const p of pools) {
    const n = Number(p?.seeking);
    if (POOLS.includes(String(p?.clock)) && Number.isInteger(n) && n >= 0) counts.set(String(p.clock), n);
  }
  return counts;
}

/**
 * Mounts the pools in `root` (a section of the lobby).
 * @param {HTMLElement} root
 */
export function mountPools(root) {
  /** @type {{me: api.Me|null, counts: Map<string, number>, own: string|null, clock: string|null, message: string, timer: number}} */
  const state = { me: null, counts: new Map(), own: null, clock: null, message: '', timer: 0 };

  const title = el('h2', { id: 'pools-title' });
  const intro = el('p', { class: 'intro', id: 'pools-intro' });
  const grid = el('div', { class: 'pool-grid', id: 'pool-grid' });
  const message = el('p', { class: 'account-message', id: 'pool-message' });
  /** @type {Map<string, {button: HTMLElement, clock: HTMLElement, count: HTMLElement}>} */
  const buttons = new Map();
  for (const clock of POOLS) {
    const button = el('button', { type: 'button', class: 'pool', 'aria-pressed': 'false' });
    button.dataset.clock = clock;
    // Its face as people write the clock: `3+2`, `30s`, `2d`.
    const shown = el('span', { class: 'pool-clock' }, clockShort(clock));
    const count = el('span', { class: 'pool-count' });
    button.append(shown, count);
    button.addEventListener('click', () => tap(clock));
    grid.append(button);
    buttons.set(clock, { button, clock: shown, count });
  }
  root.setAttribute('aria-labelledby', 'pools-title');
  root.replaceChildren(title, intro, grid, message);

  function go(table) {
    location.href = `index.html?table=${encodeURIComponent(table)}`;
  }

  /** Ends the waiting seek (on the server too, unless `there` is false). */
  async function stop(there = true) {
    const id = state.own;
    state.own = null;
    state.clock = null;
    clearTimeout(state.timer);
    if (id && there) {
      try {
        await api.ask(`api/seeks/${encodeURIComponent(id)}/cancel`, {});
      } catch (error) {
        state.message = errorText(error);
      }
    }
  }

  async function watch() {
    if (!state.own) return;
    const id = state.own;
    try {
      const answer = await api.ask(`api/seeks/${encodeURIComponent(id)}`);
      if (state.own !== id) return;
      if (answer.status === 'paired' && answer.table) return go(answer.table);
      // Gone: lapsed, or replaced by a seek from the form below.
      if (answer.status !== 'open') await stop(false);
    } catch (error) {
      state.message = errorText(error);
    }
    draw();
    if (state.own === id) state.timer = window.setTimeout(watch, OWN_EVERY_MS);
  }

  /** @param {string} clock */
  async function tap(clock) {
    if (!state.me?.signedIn) {
      state.message = t('l.poolSignIn');
      say(state.message);
      draw();
      const name = document.getElementById('account-name');
      name?.scrollIntoView({ block: 'center' });
      name?.focus();
      return;
    }
    const again = state.clock === clock;
    if (state.own) await stop();
    state.message = '';
    if (again) {
      say(t('l.poolStopped', { clock: words(clock) }));
      draw();
      return;
    }
    // Pressed at once; unpressed again if the server refuses.
    state.clock = clock;
    draw();
    try {
      const answer = await api.ask('api/seeks/pool', { clock });
      if (answer.table) return go(answer.table);
      state.own = String(answer.id);
      say(t('l.poolWaiting', { clock: words(clock) }));
      state.timer = window.setTimeout(watch, OWN_EVERY_MS);
    } catch (error) {
      state.clock = null;
      state.message = errorText(error);
      say(state.message);
    }
    draw();
  }

  /** @param {HTMLElement} node @param {string} text */
  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  function draw() {
    setText(title, t('l.pools'));
    setText(intro, state.clock ? t('l.poolWaiting', { clock: words(state.clock) }) : t('l.poolsIntro'));
    for (const [clock, { button, count }] of buttons) {
      const n = state.counts.get(clock) ?? 0;
      setText(count, t('l.poolSeeking', { n }));
      button.dataset.seeking = String(n);
      button.setAttribute('aria-pressed', String(state.clock === clock));
      button.setAttribute('aria-label', t('l.poolLabel', { clock: words(clock), n }));
    }
    setText(message, state.message);
  }

  // A pool's seek whose lobby closes is withdrawn as it closes.
  window.addEventListener('pagehide', () => {
    if (!state.own) return;
    const address = new URL(`api/seeks/${encodeURIComponent(state.own)}/cancel`, location.href).href;
    fetch(address, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => {});
  });
  draw();
  return {
    /** @param {api.Me} me */
    signedIn(me) {
      state.me = me;
      if (!me.signedIn) {
        state.own = null;
        state.clock = null;
      } else if (state.message === t('l.poolSignIn')) state.message = '';
      draw();
    },
    /** @param {{pools?: unknown}} answer a seeks' list */
    heard(answer) {
      state.counts = readCounts(answer.pools);
      draw();
    },
    redraw: draw,
  };
}
