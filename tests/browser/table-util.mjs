// Readers of the Othello table's state for the browser tests: the grid
// cells' names and data attributes, and the body's test hooks. The server,
// the browser and the error watching are harness.mjs's.

export const SEED = '5eed'.repeat(16);

/**
 * The table at once, in one round trip: {cells, ply, over, side}. `cells`
 * is [{sq, name, disc, legal, hint, preview, wouldFlip, last}] in reading
 * order; `side` the turn line's (dark, light or none). A game played move
 * by move reads this rather than one reader after another, so the browser
 * answers once a step.
 */
export function table(page) {
  return page.evaluate(() => {
    const body = document.body.dataset;
    return {
      cells: [...document.querySelectorAll('#grid [role=gridcell]')].map((e) => ({
        sq: Number(e.dataset.sq),
        name: e.getAttribute('aria-label'),
        disc: e.dataset.disc,
        legal: e.dataset.legal === undefined ? null : Number(e.dataset.legal),
        hint: e.dataset.hint === 'true',
        preview: e.dataset.preview === 'true',
        wouldFlip: e.dataset.wouldFlip === 'true',
        last: e.dataset.last === 'true',
      })),
      ply: Number(body.ply),
      over: body.over === 'true',
      side: document.getElementById('turn-line')?.dataset.side ?? null,
    };
  });
}

/** The cells' state (table()'s `cells`). */
export async function cells(page) {
  return (await table(page)).cells;
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
