// @ts-check
// "Your turn" as a notification (the Notification API), for My games
// (lobby/mine.js, in the lobby and on one's own profile): when a game the
// account sits at becomes theirs to move while the page is hidden, and the
// person granted notifications, one notification a game and turn says so;
// a tap on it brings the page back. A button in My games asks for the
// permission while it has not been given or refused. Nothing else is sent:
// no push service, the page must be open (hidden is enough).

import { t } from '../core/i18n.js';

/** Each listed game's `ply` when it last became the account's turn. */
const noticed = new Map();
/** Whether the list was seen once (its turns then are only noted). */
let started = false;

/** Whether this browser has notifications at all. */
const supported = () => typeof Notification === 'function';

/**
 * Notifies the games of `turns` (each `{id, text, ply}`, one whose turn is
 * the account's) that became so since the last call, when the page is
 * hidden and notifications are granted. The first call only notes them.
 * @param {{id: string, text: string, ply: number}[]} turns
 */
export function noticeTurns(turns) {
  const first = !started;
  started = true;
  const fresh = turns.filter((g) => noticed.get(g.id) !== g.ply);
  for (const id of [...noticed.keys()]) if (!turns.some((g) => g.id === id)) noticed.delete(id);
  for (const g of turns) noticed.set(g.id, g.ply);
  if (first || !supported() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  for (const g of fresh) {
    try {
      const note = new Notification(t('l.notifyTitle'), { body: g.text, tag: `turn-${g.id}` });
      note.addEventListener('click', () => {
        window.focus();
        note.close();
      });
    } catch {
      // A browser that allows notifications only from a service worker: the list still marks the turn.
    }
  }
}

/**
 * The "Notify me" button under My games (`section`), shown while the
 * permission can still be asked for; asks on a tap.
 * @param {HTMLElement} section
 */
export function drawNotifyButton(section) {
  let button = /** @type {HTMLButtonElement|null} */ (document.getElementById('mine-notify'));
  const ask = supported() && Notification.permission === 'default';
  if (!button) {
    if (!ask) return;
    button = document.createElement('button');
    button.type = 'button';
    button.id = 'mine-notify';
    button.className = 'mine-notify';
    button.addEventListener('click', async () => {
      await Notification.requestPermission().catch(() => 'denied');
      drawNotifyButton(section);
    });
    section.append(button);
  }
  button.textContent = t('l.notifyAsk');
  button.hidden = !ask;
}
