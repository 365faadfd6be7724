// @ts-check
// The day's puzzle on the lobby: a small card near the top with a link to
// it (puzzle.html?daily=1), in the page from the start with a line that
// keeps its room (no layout shift), filled from `api/puzzles/daily` after
// the lists. Offline or on a server without puzzles the line stays general:
// the puzzle page picks the day's from its shipped set. Loaded on demand by
// lobby/main.js, so the lobby's first view carries none of it.

import { t } from '../core/i18n.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {{day: string, rating: number, empties: number}|null} */
let shown = null;

function draw() {
  if (!shown) return;
  const line = $('daily-line');
  // The page's words no longer: the day's own, drawn again at a change of language.
  line.removeAttribute('data-i18n');
  line.textContent = t('l.dailyLine', shown);
}

/** Asks the server for the day's puzzle and shows its card; returns {redraw}. */
export async function showDaily() {
  try {
    const response = await fetch(new URL('api/puzzles/daily', location.href));
    if (response.ok) {
      const d = await response.json();
      shown = { day: String(d.day), rating: Number(d.puzzle.rating), empties: Number(d.puzzle.empties) };
      // A language given in the address goes on with the link.
      const lang = new URLSearchParams(location.search).get('lang');
      if (lang) $('daily-link').setAttribute('href', `puzzle.html?${new URLSearchParams({ daily: '1', lang })}`);
      draw();
    }
  } catch {
    // Offline or no puzzles: the card's general line stays.
  }
  return { redraw: draw };
}
