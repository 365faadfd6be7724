// @ts-check
// The i18n core shared by every page, the one way a text reaches it: the
// languages, the choice of one, and `t(key, params)` filling `{name}` slots;
// `translatePage` fills the elements marked `data-i18n` / `data-i18n-label`.
// The words themselves come in dictionaries ({en, pt, it}) kept beside each
// area (table/words.js, games/nabu/words.js, verify/words.js …) that a page
// or a module adds with `addWords`; a later one wins a key. An area whose
// keys would meet the table's keeps them under a prefix (`h.` the history's,
// `v.` the verifier's).

/** The languages offered, with their names in themselves. */
/** @type {[string, string][]} */
export const LANGUAGES = [
  ['pt', 'Português'],
  ['en', 'English'],
  ['it', 'Italiano'],
];

const HTML_LANG = { pt: 'pt-BR', en: 'en', it: 'it' };

/** @type {Record<string, Record<string, string>>} */
const STRINGS = { en: {}, pt: {}, it: {} };

let current = 'en';

/**
 * @typedef {Record<string, Record<string, string>>} Dictionary `{en: {key: text}, pt: {…}, it: {…}}`
 */

/**
 * Adds a dictionary `{en: {...}, pt: {...}, it: {...}}`; its keys win over earlier ones.
 * @param {Dictionary} dictionary
 */
export function addWords(dictionary) {
  for (const [code, words] of Object.entries(dictionary)) {
    if (STRINGS[code]) Object.assign(STRINGS[code], words);
  }
}

/**
 * Picks a language: `?lang=` forces one, then the remembered choice, then the browser's.
 * @param {string|null|undefined} query
 * @param {string|null|undefined} remembered
 * @param {readonly string[]|null|undefined} browserLanguages
 * @returns {string}
 */
export function chooseLanguage(query, remembered, browserLanguages) {
  const known = (code) => {
    const short = String(code || '').toLowerCase().slice(0, 2);
    return STRINGS[short] ? short : null;
  };
  return known(query) || known(remembered) || (browserLanguages || []).map(known).find(Boolean) || 'en';
}

/**
 * Sets the language used by `t` and the page's `lang` attribute.
 * @param {string} code
 */
export function setLanguage(code) {
  current = STRINGS[code] ? code : 'en';
  document.documentElement.lang = HTML_LANG[current];
}

/**
 * The language in use.
 * @returns {string}
 */
export function language() {
  return current;
}

/**
 * The text for `key` with `{slots}` filled from `params`.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{([\w-]+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * Whether `key` has a text (in English at least).
 * @param {string} key
 * @returns {boolean}
 */
export function hasWord(key) {
  return key in STRINGS.en;
}

/**
 * The bot level's name ("Casual") in the current language; levels 1–10.
 * @param {number} n
 * @returns {string}
 */
export function levelName(n) {
  return t('levels').split('|')[n - 1] ?? String(n);
}

/**
 * "1 disc" / "3 discs" in the current language.
 * @param {number} n
 * @returns {string}
 */
export function discs(n) {
  return n === 1 ? t('disc1') : t('discN', { n });
}

/**
 * "Dark"/"Light" (capitalised) or "dark"/"light" for a colour name `dark`|`light`.
 * @param {string} color
 * @param {boolean} [lower]
 * @returns {string}
 */
export function colorName(color, lower = false) {
  return t(color + (lower ? 'Lower' : ''));
}

/**
 * Fills `select` with the languages, the current one chosen; choosing one
 * sets it and then calls `changed(code)` (to remember it and redraw).
 * @param {HTMLSelectElement} select
 * @param {(code: string) => void} changed
 */
export function languageSelect(select, changed) {
  select.textContent = '';
  for (const [code, name] of LANGUAGES) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    select.append(o);
  }
  select.value = current;
  select.addEventListener('change', () => {
    setLanguage(select.value);
    changed(select.value);
  });
}

/**
 * Fills every element with `data-i18n="key"` (text) and `data-i18n-label`
 * (aria-label). An element that already says it is left alone: writing the
 * same text again would still make the browser restyle and lay out the page.
 * So is one whose words have not loaded yet (an area's come with its
 * module): it keeps what the page wrote, never its key.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) {
    if (!hasWord(el.dataset.i18n)) continue;
    const text = t(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-label]'))) {
    if (!hasWord(el.dataset.i18nLabel)) continue;
    const label = t(el.dataset.i18nLabel);
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
}
