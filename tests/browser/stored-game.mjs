// A table opened where the behaviour starts: a game written to the page's
// store (www/core/store.js, the slot a reload resumes), its moves played
// beforehand by the page's own engine (www/pkg) here in Node, so a test
// that checks a game's end starts a few plies before it instead of playing
// the whole game through the browser. The engine names every move (its
// legal list, or at Nabucodonosor the move of a time-out); this file only
// picks among them.

import { readFileSync } from 'node:fs';
import { open, pageUrl } from './harness.mjs';

const GAME_KEY = 'virada.game.v1';
/** The store's slot of a game (www/core/store.js: Othello keeps the first one). */
const slotKey = (slot) => (slot === 'othello' ? GAME_KEY : `virada.game.${slot}.v1`);

let engine = null;

/** The page's wasm package, loaded once into this process. */
async function pkg() {
  if (!engine) {
    engine = await import(new URL('../../www/pkg/virada.js', import.meta.url).href);
    engine.initSync({ module: readFileSync(new URL('../../www/pkg/virada_bg.wasm', import.meta.url)) });
  }
  return engine;
}

/**
 * The moves of a whole game from `game`'s start (its handicap included):
 * at Othello each the `(n * 7)`-th legal square of the n-th ply, as the
 * page tests choose theirs, ["d3", "c3", …, "PA", …] as the store writes
 * them; at Nabucodonosor (`game.game`, its `size`) each the move the rules
 * name on a time-out, the moves already played keeping their `*`.
 * @param {{game?: string, size?: number, seats: string, level: number, clock: number|string, seed: string, word?: string, handicap?: string}} game
 * @param {string} [from] moves already played, as the store keeps them ("f5d6…"; "c3 swap *a1 …"), kept first
 * @returns {Promise<string[]>}
 */
export async function wholeGame(game, from = '') {
  const { GameTable } = await pkg();
  const nabu = game.game === 'nabucodonosor';
  const t = new GameTable(nabu ? game.game : 'othello', nabu ? game.size : 8, game.seats, game.level, String(game.clock), game.seed, game.word ?? '');
  try {
    if (game.handicap) t.set_handicap(game.handicap);
    if (from) t.replay(nabu ? from : from.match(/.{2}/g).join(' '));
    let s = JSON.parse(t.snapshot());
    const kept = s.moves.length;
    for (let n = s.moves.length; !s.over; n++) {
      if (nabu) {
        t.time_out();
      } else {
        const [sq] = s.legal[(n * 7) % s.legal.length];
        t.play('abcdefgh'[sq % 8] + String(Math.floor(sq / 8) + 1));
      }
      s = JSON.parse(t.snapshot());
    }
    return s.moves.map(([m, , byTable], i) => (nabu && byTable && i < kept ? `*${m}` : m));
  } finally {
    t.free();
  }
}

/**
 * The seat (0 or 1) that plays dark with `seed` and `word`, as the engine
 * draws it (docs/fair-play.md; its known answers are `table-dialog`'s).
 * @param {string} seed
 * @param {string} [word]
 */
export async function darkSeatOf(seed, word = '') {
  const { GameTable } = await pkg();
  const t = new GameTable('othello', 8, 'person,person', 3, '0', seed, word);
  try {
    return JSON.parse(t.snapshot()).darkSeat;
  } finally {
    t.free();
  }
}

/**
 * `moves` less their last `left` plies, moved back past passes so that the
 * stored game ends on a move (the table makes a forced pass itself), as
 * the store writes them: joined by `sep` ('' at Othello, ' ' at
 * Nabucodonosor).
 * @param {string[]} moves
 * @param {number} left
 * @param {string} [sep]
 */
export function before(moves, left, sep = '') {
  let n = moves.length - left;
  while (n > 0 && /^(PA|pass)$/.test(moves[n])) n--;
  return moves.slice(0, n).join(sep);
}

/**
 * Writes `game` (a SavedGame of www/core/store.js: seats, level, clock,
 * seed, moves …) to the store from a page of the same origin that plays
 * nothing (verify.html), then opens the table at `query` (which must fit
 * the stored game's seats, clock, level and seed, or the page starts
 * afresh) and waits for it to be ready.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} query
 * @param {Record<string, unknown>} game
 */
export async function openStored(context, query, game) {
  const page = await open(context, 'verify.html?lang=en');
  await page.evaluate(
    ([key, g]) => localStorage.setItem(key, JSON.stringify(g)),
    [GAME_KEY, { format: 2, game: 'othello', word: '', seedChosen: true, byTable: [], assists: '', deadline: null, handicap: '', ...game }],
  );
  await page.goto(await pageUrl(query));
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** The stored game of `page` in `slot` (as the page last wrote it). */
export function storedGame(page, slot = 'othello') {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), slotKey(slot));
}

/**
 * The game on `page`'s table played on here to `left` plies before its end:
 * the page leaves the table first (for verify.html, so that no move of its
 * own overwrites the store), the stored game is played on by the engine and
 * written back, and the table opens again at `query` (the page's own
 * address when null). Returns the whole game's moves.
 * @param {import('playwright-core').Page} page
 * @param {string|null} query what follows the root address, or a whole address
 * @param {number} left
 * @param {string} [slot] the store's slot: 'othello' or 'nabucodonosor'
 */
export async function fastForward(page, query, left, slot = 'othello') {
  const address = query === null ? page.url() : /^https?:/.test(query) ? query : await pageUrl(query);
  // verify.html of the page's own origin (its store), whichever server serves it.
  await page.goto(new URL('verify.html?lang=en', page.url()).href);
  const saved = await storedGame(page, slot);
  const moves = await wholeGame(saved, saved.moves);
  const kept = before(moves, left, slot === 'othello' ? '' : ' ');
  await page.evaluate(([key, g]) => localStorage.setItem(key, JSON.stringify(g)), [slotKey(slot), { ...saved, moves: kept }]);
  await page.goto(address);
  await page.waitForSelector('body[data-ready="true"]');
  const resumed = await page.evaluate(() => Number(document.body.dataset.ply));
  if (resumed < moves.length - left - 1) throw new Error(`the table did not resume the stored game (ply ${resumed}): does ${query} fit it?`);
  return moves;
}
