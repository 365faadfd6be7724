// @ts-check
// The board on a canvas, for either game on any n×n, drawn from a plain view
// (no rules here):
//   { n, cells: 'X'/'O'/'-' × n², hints: [sq…],
//     preview: {squares:[sq…], color, flips:[sq…], rect: {top, left, bottom, right} | null} | null,
//     last: sq | -1, cursor: sq | -1, anim: {placed, flips:[sq…], start} | null,
//     values: [{sq, text, best, exact}] (the review's pencilled move values; optional) }
// Squares are indices in reading order (0 = a1, top left). Sharp on high-DPI
// screens, resized with its box, redraws batched with requestAnimationFrame.

const COLORS = {
  felt: '#2e6b55',
  feltDark: '#275c49',
  line: 'rgba(10, 30, 22, 0.55)',
  star: 'rgba(10, 30, 22, 0.7)',
  pencil: 'rgba(232, 238, 228, 0.78)',
  pencilBest: '#ffe29a',
  ring: '#ffc23d',
  ringEdge: '#3a2500',
  last: '#e4572e',
  cursor: '#f7f3e8',
  ghost: 'rgba(250, 246, 236, 0.9)',
};

const FLIP_MS = 280;

function reducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

// A small deterministic jitter so each pencil dot looks hand-drawn but never wobbles.
function jitter(seed, i) {
  const x = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
  return x - Math.floor(x) - 0.5;
}

/**
 * @typedef {object} BoardView what the canvas draws (see the top of this file)
 * @property {number} n
 * @property {string} cells
 * @property {number[]} hints
 * @property {{squares: number[], color: string, flips: number[], rect: {top: number, left: number, bottom: number, right: number}|null}|null} preview
 * @property {number} last
 * @property {number} cursor
 * @property {{placed: number, flips: number[], start: number}|null} anim
 * @property {{sq: number, text: string, best?: boolean, exact?: boolean}[]} [values] numbers pencilled on squares (a hint, the review's values)
 */

/**
 * Creates the board renderer on `canvas`; returns {draw(view), destroy()}.
 * @param {HTMLCanvasElement} canvas
 * @returns {{draw: (view: BoardView) => void, destroy: () => void}}
 */
export function createBoard(canvas) {
  const ctx = canvas.getContext('2d');
  /** @type {BoardView|null} */
  let view = null;
  let frame = 0;
  let size = 0;

  // Sized when the browser has laid the page out (the observer's first call
  // comes then, before the first frame): reading the size at creation would
  // make the browser lay the page out then and there, in the page's start task.
  const resize = () => {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    size = rect.width;
    const px = Math.max(1, Math.round(rect.width * dpr));
    if (canvas.width !== px) {
      canvas.width = px;
      canvas.height = px;
    }
    ctx.setTransform(px / Math.max(1, rect.width), 0, 0, px / Math.max(1, rect.width), 0, 0);
    schedule();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
  observer?.observe(canvas);
  window.addEventListener('resize', resize);

  function schedule() {
    if (!frame) frame = requestAnimationFrame(paint);
  }

  function paint() {
    frame = 0;
    if (!view || size === 0) return;
    const animating = drawAll(ctx, size, view, performance.now());
    if (animating) schedule();
  }

  if (!observer) resize();
  return {
    draw(next) {
      view = next;
      schedule();
    },
    destroy() {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      cancelAnimationFrame(frame);
    },
  };
}

function drawAll(ctx, size, view, now) {
  const n = view.n;
  const cell = size / n;
  ctx.clearRect(0, 0, size, size);
  const scale = ctx.getTransform().a || 1;
  ctx.drawImage(feltFor(size, n, scale), 0, 0, size, size);

  let animating = false;
  const anim = view.anim && !reducedMotion() ? view.anim : null;
  const t = anim ? Math.min(1, (now - anim.start) / FLIP_MS) : 1;
  if (anim && t < 1) animating = true;
  const flipping = anim && t < 1 ? new Set(anim.flips) : null;

  for (let sq = 0; sq < n * n; sq++) {
    const c = view.cells[sq];
    if (c === '-') continue;
    const cx = (sq % n + 0.5) * cell;
    const cy = (Math.floor(sq / n) + 0.5) * cell;
    let color = c === 'X' ? 'dark' : 'light';
    let squash = 1;
    let scale = 1;
    if (flipping?.has(sq)) {
      // First half shows the old colour narrowing, second half the new one widening.
      squash = Math.abs(Math.cos(t * Math.PI));
      if (t < 0.5) color = color === 'dark' ? 'light' : 'dark';
    }
    if (anim && t < 1 && sq === anim.placed) scale = 0.75 + 0.25 * easeOut(t);
    drawDisc(ctx, cx, cy, cell * 0.41 * scale, color, { squash });
  }

  for (const sq of view.hints) drawPencilDot(ctx, sq, n, cell);
  for (const v of view.values ?? []) drawPencilValue(ctx, v, n, cell);

  if (view.last >= 0 && view.cells[view.last] !== '-') {
    const cx = (view.last % n + 0.5) * cell;
    const cy = (Math.floor(view.last / n) + 0.5) * cell;
    ctx.fillStyle = COLORS.last;
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.08, 0, Math.PI * 2);
    ctx.fill();
  }

  if (view.preview) {
    // A move is one square (Othello) or several (a rectangle in Nabucodonosor):
    // each gets a ghost disc; each disc it would take gets a ring.
    const { squares, color, flips } = view.preview;
    for (const sq of squares) {
      const cx = (sq % n + 0.5) * cell;
      const cy = (Math.floor(sq / n) + 0.5) * cell;
      ctx.save();
      ctx.globalAlpha = 0.6;
      drawDisc(ctx, cx, cy, cell * 0.41, color, {});
      ctx.restore();
      // A dashed outline says "not placed yet" whatever the disc's colour.
      ctx.save();
      ctx.strokeStyle = COLORS.ghost;
      ctx.lineWidth = Math.max(1.5, cell * 0.03);
      ctx.setLineDash([cell * 0.07, cell * 0.05]);
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.43, 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    }
    for (const f of flips) drawRing(ctx, f, n, cell);
    if (view.preview.rect) drawOutline(ctx, view.preview.rect, cell);
  }

  if (view.cursor >= 0) {
    const x = (view.cursor % n) * cell;
    const y = Math.floor(view.cursor / n) * cell;
    ctx.strokeStyle = COLORS.cursor;
    ctx.lineWidth = Math.max(2, cell * 0.05);
    ctx.setLineDash([cell * 0.16, cell * 0.08]);
    roundRect(ctx, x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88, cell * 0.1);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  return animating;
}

/** @type {{key: string, canvas: HTMLCanvasElement}|null} */
let felt = null;

/**
 * The empty board — felt with a faint vignette, the lines, the four points
 * on 8×8 — painted once a size into a canvas of its own, then copied: a
 * frame (a flip's animation runs about 17 of them) does not repaint it.
 */
function feltFor(size, n, scale) {
  const key = `${size}:${n}:${scale}`;
  if (felt?.key === key) return felt.canvas;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(size * scale));
  canvas.height = canvas.width;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.scale(canvas.width / size, canvas.width / size);
  const cell = size / n;
  const g = ctx.createRadialGradient(size / 2, size / 2, size * 0.1, size / 2, size / 2, size * 0.75);
  g.addColorStop(0, COLORS.felt);
  g.addColorStop(1, COLORS.feltDark);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);

  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = Math.max(1, size / 400);
  ctx.beginPath();
  for (let i = 1; i < n; i++) {
    const p = Math.round(i * cell) + 0.5;
    ctx.moveTo(p, 0);
    ctx.lineTo(p, size);
    ctx.moveTo(0, p);
    ctx.lineTo(size, p);
  }
  ctx.stroke();
  if (n === 8) {
    ctx.fillStyle = COLORS.star;
    for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
      ctx.beginPath();
      ctx.arc(x * cell, y * cell, Math.max(2, cell * 0.05), 0, Math.PI * 2);
      ctx.fill();
    }
  }
  felt = { key, canvas };
  return canvas;
}

function easeOut(t) {
  return 1 - (1 - t) * (1 - t);
}

// Discs are painted once per colour and size into a small sprite and then
// copied, which keeps a frame cheap on slow phones.
const sprites = new Map();

function discSprite(r, color, scale) {
  const key = `${color}:${Math.round(r * scale * 4)}`;
  let sprite = sprites.get(key);
  if (sprite) return sprite;
  if (sprites.size > 32) sprites.clear();
  const pad = r * 0.25;
  const side = Math.ceil((2 * r + 2 * pad) * scale);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext('2d');
  g.scale(scale, scale);
  g.translate(r + pad, r + pad);
  paintDisc(g, r, color);
  sprite = { canvas, half: r + pad };
  sprites.set(key, sprite);
  return sprite;
}

function drawDisc(ctx, cx, cy, r, color, { squash = 1 }) {
  const scale = ctx.getTransform().a || 1;
  const { canvas, half } = discSprite(r, color, scale);
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(Math.max(0.04, squash), 1);
  ctx.drawImage(canvas, -half, -half, 2 * half, 2 * half);
  ctx.restore();
}

function paintDisc(ctx, r, color) {
  // Shadow underneath for a little depth.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.ellipse(r * 0.06, r * 0.12, r, r, 0, 0, Math.PI * 2);
  ctx.fill();
  // Edge (the other face shows a rim).
  ctx.fillStyle = color === 'dark' ? '#0b0b0c' : '#b9b3a3';
  ctx.beginPath();
  ctx.arc(0, r * 0.05, r, 0, Math.PI * 2);
  ctx.fill();
  const face = ctx.createRadialGradient(-r * 0.35, -r * 0.4, r * 0.1, 0, 0, r);
  if (color === 'dark') {
    face.addColorStop(0, '#55575c');
    face.addColorStop(0.55, '#23242a');
    face.addColorStop(1, '#131417');
  } else {
    face.addColorStop(0, '#ffffff');
    face.addColorStop(0.6, '#f3efe4');
    face.addColorStop(1, '#dcd5c4');
  }
  ctx.fillStyle = face;
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.96, 0, Math.PI * 2);
  ctx.fill();
}

function drawPencilDot(ctx, sq, n, cell) {
  const cx = (sq % n + 0.5) * cell;
  const cy = (Math.floor(sq / n) + 0.5) * cell;
  const r = cell * 0.095;
  ctx.save();
  ctx.strokeStyle = COLORS.pencil;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(1, cell * 0.035);
  // A few overlapping loops, slightly off each other, like a pencil circling a point.
  for (let k = 0; k < 3; k++) {
    ctx.beginPath();
    for (let i = 0; i <= 12; i++) {
      const a = (i / 12) * Math.PI * 2 + k * 0.7;
      const rr = r * (0.55 + 0.35 * k / 2) * (1 + 0.22 * jitter(sq + k * 64, i));
      const x = cx + Math.cos(a) * rr + jitter(sq, k) * r * 0.3;
      const y = cy + Math.sin(a) * rr + jitter(sq, k + 5) * r * 0.3;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.fillStyle = COLORS.pencil;
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.45, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A move's value pencilled on its square; the best one circled. */
function drawPencilValue(ctx, { sq, text, best, exact }, n, cell) {
  const cx = (sq % n + 0.5) * cell;
  const cy = (Math.floor(sq / n) + 0.5) * cell;
  ctx.save();
  ctx.fillStyle = best ? COLORS.pencilBest : COLORS.pencil;
  ctx.globalAlpha = exact || best ? 1 : 0.8;
  ctx.font = `${best ? 700 : 500} ${Math.round(cell * 0.34)}px "Segoe Print", "Bradley Hand", "Chalkboard SE", "Comic Sans MS", cursive`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Tilted a little, like a note in the margin.
  ctx.translate(cx, cy);
  ctx.rotate(jitter(sq, 3) * 0.12);
  ctx.fillText(text, 0, cell * 0.02);
  if (best) {
    ctx.strokeStyle = COLORS.pencilBest;
    ctx.lineWidth = Math.max(1, cell * 0.03);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let i = 0; i <= 14; i++) {
      const a = (i / 14) * Math.PI * 2.15 - 0.4;
      const rr = cell * 0.36 * (1 + 0.06 * jitter(sq, i));
      const x = Math.cos(a) * rr;
      const y = Math.sin(a) * rr * 0.85;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
}

function drawRing(ctx, sq, n, cell) {
  const cx = (sq % n + 0.5) * cell;
  const cy = (Math.floor(sq / n) + 0.5) * cell;
  const r = cell * 0.45;
  ctx.save();
  ctx.lineWidth = Math.max(3, cell * 0.1);
  ctx.strokeStyle = COLORS.ringEdge;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = Math.max(2, cell * 0.065);
  ctx.strokeStyle = COLORS.ring;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** A capture's rectangle (Nabucodonosor): a ring-coloured outline around its cells. */
function drawOutline(ctx, { top, left, bottom, right }, cell) {
  const pad = cell * 0.04;
  const x = left * cell + pad;
  const y = top * cell + pad;
  const w = (right - left + 1) * cell - 2 * pad;
  const h = (bottom - top + 1) * cell - 2 * pad;
  ctx.save();
  ctx.lineWidth = Math.max(4, cell * 0.09);
  ctx.strokeStyle = COLORS.ringEdge;
  roundRect(ctx, x, y, w, h, cell * 0.14);
  ctx.stroke();
  ctx.lineWidth = Math.max(2, cell * 0.05);
  ctx.strokeStyle = COLORS.ring;
  roundRect(ctx, x, y, w, h, cell * 0.14);
  ctx.stroke();
  ctx.restore();
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
