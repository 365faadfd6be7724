// @ts-check
// One tournament (tournament.html?id=…): its head (head.js), what it is
// (about.js), each round's boards with links to their games (an arena's
// waves by the time they were paired), the standings with what decided
// each place (withdrawn players marked, an arena's streaks), and at the
// end the signed file; or why it was cancelled. The page asks the server
// again every few seconds: the standings follow the results as they come.

import { t } from '../core/i18n.js';
import { el, profileHref } from '../accounts/bar.js';
import { drawHead } from './head.js';
import { drawAbout } from './about.js';

export { tickCountdown } from './head.js';

/** A result's text for one side (`1`, `½`, `0`, `+`, `−`). @param {string} code */
function resultText(code) {
  return { 1: '1', '=': '½', 0: '0', '+': '+', '-': '−', U: '1' }[code] ?? '';
}

/** A name as a link to the profile, in the site's colour. @param {string} name */
function who(name) {
  return el('a', { href: profileHref(name), class: 'tn-player' }, name);
}

/** A name as the standings show it: the link, and a withdrawal or an absence. @param {any} s */
function standingName(s) {
  const cell = el('td', { class: 'tn-name' });
  const link = who(String(s.name));
  // A long name breaks after its `_` or `-` before anywhere else.
  link.replaceChildren(...String(s.name).split(/(?<=[_-])/).flatMap((part, i) => (i ? [el('wbr'), part] : [part])));
  cell.append(link);
  if (s.withdrawn) cell.append(' ', el('span', { class: 'tn-left' }, t('tn.withdrewMark')));
  else if (s.absent) cell.append(' ', el('span', { class: 'tn-left' }, t('tn.absentMark')));
  return cell;
}

/** What decided a place, its figure apart so that it wraps whole and is never cut; a dash before any game is finished. @param {any} s @param {boolean} begun */
function decidedCell(s, begun) {
  const cell = el('td', { class: 'tn-decided' });
  if (!begun) {
    cell.append(el('span', { 'aria-label': t('tn.notYetLabel') }, t('tn.notYet')));
    return cell;
  }
  const figure = { discs: s.discs, brightwell: s.brightwell, buchholz: s.buchholz }[s.decidedBy];
  cell.append(el('span', {}, t(`tn.by.${s.decidedBy}`)));
  if (figure !== undefined) cell.append(' ', el('span', { class: 'tn-figure' }, String(figure)));
  return cell;
}

/** Whether a game between two players is finished (a bye decides nothing). @param {any} v */
function begun(v) {
  return v.played.some((r) => r.boards.some((b) => b.black && b.result));
}

/** A number of points in words: "1 point", "3.5 points". @param {number} n */
function pointsText(n) {
  return Number(n) === 1 ? t('tn.onePoint') : t('tn.pointsN', { n });
}

/** At the end, who won: "Won by ana with 3 points", or first place shared. @param {any} v */
function winnerLine(v) {
  const first = v.standings.filter((s) => s.place === v.standings[0]?.place);
  if (first.length === 0 || !begun(v)) return null;
  const points = pointsText(first[0].points);
  const text = first.length === 1
    ? t('tn.wonBy', { name: String(first[0].name), points })
    : t('tn.wonShared', { names: first.map((s) => String(s.name)).join(', '), points });
  return el('p', { class: 'tn-winner', id: 'tn-winner' }, text);
}

/** The standings' table. @param {any} v */
function drawStandings(v) {
  const arena = v.format === 'arena';
  const over = v.phase === 'over';
  const section = el('section', { class: arena ? 'tn-standings tn-arena' : 'tn-standings', id: 'tn-standings', 'aria-labelledby': 'standings-title' });
  section.append(el('h2', { id: 'standings-title' }, t(over ? 'tn.final' : 'tn.standings')));
  const winner = over ? winnerLine(v) : null;
  if (winner) section.append(winner);
  // A streak is a live thing: at the end an arena shows none.
  const arenaCols = over ? ['tn.place', 'tn.player', 'tn.points', 'tn.performance'] : ['tn.place', 'tn.player', 'tn.points', 'tn.performance', 'tn.streak'];
  const numeric = ['tn.place', 'tn.points', 'tn.performance', 'tn.discs', 'tn.brightwell', 'tn.buchholz'];
  // A phone keeps four columns: an arena's performance only once the streaks are gone.
  const wide = over ? ['tn.discs', 'tn.brightwell', 'tn.buchholz'] : ['tn.discs', 'tn.brightwell', 'tn.buchholz', 'tn.performance'];
  const cols = arena ? arenaCols : ['tn.place', 'tn.player', 'tn.points', 'tn.discs', 'tn.brightwell', 'tn.buchholz', 'tn.decided'];
  const table = el('table', { id: 'standings' });
  const head = el('tr');
  // A number's heading stands over it, right-aligned as the number is.
  for (const c of cols) head.append(el('th', { scope: 'col', class: [numeric.includes(c) ? 'num' : '', wide.includes(c) ? 'tn-wide' : ''].join(' ').trim() }, t(c)));
  const started = begun(v);
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const s of v.standings) {
    const row = el('tr', s.withdrawn ? { class: 'tn-withdrawn' } : {});
    row.append(el('td', { class: 'num' }, String(s.place)), standingName(s), el('td', { class: 'num' }, String(s.points)));
    if (arena) {
      row.append(el('td', { class: over ? 'num' : 'num tn-wide' }, s.performance == null ? '—' : String(s.performance)));
      // On a streak, as lichess's arena marks it: the next game counts double.
      if (!over) {
        const streak = el('td');
        if (s.fire) streak.append(el('span', { class: 'tn-fire', title: t('tn.fire') }, t('tn.fireMark')));
        row.append(streak);
      }
    } else {
      row.append(el('td', { class: 'num tn-wide' }, String(s.discs)), el('td', { class: 'num tn-wide' }, String(s.brightwell)), el('td', { class: 'num tn-wide' }, String(s.buchholz)));
      // What decided the place, with its figure (a phone shows no other column of them).
      row.append(decidedCell(s, started));
    }
    tbody.append(row);
  }
  table.append(thead, tbody);
  // A table wider than the screen scrolls, and says so.
  const wrap = el('div', { class: 'tn-scroll', id: 'tn-scroll' });
  wrap.append(table);
  const hint = el('p', { class: 'tn-scroll-hint', id: 'tn-scroll-hint' }, t('tn.scrollHint'));
  hint.hidden = true;
  const fit = () => {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    hint.hidden = !scrolls;
    // Reachable by keyboard when it scrolls.
    if (scrolls) wrap.setAttribute('tabindex', '0');
    else wrap.removeAttribute('tabindex');
  };
  requestAnimationFrame(fit);
  new ResizeObserver(fit).observe(wrap);
  section.append(hint, wrap);
  if (arena) section.append(el('p', { class: 'account-note', id: 'tn-tie-note' }, t('tn.arenaTie')));
  if (arena && !over) section.append(el('p', { class: 'account-note', id: 'tn-fire-note' }, t('tn.fireNote')));
  return section;
}

/** Each round's boards, the latest first. @param {any} v @param {string|null} me */
function drawRounds(v, me) {
  const section = el('section', { class: 'tn-rounds', id: 'tn-rounds' });
  for (const r of [...v.played].reverse()) {
    const part = el('section', { class: 'tn-round', id: `round-${r.number}`, 'aria-labelledby': `round-${r.number}-title` });
    // An arena's waves are not rounds: each is the games paired at a time.
    const title = v.format === 'arena'
      ? t('tn.wave', { time: new Date(Number(r.started)).toLocaleTimeString() })
      : t('tn.round', { n: r.number });
    part.append(el('h2', { id: `round-${r.number}-title` }, title));
    const ol = el('ol', { class: 'tn-boards' });
    for (const [i, b] of r.boards.entries()) {
      const li = el('li', { class: 'tn-board' });
      const white = String(b.white.name);
      li.append(el('span', { class: 'tn-number', 'aria-hidden': 'true' }, `${i + 1}.`), who(white));
      if (!b.black) {
        li.append(el('span', { class: 'tn-bye' }, t(v.format === 'swiss' ? 'tn.bye' : 'tn.sitsOut')));
      } else {
        const black = String(b.black.name);
        const score = b.result ? `${resultText(b.result.white)} – ${resultText(b.result.black)}` : t('tn.playing');
        li.append(el('span', { class: 'tn-score' }, score), who(black));
        const forfeit = b.result && (b.result.white === '+' || b.result.white === '-');
        if (forfeit) {
          // Nothing was played: no game to open; who did not come, in words.
          const absent = [b.result.white === '-' ? white : null, b.result.black === '-' ? black : null].filter(Boolean);
          li.append(el('span', { class: 'tn-forfeit' }, absent.length === 1 ? t('tn.forfeit', { name: String(absent[0]) }) : t('tn.forfeitBoth')));
        } else if (b.table) {
          const mine = me === white || me === black;
          const link = el('a', { class: mine && !b.result ? 'tn-game tn-mine' : 'tn-game', href: `index.html?table=${encodeURIComponent(b.table)}`, 'aria-label': t('tn.watchLabel', { white, black }) }, t(mine && !b.result ? 'tn.yourGame' : 'tn.watch'));
          li.append(link);
        }
      }
      ol.append(li);
    }
    part.append(ol);
    section.append(part);
  }
  return section;
}

/** The entrants before the start. @param {any} v */
function drawEntrants(v) {
  const section = el('section', { class: 'tn-entrants', id: 'tn-entrants', 'aria-labelledby': 'entrants-title' });
  section.append(el('h2', { id: 'entrants-title' }, t('tn.entrants')));
  if (v.entrants.length === 0) section.append(el('p', { class: 'none' }, t('tn.noEntrants')));
  const ul = el('ul', { class: 'tn-entrant-list' });
  for (const e of v.entrants) {
    const li = el('li');
    li.append(who(String(e.name)), el('span', { class: 'num' }, String(e.rating)));
    ul.append(li);
  }
  section.append(ul);
  return section;
}

/**
 * Draws the tournament into `root`.
 * @param {HTMLElement} root
 * @param {any} v
 * @param {string|null} me
 * @param {number} skew
 * @param {() => void} changed
 */
export function drawTournament(root, v, me, skew, changed) {
  root.replaceChildren(drawHead(v, me, skew, changed));
  if (v.phase === 'open') {
    root.append(drawAbout(v, me), drawEntrants(v));
    return;
  }
  // Cancelled before its first round: the reason is in the head, and
  // there are no standings to show.
  if (v.cancelled) {
    root.append(drawAbout(v, me), drawEntrants(v));
    return;
  }
  const standings = drawStandings(v);
  if (v.trf) {
    const p = el('p', { class: 'tn-trf' });
    p.append(el('a', { href: `api/tournaments/${encodeURIComponent(v.id)}/trf`, id: 'tn-trf', download: `tournament-${v.id}.trf` }, t('tn.trf')));
    // A phone's player checks it on Verify a game; the command is for a computer.
    const check = el('p', { class: 'account-note', id: 'tn-trf-verify' });
    const [before, after] = t('tn.trfVerify').split('{page}');
    check.append(before ?? '', el('a', { href: 'verify.html' }, t('tn.verifyPage')), after ?? '');
    standings.append(p, check, el('p', { class: 'account-note tn-cli', id: 'tn-trf-cli' }, t(v.format === 'arena' ? 'tn.trfCliArena' : 'tn.trfCli')));
  }
  root.append(standings, drawRounds(v, me), drawAbout(v, me));
}
