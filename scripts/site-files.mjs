// The service worker's list of the site's files (SITE_FILES in sw.js), read
// by evaluating sw.js with the worker's globals stubbed: the list stays in
// one place. Used by scripts/site-version.mjs and the browser tests.

import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';

/**
 * The files sw.js lists, relative to the site's root `root` (ends with /).
 * @param {string} root
 * @returns {string[]}
 */
export function siteFiles(root) {
  const self = { location: { href: 'https://site.invalid/sw.js' }, addEventListener() {} };
  const context = createContext({ self, importScripts() {}, URL });
  runInContext(readFileSync(`${root}sw.js`, 'utf8'), context, { filename: 'sw.js' });
  return runInContext('SITE_FILES', context);
}
