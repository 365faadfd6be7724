// Writes www/pkg/site-version.js: the site's version, the first 16 hex of a
// SHA-256 over every file the service worker lists (path and content) and
// sw.js itself. sw.js imports it, so a change to any listed file makes the
// browser install the worker anew, with a cache of its own (docs/offline.md).
// `make wasm` (and so `make serve`) runs it last:
//
//   node scripts/site-version.mjs [ROOT]     (ROOT: the site's folder, default the repository)

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteFiles } from './site-files.mjs';

const root = process.argv[2] ? `${resolve(process.argv[2])}/` : fileURLToPath(new URL('../', import.meta.url));
const hash = createHash('sha256');
for (const file of ['sw.js', ...siteFiles(root)]) {
  hash.update(`${file}\0`);
  hash.update(readFileSync(`${root}${file}`));
  hash.update('\0');
}
const version = hash.digest('hex').slice(0, 16);
writeFileSync(`${root}www/pkg/site-version.js`, `// Written by scripts/site-version.mjs: the site's version, read by sw.js.\nself.SITE_VERSION = '${version}';\n`);
console.log(`site version ${version}`);
