// A first page: the start position with its legal squares, drawn on a canvas
// and named in an accessible grid of 64 squares.
import { legalSquares, load, startPosition } from './engine.js';

const COLUMNS = 'abcdefgh';

/** `d3` for square 19 (a1 = 0, reading order, a1 top-left). */
function squareName(index) {
  return `${COLUMNS[index % 8]}${Math.floor(index / 8) + 1}`;
}

function discAt(position, index) {
  const bit = 1n << BigInt(index);
  if (position.dark & bit) return 'dark';
  if (position.light & bit) return 'light';
  return null;
}

function draw(canvas, position, legal) {
  const g = canvas.getContext('2d');
  const cell = canvas.width / 8;
  g.fillStyle = '#1f6f43';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.strokeStyle = '#0d3b22';
  g.lineWidth = 2;
  for (let i = 0; i <= 8; i += 1) {
    g.beginPath();
    g.moveTo(i * cell, 0);
    g.lineTo(i * cell, canvas.height);
    g.moveTo(0, i * cell);
    g.lineTo(canvas.width, i * cell);
    g.stroke();
  }
  for (let index = 0; index < 64; index += 1) {
    const x = (index % 8 + 0.5) * cell;
    const y = (Math.floor(index / 8) + 0.5) * cell;
    const disc = discAt(position, index);
    if (disc) {
      g.fillStyle = disc === 'dark' ? '#111' : '#f4f1e8';
      g.beginPath();
      g.arc(x, y, cell * 0.4, 0, 2 * Math.PI);
      g.fill();
    } else if (legal.includes(index)) {
      g.fillStyle = '#0d3b22';
      g.beginPath();
      g.arc(x, y, cell * 0.08, 0, 2 * Math.PI);
      g.fill();
    }
  }
}

function nameSquares(grid, position, legal) {
  grid.replaceChildren();
  for (let row = 0; row < 8; row += 1) {
    const rowElement = document.createElement('div');
    rowElement.setAttribute('role', 'row');
    for (let column = 0; column < 8; column += 1) {
      const index = row * 8 + column;
      const square = document.createElement('button');
      square.type = 'button';
      square.setAttribute('role', 'gridcell');
      square.tabIndex = index === 0 ? 0 : -1;
      const state = discAt(position, index) ?? 'empty';
      const move = legal.includes(index) ? ', legal move' : '';
      square.setAttribute('aria-label', `${squareName(index)}, ${state}${move}`);
      rowElement.append(square);
    }
    grid.append(rowElement);
  }
}

await load();
const position = startPosition();
const legal = legalSquares(position);
draw(document.getElementById('board'), position, legal);
nameSquares(document.getElementById('squares'), position, legal);
document.getElementById('status').textContent =
  `Dark to move: ${legal.map(squareName).join(', ')}`;
