// @ts-check
// Every page's door to the site offline (docs/offline.md): registers the
// service worker (sw.js at the site's root) once the page has loaded, and
// keeps the page's web app manifest link in the page's language (one
// manifest a language; the HTML names the Portuguese one). A failure to
// register is logged and changes nothing else: the page works as before.

/** The manifest of each page language (`<html lang>`). */
const MANIFESTS = {
  'pt-BR': new URL('../manifest-pt.webmanifest', import.meta.url),
  en: new URL('../manifest-en.webmanifest', import.meta.url),
  it: new URL('../manifest-it.webmanifest', import.meta.url),
};

/** Points `<link rel=manifest>` at the manifest of the page's current language. */
function followLanguage() {
  const link = document.querySelector('link[rel="manifest"]');
  const wanted = MANIFESTS[document.documentElement.lang];
  if (link && wanted && link.getAttribute('href') !== wanted.href) link.setAttribute('href', wanted.href);
}

function register() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(new URL('../../sw.js', import.meta.url), { updateViaCache: 'none' })
    .catch((error) => console.warn(`Virada: the site will not work offline (${error?.message ?? error})`));
}

followLanguage();
new MutationObserver(followLanguage).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
/**
 * On a first visit (no worker in control yet) the worker's install downloads
 * the whole site, the bot's weights among them: it waits until the page has
 * loaded, then a few seconds and an idle moment, so that download does not
 * compete with the first board and the bot's first move. A page the worker
 * already controls registers at once (a cheap check for a new version).
 */
const FIRST_VISIT_DELAY_MS = 4000;

function soon() {
  if (navigator.serviceWorker?.controller) {
    register();
    return;
  }
  const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 1));
  setTimeout(() => idle(register, { timeout: 10_000 }), FIRST_VISIT_DELAY_MS);
}

if (document.readyState === 'complete') soon();
else addEventListener('load', soon, { once: true });
