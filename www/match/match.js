// @ts-check
// Match play (V1) at the Othello table. The New game dialog's "One game or
// a match" choice starts one; each game of it is an ordinary game at the
// table, rated (no hint, no undo), with its own seed and the players' word.
// When a game ends the engine scores the match from the finished games'
// records (match_status); between games the panel shows the game's points
// and the running total, and the next game's seed is drawn at once so its
// fingerprint is on show before "Next game" starts it. At the end: the
// winner and the match record (copy, download, verify), remembered with the
// finished games. Every rule of scoring is the engine's. The page loads
// this module (and the bots' engine it scores with) only for a match: one
// stored in progress, or one the dialog starts (games/othello/main.js).

import { matchStatus, matchRecordOf } from '../bot/engine.js';
import { newSeed, fingerprintOf } from '../games/engine.js';
import { addWords, t, translatePage } from '../core/i18n.js';
import { say } from '../core/announce.js';
import { seatLabel } from '../table/panel.js';
import { rememberFinished, verifyLink } from '../core/finished.js';
import { download } from '../table/record-share.js';
import { errorText } from '../core/errors.js';
import { loadMatch, saveMatch, clearMatch } from './store.js';
import { matchStored } from '../core/store.js';
import { MATCH_WORDS } from './words.js';

const $ = (id) => document.getElementById(id);

/**
 * @typedef {object} DialogChoice what the New game dialog started
 * @property {string} match `#set-match`: `one`, `points:N` or `games:N`
 * @property {boolean} online "Play online" was chosen
 */

/**
 * Wires match play to `table` (table/table.js); returns `update()`, which the
 * page calls on every redraw, and `begin(choice)`, which it calls for each
 * game the New game dialog starts.
 * @param {import('../table/table.js').TableController} table
 * @returns {{update: () => void, begin: (choice: DialogChoice) => void}}
 */
export function setupMatch(table) {
  addWords(MATCH_WORDS);
  translatePage($('match'));
  const { state } = table;
  const stored = matchStored();
  /** @type {import('./store.js').SavedMatch|null} */
  let match = loadMatch();
  /** @type {import('../bot/engine.js').MatchStatus|null} */
  let status = null;
  const fingerprint = () => state.session?.snap.fingerprint;
  const counted = (fp) => match.records.some((r) => r.includes(`\nfingerprint: ${fp}\n`));

  function end() {
    match = null;
    status = null;
    clearMatch();
  }

  // A stored match goes on only with its game at the table.
  if (match) {
    try {
      status = matchStatus(match.kind, match.target, match.records);
    } catch {
      end();
    }
  }
  if (match && (state.online || fingerprint() !== match.current)) end();
  if (match) state.session.setRated?.(true);
  // games/othello/main.js made the game rated when it saw a stored match: one that does
  // not read or is not this game's leaves it casual.
  else if (stored) state.session.setRated?.(false);

  /**
   * A game the dialog started: it ends the match at the table, and begins
   * one when a match was chosen (only on this device).
   * @param {DialogChoice} choice
   */
  function begin({ match: chosen, online }) {
    end();
    if (!online && !state.online && chosen !== 'one') {
      const [kind, n] = chosen.split(':');
      match = { kind: kind === 'games' ? 'games' : 'points', target: Number(n), records: [], current: fingerprint(), next: null, record: null };
      try {
        status = matchStatus(match.kind, match.target, []);
        state.session.setRated?.(true);
        saveMatch(match);
      } catch (e) {
        say(() => errorText(e));
        end();
      }
    }
    table.update();
  }

  $('match-next-button').addEventListener('click', () => {
    if (!match?.next || !state.session.snap.over) return;
    const seed = match.next;
    const before = match.current;
    const word = state.session.word();
    // Every game of the match keeps the first game's settings, a handicap
    // included (it belongs to a seat, as the points do).
    const { seats, level, clock, handicap } = state.settings;
    match.current = fingerprintOf(seed);
    match.next = null;
    const error = table.startNew({ seats, level, clock, seed, secret: true, word, handicap });
    if (error) {
      match.current = before;
      match.next = seed;
      say(error);
    } else {
      state.session.setRated?.(true);
      saveMatch(match);
    }
    table.update();
  });

  $('match-copy').addEventListener('click', async () => {
    if (!match?.record) return;
    try {
      await navigator.clipboard.writeText(match.record);
      say(() => t('copied'));
    } catch {
      say(() => t('copyFailed'));
    }
  });
  $('match-download').addEventListener('click', () => {
    if (!match?.record) return;
    const name = `virada-match-${match.current.slice(0, 12)}.txt`;
    download(match.record, name);
    say(() => t('downloaded', { name }));
  });

  /** The game at the table ended: it joins the match, which the engine scores. */
  function gameOver() {
    const record = state.session.record(true);
    const records = [...match.records, record];
    try {
      status = matchStatus(match.kind, match.target, records);
      match.records = records;
      if (status.over) {
        const matchRecord = (match.record = matchRecordOf(match.kind, match.target, records));
        // After the game's own (table/table.js keeps it once core/finished.js is there): the match comes first in the list.
        Promise.resolve(state.finishing).then(() => rememberFinished(matchRecord));
      } else {
        match.next = newSeed();
      }
      saveMatch(match);
    } catch (e) {
      say(() => errorText(e));
      end();
    }
  }

  function update() {
    const box = $('match');
    if (match && (state.online || fingerprint() !== match.current)) end();
    if (match && state.session.snap.over && !counted(match.current)) gameOver();
    box.hidden = !match;
    if (!match || !status) return;
    draw(box, match, status);
  }

  /** The panel: title, running score, each game's points, the next game or the end. */
  function draw(box, m, st) {
    const s = state.session.snap;
    const who = (seat) => seatLabel(s, seat);
    const [a, b] = st.total;
    Object.assign(box.dataset, {
      kind: m.kind,
      target: String(m.target),
      games: String(st.games.length),
      total: `${a},${b}`,
      over: String(st.over),
      winner: st.winner,
    });
    const title = t(m.kind === 'points' ? 'matchTitlePoints' : 'matchTitleGames', { n: m.target });
    $('match-title').textContent = s.over ? title : `${title} · ${t('matchGameNow', { n: st.games.length + 1 })}`;
    const score = $('match-score');
    score.textContent = '';
    for (const seat of [0, 1]) {
      const row = document.createElement('span');
      row.className = 'match-seat';
      row.dataset.seat = String(seat);
      const name = document.createElement('span');
      name.textContent = who(seat);
      const points = document.createElement('strong');
      points.textContent = String(st.total[seat]);
      row.append(name, points);
      score.append(row);
    }
    const list = $('match-games');
    list.textContent = '';
    st.games.forEach(([x, y], i) => {
      const li = document.createElement('li');
      li.dataset.points = `${x},${y}`;
      li.textContent = x || y ? t('matchGame', { n: i + 1, who: who(x ? 0 : 1), points: x || y }) : t('matchGameDraw', { n: i + 1 });
      list.append(li);
    });
    const between = Boolean(m.next) && s.over;
    $('match-next').hidden = !between;
    if (between) {
      $('match-after').textContent = t('matchAfter', { n: st.games.length, first: who(0), a, second: who(1), b });
      $('match-next-title').textContent = t('matchNextTitle', { n: st.games.length + 1 });
      $('match-fingerprint').textContent = fingerprintOf(m.next);
    }
    $('match-end').hidden = !m.record;
    if (m.record) {
      const [hi, lo] = a >= b ? [a, b] : [b, a];
      $('match-winner').textContent = st.winner === 'draw' ? t('matchDrawn', { a, b }) : t('matchWon', { who: who(st.winner === 'first' ? 0 : 1), a: hi, b: lo });
      /** @type {HTMLAnchorElement} */ ($('match-verify')).href = verifyLink(m.record);
    }
    $('match-rated').hidden = s.over;
  }

  update();
  return { update, begin };
}
