// The app icons of the web app manifest and the apple-touch-icon, drawn from
// favicon.svg by headless Chromium (playwright-core) and written as PNG in
// www/icons/. The PNGs are committed; run this again after changing the
// favicon:
//
//   node scripts/icons.mjs
//
// icon-192.png, icon-512.png  the favicon as it is (rounded felt, the disc),
//                              transparent corners: purpose "any"
// maskable-512.png             the felt to the edges and the disc inside the
//                              central 80 % circle a platform may cut out:
//                              purpose "maskable"
// apple-touch-icon.png (180)   opaque, square (iOS rounds the corners itself)

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = `${ROOT}www/icons/`;
const favicon = readFileSync(`${ROOT}favicon.svg`, 'utf8');

/** The favicon's disc alone on a full square of felt; `disc` is its radius as a share of the side. */
function fullBleed(disc) {
  const r = 16 * 2 * disc;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" fill="#2e6b55"/>` +
    `<circle cx="16" cy="16" r="${r}" fill="#1b1c20"/>` +
    `<path d="M16 ${16 - r}a${r} ${r} 0 0 1 0 ${2 * r}z" fill="#f3efe4"/></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The maskable safe zone is a circle of 40 % of the side around the centre.
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.3) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.36) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
      `<img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    await page.screenshot({ path: `${OUT}${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`www/icons/${file}  ${size}×${size}`);
  }
} finally {
  await browser.close();
}
