// @ts-check
// "Your turn" as a notification (the Notification API), for My games
// (lobby/mine.js, in the lobby and on one's own profile): when a game the
// account sits at becomes theirs to move while the page is hidden, and the
// person granted notifications, one notification a game and turn says so;
// a tap on it brings the page back. A button in My games asks for the
// permission while it has not been given or refused. Once it is given, and
// where the browser has Web Push, the same place subscribes to the
// server's pushes (push.js, loaded then), so that a correspondence turn
// reaches the person with no page of the site open; a second button turns
// that off, and a line says how it went, in words.

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
 * permission can still be asked for; asks on a tap, then subscribes to
 * pushes where the browser can. Once granted, the push button and its line.
 * @param {HTMLElement} section
 */
export function drawNotifyButton(section) {
  let button = /** @type {HTMLButtonElement|null} */ (document.getElementById('mine-notify'));
  const ask = supported() && Notification.permission === 'default';
  if (!button) {
    if (ask) {
      button = document.createElement('button');
      button.type = 'button';
      button.id = 'mine-notify';
      button.className = 'mine-notify';
      button.addEventListener('click', async () => {
        const answer = await Notification.requestPermission().catch(() => 'denied');
        drawNotifyButton(section);
        if (answer === 'granted') await turnPush(section, true);
      });
      section.append(button);
    }
  }
  if (button) {
    button.textContent = t('l.notifyAsk');
    button.hidden = !ask;
  }
  drawPushButton(section);
}

/** The push button's state: whether this browser is subscribed, once known; what its line last said. */
const push = {
  on: /** @type {boolean|null} */ (null),
  busy: false,
  /** @type {{key: string, params?: Record<string, string>}|null} */
  said: null,
};

/**
 * The push button under My games, once notifications are granted: turns
 * pushes on, or off; its label follows the browser's subscription.
 * @param {HTMLElement} section
 */
function drawPushButton(section) {
  const granted = supported() && Notification.permission === 'granted';
  let button = /** @type {HTMLButtonElement|null} */ (document.getElementById('mine-push'));
  if (!granted) {
    if (button) button.hidden = true;
    return;
  }
  if (!button) {
    button = document.createElement('button');
    button.type = 'button';
    button.id = 'mine-push';
    button.className = 'mine-notify';
    button.hidden = true;
    button.addEventListener('click', () => turnPush(section, !push.on));
    const line = document.createElement('p');
    line.id = 'mine-push-status';
    line.className = 'mine-push-status';
    line.setAttribute('role', 'status');
    section.append(button, line);
    import('./push.js')
      .then(async (p) => {
        if (!p.pushHere()) {
          say('l.pushNone');
          return;
        }
        const on = await p.pushIsOn();
        if (!push.busy) push.on = on;
        drawPushButton(section);
      })
      .catch(() => say('l.pushNone'));
  }
  button.hidden = push.on === null;
  button.disabled = push.busy;
  button.textContent = t(push.on ? 'l.pushOff' : 'l.pushOn');
  // In the page's language, also after it changed.
  if (push.said) say(push.said.key, push.said.params);
}

/**
 * The push line's words.
 * @param {string} key
 * @param {Record<string, string>} [params]
 */
function say(key, params) {
  push.said = { key, params };
  const line = document.getElementById('mine-push-status');
  if (line) line.textContent = t(key, params);
}

/**
 * Turns pushes on (`on`) or off, and says how it went.
 * @param {HTMLElement} section
 * @param {boolean} on
 */
async function turnPush(section, on) {
  push.busy = true;
  drawPushButton(section);
  try {
    const p = await import('./push.js');
    if (!p.pushHere()) {
      say('l.pushNone');
      return;
    }
    if (on) await p.pushOn();
    else await p.pushOff();
    push.on = on;
    say(on ? 'l.pushDone' : 'l.pushOffDone');
  } catch (error) {
    // Not subscribed, as far as the page knows: the button offers it again.
    if (push.on === null) push.on = false;
    // The browser's refusals are DOMExceptions, named (their numeric `code` is legacy); the server's carry its code.
    const e = /** @type {any} */ (error);
    const code = String((e instanceof DOMException ? e.name : e?.code || e?.name) || 'error');
    say(code === 'AbortError' || code === 'NotSupportedError' ? 'l.pushNone' : 'l.pushFailed', { code });
  } finally {
    push.busy = false;
    drawPushButton(section);
  }
}
