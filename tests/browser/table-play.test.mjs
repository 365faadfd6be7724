// A game's last dozen plies by each input path (T11–T14), with
// ?seats=person,person and a fixed seed: the game before them is played by
// the engine in Node and resumed from the store (stored-game.mjs), since
// which squares are legal and what they flip are the library's, tested in
// Rust; what the page shows of them is checked here. Every move checks
// that the preview places nothing, that the rings sit exactly on the discs
// that then flip, and the game ends with the result, the counts and the
// revealed seed (T6, T20, F3, F4).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { newContext } from './harness.mjs';
import { cells, SEED, squareName, table } from './table-util.mjs';
import { before, openStored, wholeGame } from './stored-game.mjs';

const QUERY = `?lang=en&seats=person,person&clock=0&seed=${SEED}`;
const GAME = { seats: 'person,person', level: 3, clock: 0, seed: SEED, seedChosen: true };
/** Plies left to play through the page: enough for every path to preview and place, not a whole game. */
const LEFT = 12;

/** The table at `LEFT` plies before the end of the engine's game from the start. */
async function nearTheEnd(context) {
  const page = await openStored(context, QUERY, { ...GAME, moves: before(await wholeGame(GAME), LEFT) });
  assert.ok((await table(page)).ply >= 40, 'the stored game resumed');
  return page;
}

/** Plays the whole game; `preview(page, sq)` must show the preview, `place(page, sq, n)` place it. */
async function playGame(page, { preview, place }) {
  let moves = 0;
  for (let now = await table(page); !now.over; now = await table(page)) {
    const before = now.cells;
    const legal = before.filter((c) => c.legal != null);
    assert.ok(legal.length > 0, 'a side to move in a running game has a legal square');
    assert.ok(legal.every((c) => c.hint && c.name.includes('legal move')), 'pencil dots on every legal square');
    const target = legal[(moves * 7) % legal.length];
    const plyBefore = now.ply;
    const mover = now.side;

    await preview(page, target.sq);
    const { cells: mid, ply: plyMid } = await table(page);
    assert.equal(plyMid, plyBefore, 'a preview places nothing');
    assert.ok(mid[target.sq].preview, `preview shown on ${squareName(target.sq)}`);
    assert.equal(mid[target.sq].disc, 'empty');
    const rings = mid.filter((c) => c.wouldFlip).map((c) => c.sq);
    assert.equal(rings.length, target.legal, 'one ring per disc the square flips');
    for (const sq of rings) assert.match(mid[sq].name, /would flip/);

    await place(page, target.sq, moves);
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, plyBefore);
    const afterMove = await cells(page);
    const flipped = afterMove
      .filter((c) => before[c.sq].disc !== 'empty' && c.disc !== before[c.sq].disc)
      .map((c) => c.sq);
    assert.deepEqual(flipped, rings, 'the ringed discs are exactly the ones that flipped');
    assert.equal(afterMove[target.sq].disc, mover);
    assert.ok(afterMove[target.sq].last && afterMove[target.sq].name.includes('last move'));
    moves++;
  }
  return moves;
}

async function checkEnd(page) {
  const counts = await page.locator('.box').evaluateAll((els) => els.map((e) => Number(e.dataset.count)));
  const [d, l] = counts;
  const result = await page.locator('#result-line').textContent();
  if (d === l) assert.match(result, new RegExp(`draw, ${d} to ${l}`));
  else {
    const winner = d > l ? 'Dark' : 'Light';
    assert.match(result, new RegExp(`^${winner} \\(player [12]\\) wins, ${Math.max(d, l)} to ${Math.min(d, l)}\\.$`));
  }
  assert.ok((await page.locator('#status').textContent()).includes(result), 'the result is announced');
  const seed = (await page.locator('#seed').textContent()).trim();
  assert.equal(seed, SEED);
  const fingerprint = (await page.locator('#fingerprint').textContent()).trim();
  assert.match(fingerprint, /^[0-9a-f]{64}$/);
  assert.equal(fingerprint, createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  const board = await cells(page);
  assert.equal(board.filter((c) => c.disc === 'dark').length, d);
  assert.equal(board.filter((c) => c.disc === 'light').length, l);
  const record = await page.locator('#record').textContent();
  assert.ok(record.startsWith('virada-record 1\ngame: othello 8\nseats: person, person\n'), record);
  assert.ok(record.includes(`\nseed: ${SEED} chosen\n`), 'the end record reveals the seed');
  assert.ok(record.includes(`\nfingerprint: ${fingerprint}\n`));
  assert.match(record, new RegExp(`\\nresult: dark ${d} light ${l} `));
  assert.ok(await page.getByRole('button', { name: 'New game' }).isVisible());
  assert.ok(await page.getByRole('button', { name: 'Copy record' }).isVisible());
  // The end screen opens the record's other ways out.
  for (const name of ['Download record', 'Download GGF', 'Share link']) {
    assert.ok(await page.getByRole('button', { name }).isVisible(), name);
  }
}

const cellAt = (page, sq) => page.locator(`#grid [data-sq="${sq}"]`);

test('mouse: pointing previews, a click places, to the end', async () => {
  // The one game with the flips animated, as players see them by default.
  const context = await newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const page = await nearTheEnd(context);
  const moves = await playGame(page, {
    preview: (p, sq) => cellAt(p, sq).hover(),
    place: (p, sq) => cellAt(p, sq).click(),
  });
  assert.ok(moves >= LEFT / 2);
  await checkEnd(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('touch: one tap previews and never places; a second tap or Place places', async () => {
  const context = await newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await nearTheEnd(context);
  await playGame(page, {
    preview: async (p, sq) => {
      await cellAt(p, sq).tap();
      // Tapping a square that is not legal clears the preview; tapping the target again restores it.
      const empty = (await cells(p)).find((c) => c.disc === 'empty' && c.legal == null);
      if (empty) {
        await cellAt(p, empty.sq).tap();
        assert.equal((await cells(p)).filter((c) => c.preview || c.wouldFlip).length, 0, 'an illegal tap clears');
        await cellAt(p, sq).tap();
      }
    },
    place: async (p, sq, n) => {
      if (n % 2 === 0) await cellAt(p, sq).tap();
      else await p.getByRole('button', { name: 'Place' }).tap();
    },
  });
  await checkEnd(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('keyboard only: arrows move the cursor, Enter previews, Enter again places', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  const page = await nearTheEnd(context);
  const focused = () => page.evaluate(() => (document.activeElement?.dataset.sq ? Number(document.activeElement.dataset.sq) : -1));
  for (let i = 0; i < 20 && (await focused()) < 0; i++) await page.keyboard.press('Tab');
  assert.ok((await focused()) >= 0, 'the grid is reachable with Tab');
  assert.equal(await page.locator('#grid [tabindex="0"]').count(), 1, 'one tab stop for the whole grid');
  await playGame(page, {
    preview: async (p, sq) => {
      let at = await focused();
      while (at % 8 < sq % 8) { await p.keyboard.press('ArrowRight'); at++; }
      while (at % 8 > sq % 8) { await p.keyboard.press('ArrowLeft'); at--; }
      while (at < sq - 7) { await p.keyboard.press('ArrowDown'); at += 8; }
      while (at > sq + 7) { await p.keyboard.press('ArrowUp'); at -= 8; }
      assert.equal(await focused(), sq);
      await p.keyboard.press('Enter');
    },
    place: (p) => p.keyboard.press('Enter'),
  });
  await checkEnd(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('"All my moves" lists every legal square with its flips; choosing previews', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  const page = await nearTheEnd(context);
  await playGame(page, {
    preview: async (p, sq) => {
      await p.getByRole('button', { name: 'All my moves' }).click();
      const entries = await p.locator('#moves-list button').allTextContents();
      const legal = (await cells(p)).filter((c) => c.legal != null);
      assert.deepEqual(
        entries,
        legal.map((c) => `${squareName(c.sq)} — ${c.legal} ${c.legal === 1 ? 'disc' : 'discs'}`),
      );
      await p.getByRole('button', { name: new RegExp(`^${squareName(sq)} — `) }).click();
    },
    place: (p) => p.getByRole('button', { name: 'Place' }).click(),
  });
  await checkEnd(page);
  assert.deepEqual(page.errors, []);
  await context.close();
});
