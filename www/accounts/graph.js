// @ts-check
// A player's rating over time as an SVG: the rating line and, around it,
// the band of ± two deviations (where the true strength lies with about
// 95 % confidence, in Glicko's terms). Its accessible name says the range.

import { t } from '../core/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 640;
const H = 220;
const PAD = 36;

/** @param {string} tag @param {Record<string, string|number>} attrs */
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * @param {{t: number, rating: number, deviation: number}[]} history oldest first
 * @param {string} name
 * @returns {SVGSVGElement}
 */
export function ratingGraph(history, name) {
  const points = history.filter((p) => Number.isFinite(p.rating) && Number.isFinite(p.deviation));
  const root = /** @type {SVGSVGElement} */ (svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', role: 'img', id: 'rating-graph' }));
  const first = points[0]?.rating ?? 1500;
  const last = points[points.length - 1]?.rating ?? first;
  root.setAttribute('aria-label', t('a.graphLabel', { name, first: Math.round(first), last: Math.round(last), n: Math.max(0, points.length - 1) }));
  if (points.length === 0) return root;
  const low = Math.min(...points.map((p) => p.rating - 2 * p.deviation));
  const high = Math.max(...points.map((p) => p.rating + 2 * p.deviation));
  const x = (i) => PAD + (points.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (r) => H - PAD - ((r - low) / Math.max(1, high - low)) * (H - 2 * PAD);
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + 2 * p.deviation)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - 2 * p.deviation)}`).reverse();
  root.append(svg('polygon', { class: 'band', points: [...upper, ...lower].join(' ') }));
  root.append(svg('line', { class: 'axis', x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD }));
  root.append(svg('polyline', { class: 'line', points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ') }));
  for (const r of [low, high]) {
    const label = svg('text', { x: 2, y: y(r) + 4 });
    label.textContent = String(Math.round(r));
    root.append(label);
  }
  points.forEach((p, i) => root.append(svg('circle', { cx: x(i), cy: y(p.rating), r: 3, fill: 'currentColor' })));
  return root;
}
