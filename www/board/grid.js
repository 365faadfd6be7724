// @ts-check
// The board's accessible layer: a real grid of n×n focusable cells laid over
// the canvas, one tab stop with roving focus. Each cell carries its name
// (coordinate + state) and data attributes mirroring what the canvas draws,
// so what is drawn can be checked without reading pixels.

/**
 * @typedef {object} Grid
 * @property {HTMLElement[]} cells
 * @property {(items: import('../table/table.js').GridItem[]) => void} update
 * @property {(text: string) => void} setLabel
 * @property {(sq: number) => void} setCursor
 * @property {() => number} cursor
 * @property {(sq: number) => void} focus
 */

/**
 * Builds the grid in `host`; returns {cells, update(items), focus(sq), setCursor(sq)}.
 * @param {HTMLElement} host
 * @param {number} n
 * @param {{label: string, describedBy: (sq: number) => string|null}} options
 * @returns {Grid}
 */
export function createGrid(host, n, { label, describedBy }) {
  host.textContent = '';
  host.setAttribute('role', 'grid');
  host.setAttribute('aria-label', label);
  host.style.setProperty('--n', String(n));
  const cells = [];
  for (let row = 0; row < n; row++) {
    const r = document.createElement('div');
    r.setAttribute('role', 'row');
    r.className = 'grid-row';
    for (let col = 0; col < n; col++) {
      const sq = row * n + col;
      const c = document.createElement('div');
      c.setAttribute('role', 'gridcell');
      c.className = 'cell';
      c.dataset.sq = String(sq);
      c.tabIndex = -1;
      const help = describedBy(sq);
      if (help) c.setAttribute('aria-describedby', help);
      r.append(c);
      cells.push(c);
    }
    host.append(r);
  }
  let cursor = 0;
  const grid = {
    cells,
    /** items[sq] = {name, data: {key: value|null}} */
    update(items) {
      items.forEach((item, sq) => {
        const c = cells[sq];
        if (c.getAttribute('aria-label') !== item.name) c.setAttribute('aria-label', item.name);
        for (const [k, v] of Object.entries(item.data)) {
          const value = v == null || v === false ? undefined : String(v);
          if (c.dataset[k] === value) continue;
          if (value === undefined) delete c.dataset[k];
          else c.dataset[k] = value;
        }
      });
    },
    setLabel(text) {
      host.setAttribute('aria-label', text);
    },
    /** Moves the single tab stop to `sq` (without focusing). */
    setCursor(sq) {
      cells[cursor].tabIndex = -1;
      cursor = sq;
      cells[cursor].tabIndex = 0;
    },
    cursor: () => cursor,
    focus(sq) {
      grid.setCursor(sq);
      cells[sq].focus();
    },
  };
  grid.setCursor(0);
  return grid;
}
