// Readers of the Othello table's state for the browser tests: the grid
// cells' names and data attributes, and the body's test hooks. The server,
// the browser and the error watching are harness.mjs's.

export const SEED = '5eed'.repeat(16);

/** The cells' state: [{sq, name, disc, legal, hint, preview, wouldFlip, last}] in reading order. */
export function cells(page) {
  return page.locator('#grid [role=gridcell]').evaluateAll((els) =>
    els.map((e) => ({
      sq: Number(e.dataset.sq),
      name: e.getAttribute('aria-label'),
      disc: e.dataset.disc,
      legal: e.dataset.legal === undefined ? null : Number(e.dataset.legal),
      hint: e.dataset.hint === 'true',
      preview: e.dataset.preview === 'true',
      wouldFlip: e.dataset.wouldFlip === 'true',
      last: e.dataset.last === 'true',
    })),
  );
}

/** Plies played so far (passes included). */
export async function ply(page) {
  return Number(await page.locator('body').getAttribute('data-ply'));
}

export const isOver = async (page) => (await page.locator('body').getAttribute('data-over')) === 'true';

export function squareName(sq) {
  return 'abcdefgh'[sq % 8] + String(Math.floor(sq / 8) + 1);
}

/** The grid cell for square name `d3`. */
export function cell(page, name) {
  const i = (Number(name[1]) - 1) * 8 + 'abcdefgh'.indexOf(name[0]);
  return page.locator(`#grid [data-sq="${i}"]`);
}
