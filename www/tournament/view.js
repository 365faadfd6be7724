// @ts-check
// One tournament (tournament.html?id=…): what it is, the countdown to its
// start, join and withdraw, each round's boards with links to their games,
// the standings with what decided each place, and at the end the signed
// file. The page asks the server again every few seconds: the standings
// follow the results as they come.

import { t } from '../core/i18n.js';
import { el, errorText, profileHref } from '../accounts/bar.js';
import * as api from '../accounts/api.js';
import { summaryText } from './list.js';

/** "1 h 05 min", "4 min 09 s", "12 s". @param {number} ms */
export function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${pad(m)} min`;
  if (m > 0) return `${m} min ${pad(sec)} s`;
  return `${sec} s`;
}

/** The countdown's text now. @param {any} v @param {number} skew */
function countdownText(v, skew) {
  const left = Number(v.starts) - (Date.now() + skew);
  return left > 0 ? t('tn.startsIn', { time: countdown(left) }) : t('tn.starting');
}

/** Sets the countdown's text in place (nothing else redrawn). @param {any} v @param {number} skew */
export function tickCountdown(v, skew) {
  const node = document.getElementById('tn-countdown');
  if (node) node.textContent = countdownText(v, skew);
}

/** A result's text for one side (`1`, `½`, `0`, `+`, `−`). @param {string} code */
function resultText(code) {
  return { 1: '1', '=': '½', 0: '0', '+': '+', '-': '−', U: '1' }[code] ?? '';
}

/** A name as a link to the profile, in the site's colour. @param {string} name */
function who(name) {
  return el('a', { href: profileHref(name), class: 'tn-player' }, name);
}

/**
 * The controls: join or withdraw, and the countdown.
 * @param {any} v the tournament
 * @param {string|null} me the signed-in name
 * @param {number} skew the server's clock minus the page's
 * @param {() => void} changed
 */
function drawHead(v, me, skew, changed) {
  const head = el('div', { class: 'tn-head', id: 'tn-head' });
  head.append(el('p', { class: 'tn-summary', id: 'tn-summary' }, summaryText({ ...v, entrants: v.entrants.filter((e) => !e.withdrawn).length, round: v.played.length })));
  head.append(el('p', { class: `tn-phase tn-${v.phase}`, id: 'tn-phase' }, t(`tn.phase.${v.phase}`)));
  if (v.phase === 'open') {
    head.append(el('p', { class: 'tn-countdown', id: 'tn-countdown', role: 'timer' }, countdownText(v, skew)));
  }
  const mine = me ? v.entrants.find((e) => e.name === me) : null;
  const said = el('p', { class: 'account-message', id: 'tn-message', role: 'status' });
  if (mine) said.textContent = mine.withdrawn ? t('tn.withdrawn') : t('tn.joined');
  if (me && v.phase !== 'over') {
    const act = async (what) => {
      try {
        await api.ask(`api/tournaments/${encodeURIComponent(v.id)}/${what}`, {});
        changed();
      } catch (error) {
        said.textContent = errorText(error);
      }
    };
    const canJoin = !mine || mine.withdrawn;
    const button = el('button', { type: 'button', id: canJoin ? 'tn-join' : 'tn-withdraw' }, t(canJoin ? 'tn.join' : 'tn.withdraw'));
    button.addEventListener('click', () => act(canJoin ? 'join' : 'withdraw'));
    head.append(button);
  } else if (!me && v.phase !== 'over') {
    head.append(el('p', { class: 'account-note' }, t('tn.signInFirst')));
  }
  head.append(said);
  return head;
}

/** The standings' table. @param {any} v */
function drawStandings(v) {
  const section = el('section', { class: 'tn-standings', id: 'tn-standings', 'aria-labelledby': 'standings-title' });
  section.append(el('h2', { id: 'standings-title' }, t(v.phase === 'over' ? 'tn.final' : 'tn.standings')));
  const arena = v.format === 'arena';
  const cols = arena ? ['tn.place', 'tn.player', 'tn.points'] : ['tn.place', 'tn.player', 'tn.points', 'tn.discs', 'tn.brightwell', 'tn.buchholz', 'tn.decided'];
  const table = el('table', { id: 'standings' });
  const head = el('tr');
  for (const c of cols) head.append(el('th', { scope: 'col', class: ['tn.discs', 'tn.brightwell', 'tn.buchholz'].includes(c) ? 'tn-wide' : '' }, t(c)));
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const s of v.standings) {
    const row = el('tr');
    const name = el('td');
    name.append(who(String(s.name)));
    row.append(el('td', { class: 'num' }, String(s.place)), name, el('td', { class: 'num' }, String(s.points)));
    if (!arena) {
      row.append(el('td', { class: 'num tn-wide' }, String(s.discs)), el('td', { class: 'num tn-wide' }, String(s.brightwell)), el('td', { class: 'num tn-wide' }, String(s.buchholz)));
      // What decided the place, with its figure (a phone shows no other column of them).
      const figure = { discs: s.discs, brightwell: s.brightwell, buchholz: s.buchholz }[s.decidedBy];
      const decided = t(`tn.by.${s.decidedBy}`);
      row.append(el('td', { class: 'tn-decided' }, figure === undefined ? decided : `${decided} ${figure}`));
    }
    tbody.append(row);
  }
  table.append(thead, tbody);
  const wrap = el('div', { class: 'tn-scroll' });
  wrap.append(table);
  section.append(wrap);
  return section;
}

/** Each round's boards, the latest first. @param {any} v @param {string|null} me */
function drawRounds(v, me) {
  const section = el('section', { class: 'tn-rounds', id: 'tn-rounds' });
  for (const r of [...v.played].reverse()) {
    const part = el('section', { class: 'tn-round', id: `round-${r.number}`, 'aria-labelledby': `round-${r.number}-title` });
    part.append(el('h2', { id: `round-${r.number}-title` }, t('tn.round', { n: r.number })));
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
        if (b.table) {
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
    root.append(drawEntrants(v));
    return;
  }
  const standings = drawStandings(v);
  if (v.trf) {
    const p = el('p', { class: 'tn-trf' });
    p.append(el('a', { href: `api/tournaments/${encodeURIComponent(v.id)}/trf`, id: 'tn-trf', download: `tournament-${v.id}.trf` }, t('tn.trf')));
    standings.append(p, el('p', { class: 'account-note' }, t('tn.trfNote')));
  }
  root.append(standings, drawRounds(v, me));
}
