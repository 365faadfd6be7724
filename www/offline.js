// @ts-check
// Every page's door to the site offline (docs/offline.md): registers the
// service worker (sw.js at the site's root) once the page has loaded, and
// keeps the page's web app manifest link in the page's language (one
// manifest a language; the HTML names the Portuguese one). A failure to
// register is logged and changes nothing else: the page works as before.

/** The manifest of each page language (`<html lang>`). */
const MANIFESTS = {
  'pt-BR': new URL('./manifest-pt.webmanifest', import.meta.url),
  en: new URL('./manifest-en.webmanifest', import.meta.url),
  it: new URL('./manifest-it.webmanifest', import.meta.url),
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
    .register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' })
    .catch((error) => console.warn(`Virada: the site will not work offline (${error?.message ?? error})`));
}

followLanguage();
new MutationObserver(followLanguage).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
// After the page's own files: the worker's first download does not slow them.
if (document.readyState === 'complete') register();
else addEventListener('load', register, { once: true });
