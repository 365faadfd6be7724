// @ts-check
// Challenges made to the signed-in person, on each of their open pages
// (the lobby, the table, profiles; docs/accounts.md): a card at the top of
// the page per challenge, with Accept (to the table, as a paired seek) and
// Decline (the challenger's page says so). A new one is told with a sound,
// and in a background tab with the tab's title and a system notification
// (online/paired.js). Asked every 2 s while the header's cookie says who
// is signed in. The same answer lists the person's tournament games that
// wait for them (tournament/call.js): their cards come first. Names from
// the server go in as text.

import { addWords, t } from '../core/i18n.js';
import { clockWords } from '../core/clock-text.js';
import { say } from '../core/announce.js';
import * as sound from '../core/sound.js';
import { tell } from '../online/paired.js';
import { ask } from './api.js';
import { who } from './header.js';
import { CHALLENGE_WORDS } from './challenge-words.js';
import { callCard, heardRounds } from '../tournament/call.js';

addWords(CHALLENGE_WORDS);

const EVERY_MS = 2000;

/**
 * @typedef {object} ChallengeView a challenge as `GET /api/challenges` lists it
 * @property {string} id
 * @property {string} name the challenger's
 * @property {string} shown their rating as shown
 * @property {string} game
 * @property {number} size
 * @property {string|number} clock its notation (`30`, `180+2`, `2d`)
 * @property {boolean} rated
 */

/** "Othello, 30 s a move, rated". @param {ChallengeView} c */
export function challengeWhat(c) {
  const game = c.game === 'nabucodonosor' ? t('ch.nabu', { n: Number(c.size) }) : t('ch.othello');
  return t('ch.what', { game, clock: clockWords(c.clock, t, { perMove: 'ch.clockN', days: 'ch.days', none: 'ch.noClock' }), kind: t(c.rated ? 'ch.rated.yes' : 'ch.rated.no') });
}

/** To the table of a game of `game`. */
export function goToTable(table, game) {
  const page = game === 'nabucodonosor' ? 'nabu.html' : 'index.html';
  location.href = `${page}?table=${encodeURIComponent(table)}`;
}

function node(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** Starts following the challenges made to this page's person. Returns a redraw (for a new language). */
export function watchChallenges() {
  /** @type {{list: ChallengeView[], rounds: import('../tournament/call.js').RoundCall[], seen: Set<string>, message: string, busy: boolean}} */
  const state = { list: [], rounds: [], seen: new Set(), message: '', busy: false };
  const box = node('aside', 'challenges');
  box.id = 'challenges';
  box.hidden = true;
  document.body.append(box);
  // The cards' style, loaded now rather than with every page's first board;
  // nothing is drawn before it is there (or failed to come).
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('../css/challenges.css', import.meta.url).href;
  const styled = new Promise((resolve) => {
    style.addEventListener('load', resolve, { once: true });
    style.addEventListener('error', resolve, { once: true });
  });
  document.head.append(style);

  async function answer(c, accept) {
    if (state.busy) return;
    state.busy = true;
    try {
      const path = `api/seeks/${encodeURIComponent(c.id)}/${accept ? 'accept' : 'decline'}`;
      const done = await ask(path, {});
      if (accept && done?.table) return goToTable(done.table, c.game);
      state.list = state.list.filter((x) => x.id !== c.id);
    } catch {
      state.list = state.list.filter((x) => x.id !== c.id);
      state.message = t('ch.gone');
      say(state.message);
    } finally {
      state.busy = false;
    }
    draw();
  }

  function draw() {
    const cards = [...state.rounds.map(callCard), ...state.list.map((c) => {
      const card = node('div', 'challenge-card');
      card.dataset.id = c.id;
      card.append(node('p', 'challenge-who', t('ch.received', { name: String(c.name), rating: String(c.shown) })), node('p', 'challenge-what', challengeWhat(c)));
      const buttons = node('div', 'challenge-buttons');
      const yes = node('button', 'challenge-accept', t('ch.accept'));
      yes.setAttribute('type', 'button');
      yes.setAttribute('aria-label', t('ch.acceptLabel', { name: String(c.name) }));
      yes.addEventListener('click', () => answer(c, true));
      const no = node('button', 'challenge-decline', t('ch.decline'));
      no.setAttribute('type', 'button');
      no.setAttribute('aria-label', t('ch.declineLabel', { name: String(c.name) }));
      no.addEventListener('click', () => answer(c, false));
      buttons.append(yes, no);
      card.append(buttons);
      return card;
    })];
    if (state.message && cards.length === 0) cards.push(node('p', 'challenge-gone', state.message));
    box.replaceChildren(...cards);
    box.hidden = cards.length === 0;
  }

  async function look() {
    await styled;
    if (who()) {
      try {
        const read = await ask('api/challenges');
        const list = Array.isArray(read?.challenges) ? read.challenges : [];
        state.rounds = heardRounds(read?.rounds);
        for (const c of list) {
          if (state.seen.has(c.id)) continue;
          state.seen.add(c.id);
          state.message = '';
          const text = t('ch.notice', { name: String(c.name) });
          if (document.hidden) tell(text, `virada-challenge-${c.id}`);
          else {
            sound.play('end');
            say(text);
          }
        }
        state.list = list;
      } catch {
        // Signed out meanwhile, or the server away: nothing to show.
        state.list = [];
        state.rounds = [];
      }
    } else {
      state.list = [];
      state.rounds = [];
    }
    draw();
    setTimeout(look, EVERY_MS);
  }
  look();
  return { redraw: draw };
}
