// @ts-check
// The review's graph: the evaluation after every move from dark's view, as
// an SVG line over a zero line (dark ahead above it), one point a move,
// mistakes marked, the current move outlined; choosing a point steps there.
// Its text alternative is the list of mistakes beside it (review/review.js).

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 150;
const PAD = 8;
const RANGE = 32; // discs at the top and bottom edge; beyond, the point sits on the edge

function node(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Draws into `svg`: `values[k]` dark's evaluation after k moves (null while
 * unknown), `step` the move shown, `mistakes` the moves marked, `go(k)` on a
 * click.
 */
export function drawGraph(svg, { values, step, mistakes, go }) {
  const n = values.length - 1;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.textContent = '';
  // One listener on the graph, on pointerdown: the points are redrawn as the
  // analysis comes in, so a click could end on a point that is no longer there.
  svg.onpointerdown = (e) => {
    const point = e.target.closest?.('.g-point');
    if (point) go(Number(point.dataset.ply));
  };
  const x = (k) => PAD + ((W - 2 * PAD) * k) / Math.max(1, n);
  const y = (v) => H / 2 - ((H / 2 - PAD) * Math.max(-RANGE, Math.min(RANGE, v))) / RANGE;
  svg.append(node('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'g-dark' }));
  svg.append(node('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'g-light' }));
  svg.append(node('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'g-zero' }));
  svg.append(node('line', { x1: x(step), y1: 0, x2: x(step), y2: H, class: 'g-step' }));
  let d = '';
  values.forEach((v, k) => {
    if (v === null) return;
    d += `${d && values[k - 1] !== null ? 'L' : 'M'}${x(k).toFixed(1)},${y(v).toFixed(1)}`;
  });
  svg.append(node('path', { d, class: 'g-line' }));
  for (let k = 1; k <= n; k++) {
    const v = values[k];
    const g = node('g', { class: 'g-point', 'data-ply': k });
    const cy = v === null ? H / 2 : y(v);
    // A wide invisible target, then the point itself.
    g.append(node('rect', { x: x(k) - (W - 2 * PAD) / Math.max(1, n) / 2, y: 0, width: (W - 2 * PAD) / Math.max(1, n), height: H, class: 'g-hit' }));
    const cls = ['g-dot'];
    if (mistakes.has(k)) cls.push('g-mistake');
    if (k === step) cls.push('g-current');
    if (v === null) cls.push('g-unknown');
    g.append(node('circle', { cx: x(k), cy, r: mistakes.has(k) ? 4.5 : 2.5, class: cls.join(' ') }));
    svg.append(g);
  }
}
