// @ts-check
// Told when a game between accounts starts while this page is in the
// background (docs/online-table.md): a sound, the tab's title, and a system
// notification where the person allowed them (the lobby asks). The title
// comes back when the page is looked at.

import { t } from '../core/i18n.js';
import * as sound from '../core/sound.js';

/**
 * Called with each new state: says it once when the game starts.
 * @param {import('./session.js').ServerState} was
 * @param {import('./session.js').ServerState} state
 * @param {number|null} seat
 */
export function notePaired(was, state, seat) {
  const begun = (was.status === 'waiting' || was.status === 'contributing') && state.status === 'playing';
  const other = seat === null ? '' : state.seats[1 - seat]?.name;
  if (!begun || !other || !document.hidden) return;
  tell(t('onlinePairedStarts', { name: String(other) }), `virada-${state.id}`);
}

/**
 * Says `text` to a person whose page is in the background: the tab's title
 * (until the page is looked at), a sound, and a system notification where
 * they allowed them. Challenges (accounts/challenged.js) are told so too.
 * @param {string} text @param {string} tag the notification's (one per event)
 */
export function tell(text, tag) {
  const title = document.title;
  document.title = `${text} — Virada`;
  document.addEventListener('visibilitychange', () => { document.title = title; }, { once: true });
  sound.play('end');
  if ('Notification' in window && Notification.permission === 'granted') {
    try {
      new Notification('Virada', { body: text, tag });
    } catch {
      // A browser that shows notifications only from a service worker: the title and the sound say it.
    }
  }
}
