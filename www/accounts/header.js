// @ts-check
// The account in every page's header (docs/accounts.md): "Sign in", a link
// to the lobby where the account bar is, or, signed in, the name and
// rating, a link to one's profile. Read from the `virada_who` cookie the
// server sets whenever a page asks who it is: nothing is asked here, so a
// page without the server, or offline, simply says "Sign in". The link's
// width is fixed by the style sheet: nothing moves when it fills in.

import { addWords, t } from '../core/i18n.js';
import { HEADER_WORDS } from './header-words.js';

addWords(HEADER_WORDS);

/** Who the cookie says is signed in: {name, shown}, or null. */
export function who() {
  const m = /(?:^|;\s*)virada_who=([A-Za-z0-9_-]{3,20}):([^;]*)/.exec(document.cookie);
  return m ? { name: m[1], shown: decodeURIComponent(m[2]) } : null;
}

/** Fills the header's `#header-account` link (again after a sign-in or a sign-out). */
export function mountHeaderAccount() {
  const link = document.getElementById('header-account');
  if (!link) return;
  const me = who();
  if (!me) {
    link.setAttribute('data-i18n', 'hdr.signIn');
    link.textContent = t('hdr.signIn');
    link.setAttribute('href', 'lobby.html');
    link.removeAttribute('title');
    delete link.dataset.signedIn;
    return;
  }
  link.removeAttribute('data-i18n');
  link.textContent = `${me.name} ${me.shown}`.trim();
  // The whole of a name too long for the header's width, which ends it in "…".
  link.title = link.textContent;
  link.setAttribute('href', `players.html?name=${encodeURIComponent(me.name)}`);
  link.dataset.signedIn = 'true';
}
