// The side of the table drawn from the snapshot: disc boxes (T7, T18), the
// turn line, "All my moves" (T14), the move history and the fairness box.
// Text only through i18n and textContent.

import { t, discs, colorName } from './i18n.js';
import { squareName } from './engine.js';

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text != null) e.textContent = text;
  return e;
}

/** The label of a seat: "you", "player 1", "bot, level 2". */
export function seatLabel(snap, seat) {
  const s = snap.seats[seat];
  if (s.startsWith('bot')) return t('botLevel', { n: s.split(':')[1] });
  const people = snap.seats.filter((x) => x === 'person').length;
  return people === 1 ? t('you') : t('player', { n: seat + 1 });
}

/** The seat that plays `color` ('dark'|'light'). */
export function seatOf(snap, color) {
  return color === 'dark' ? snap.darkSeat : 1 - snap.darkSeat;
}

/** Fills one disc box. */
function drawBox(box, snap, color, view) {
  const i = color === 'dark' ? 0 : 1;
  const count = snap.counts[i];
  const supply = snap.supplies[i];
  const toMove = !snap.over && snap.side === color;
  box.dataset.color = color;
  box.dataset.count = String(count);
  box.dataset.supply = String(supply);
  if (toMove) box.dataset.turn = 'true';
  else delete box.dataset.turn;
  box.textContent = '';

  const head = el('div', 'box-head');
  head.append(el('span', `disc-icon ${color}`), el('span', 'box-name', colorName(color)));
  head.append(el('span', 'box-who', seatLabel(snap, seatOf(snap, color))));
  box.append(head);

  const line = el('div', 'box-count');
  line.append(el('span', 'count', String(count)), el('span', 'count-label', t('onBoard')));
  box.append(line);

  const row = el('div', `supply ${color}`);
  row.setAttribute('aria-hidden', 'true');
  for (let k = 0; k < supply; k++) row.append(el('i'));
  box.append(row);
  const foot = el('div', 'box-foot');
  foot.append(el('span', 'supply-text', t('toPlaceN', { n: supply })));
  const turn = el('span', 'box-turn');
  if (toMove) turn.textContent = view.thinking ? t('thinking') : t('boxTurn');
  foot.append(turn);
  box.append(foot);
  box.setAttribute('aria-label', `${colorName(color)}, ${seatLabel(snap, seatOf(snap, color))}: ${count} ${t('onBoard')}, ${t('toPlaceN', { n: supply })}`);
}

/** Redraws the panel. `view` = {thinking, secondsLeft, canAct, preview, movesOpen, seedShown, seed}. */
export function drawPanel(snap, view, handlers) {
  drawBox($('box-dark'), snap, 'dark', view);
  drawBox($('box-light'), snap, 'light', view);
  for (const color of ['dark', 'light']) $(`help-${color}`).textContent = t('boxHelp', { color: colorName(color, true) });
  $('help-corner').textContent = t('cornerHelp');

  const turnLine = $('turn-line');
  if (snap.over) turnLine.textContent = t('gameOver');
  else if (view.thinking) turnLine.textContent = t('thinking');
  else turnLine.textContent = t('toPlay', { color: colorName(snap.side), who: seatLabel(snap, snap.seatToMove) });
  turnLine.dataset.side = snap.over ? 'none' : snap.side;

  const clock = $('clock');
  if (!snap.clock) clock.textContent = t('clockOff');
  else if (view.secondsLeft == null || snap.over) clock.textContent = t('clock', { s: snap.clock });
  else clock.textContent = t('clock', { s: view.secondsLeft });
  clock.dataset.low = String(view.secondsLeft != null && view.secondsLeft <= 5 && !snap.over);

  $('place').disabled = !(view.canAct && view.preview != null);
  const all = $('all-moves');
  all.disabled = !view.canAct;
  all.setAttribute('aria-expanded', String(view.movesOpen && view.canAct));
  drawMovesList(snap, view, handlers);

  const result = $('result');
  result.hidden = !snap.over;
  if (snap.over) $('result-line').textContent = resultText(snap);

  $('fingerprint').textContent = snap.fingerprint;
  const seed = $('seed');
  seed.textContent = view.seedShown ? view.seed : t('seedLater');
  seed.dataset.revealed = String(view.seedShown);
  $('seed-chosen').hidden = !snap.seedChosen;

  drawHistory(snap);
}

/** "Dark wins, 40 to 24." / "A draw, 32 to 32." */
export function resultText(snap) {
  const [d, l] = snap.counts;
  if (snap.outcome === 'draw') return t('draw', { a: d, b: l });
  const winner = snap.outcome;
  const [a, b] = winner === 'dark' ? [d, l] : [l, d];
  const who = seatLabel(snap, seatOf(snap, winner));
  return t('win', { color: `${colorName(winner)} (${who})`, a, b });
}

function drawMovesList(snap, view, handlers) {
  const list = $('moves-list');
  const open = view.movesOpen && view.canAct;
  list.hidden = !open;
  if (!open) {
    list.textContent = '';
    return;
  }
  const key = JSON.stringify([snap.legal, view.preview]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.textContent = '';
  if (snap.legal.length === 0) list.append(el('li', 'note', t('noMoves')));
  for (const [sq, n] of snap.legal) {
    const li = el('li');
    const b = el('button', 'move-choice', t('moveEntry', { sq: squareName(sq), discs: discs(n) }));
    b.type = 'button';
    b.dataset.sq = String(sq);
    b.setAttribute('aria-pressed', String(view.preview === sq));
    b.addEventListener('click', () => handlers.choose(sq));
    li.append(b);
    list.append(li);
  }
}

function drawHistory(snap) {
  const ol = $('history');
  if (ol.childElementCount === snap.moves.length && ol.dataset.lang === document.documentElement.lang) return;
  ol.dataset.lang = document.documentElement.lang;
  ol.textContent = '';
  for (const [mv, letter, byTable] of snap.moves) {
    const color = letter === 'X' ? 'dark' : 'light';
    const text = mv === 'PA' ? `${colorName(color)}: —` : `${colorName(color)}: ${mv}`;
    const li = el('li', byTable ? 'by-table' : null, byTable ? `${text} (${t('byTable')})` : text);
    ol.append(li);
  }
}
