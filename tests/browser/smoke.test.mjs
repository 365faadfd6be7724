// The page loads cleanly and shows the start position as a named grid.
import assert from 'node:assert/strict';
import test from 'node:test';
import { openPage, squareLocator, squareNames, squaresLocator } from './harness.mjs';

// Two people at the table, no clock: the start position stays on the board.
const QUERY = '?lang=en&seats=person,person&clock=0';

const COORDINATES = [];
for (let row = 1; row <= 8; row += 1) {
  for (const column of 'abcdefgh') COORDINATES.push(`${column}${row}`);
}

test('the page loads with no errors and a grid of 64 named squares', async () => {
  const { page, errors } = await openPage(QUERY);
  await squaresLocator(page).nth(63).waitFor();
  assert.equal(await squaresLocator(page).count(), 64);
  const names = await squareNames(page);
  assert.equal(names.length, 64);
  const named = names.map((name) => name.match(/^[a-h][1-8](?![0-9])/)?.[0]).sort();
  assert.deepEqual(named, [...COORDINATES].sort(), 'each coordinate names exactly one square');
  for (const coordinate of ['a1', 'd3', 'h8']) {
    assert.equal(await squareLocator(page, coordinate).count(), 1, coordinate);
  }
  assert.deepEqual(errors, []);
});

test('at the start, d3, c4, f5 and e6 are named as legal, and only they', async () => {
  const { page, errors } = await openPage(QUERY);
  await squaresLocator(page).nth(63).waitFor();
  const names = await squareNames(page);
  const legal = names
    .filter((name) => /\blegal\b/i.test(name) && !/\b(not|il)legal\b/i.test(name))
    .map((name) => name.slice(0, 2))
    .sort();
  assert.deepEqual(legal, ['c4', 'd3', 'e6', 'f5']);
  assert.deepEqual(errors, []);
});
