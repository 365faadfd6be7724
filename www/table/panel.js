// @ts-check
// The side of the table drawn from the snapshot, for either game: disc boxes
// (T7, T18; the supply row only where the game has one), the turn line, "All
// my moves" (T14, the choices its rules adapter lists), the move history and
// the fairness box.
// Text only through i18n and textContent.

import { t, colorName } from '../core/i18n.js';

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text != null) e.textContent = text;
  return e;
}

/**
 * The label of a seat: "you", "player 1", "bot, level 2".
 * @param {import('./table.js').Snapshot} snap
 * @param {number} seat
 * @returns {string}
 */
export function seatLabel(snap, seat) {
  if (snap.online) return onlineSeatLabel(snap.online, seat);
  const s = snap.seats[seat];
  if (s.startsWith('bot')) return t('botLevel', { n: s.split(':')[1] });
  const people = snap.seats.filter((x) => x === 'person').length;
  return people === 1 ? t('you') : t('player', { n: seat + 1 });
}

/**
 * A seat at the online table, from this page's side: "you", "opponent"
 * (or "player 2" for a spectator), "opponent, away" while their page is
 * closed, "bot, level 3", "bot, level 3 (for your opponent)"; before the
 * start, who plays dark is not drawn yet (but by a pairing).
 */
function onlineSeatLabel({ seat: mine, status, seats, away: gone = [], paired = false }, seat) {
  if (status === 'waiting') return paired ? t(seat === 0 ? 'rc.darkSeat' : 'rc.lightSeat') : t('waitingSeat');
  const s = seats[seat];
  if (s.kind === 'bot' && s.tookSeat) {
    if (seat === mine) return t('botTookYours', { n: s.level });
    return mine === null ? t('botTookPlayer', { n: s.level, p: seat + 1 }) : t('botTookOpponent', { n: s.level });
  }
  if (s.kind === 'bot') return t('botLevel', { n: s.level });
  if (seat === mine) return t('you');
  const away = status === 'playing' && gone.includes(seat);
  // An account's seat shows its name (text from the server: drawn as text).
  if (s.name) return away ? t('nameAway', { name: String(s.name) }) : String(s.name);
  if (mine === null) return away ? t('playerAway', { n: seat + 1 }) : t('player', { n: seat + 1 });
  return away ? t('opponentAway') : t('opponent');
}

/**
 * The seat that plays `color` ('dark'|'light').
 * @param {import('./table.js').Snapshot} snap
 * @param {string} color
 * @returns {number}
 */
export function seatOf(snap, color) {
  return color === 'dark' ? snap.darkSeat : 1 - snap.darkSeat;
}

/**
 * @typedef {object} PanelView what the panel shows beside the snapshot
 * @property {boolean} thinking
 * @property {number|null} secondsLeft
 * @property {boolean} canAct
 * @property {string|null} preview the previewed move's text
 * @property {boolean} movesOpen
 * @property {import('./table.js').Choice[]} choices
 * @property {boolean} seedShown
 * @property {string} seed
 * @property {string} word
 * @property {string} result
 * @property {(move: string) => string} moveText
 */

const boxParts = new WeakMap();

/** The box's inner elements, made once. */
function parts(box, color) {
  let p = boxParts.get(box);
  if (p) return p;
  box.textContent = '';
  p = {
    name: el('span', 'box-name'),
    who: el('span', 'box-who'),
    whoName: el('span', 'box-who-name'),
    count: el('span', 'count'),
    countLabel: el('span', 'count-label'),
    supply: el('div', `supply ${color}`),
    supplyText: el('span', 'supply-text'),
    rating: el('span', 'box-rating'),
    turn: el('span', 'box-turn'),
  };
  const head = el('div', 'box-head');
  head.append(el('span', `disc-icon ${color}`), p.name, p.who);
  const line = el('div', 'box-count');
  line.append(p.count, p.countLabel);
  p.supply.setAttribute('aria-hidden', 'true');
  const foot = el('div', 'box-foot');
  foot.append(p.supplyText, p.turn);
  // The rating follows the name, on the label's line (a phone's second line
  // is kept for it at the online table): nothing grows when it arrives.
  p.who.append(p.whoName, p.rating);
  box.append(head, line, p.supply, foot);
  boxParts.set(box, p);
  return p;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * An account's rating at its seat ("1500?"), and "rated" when the game is:
 * "1500? · rated"; '' off the online table or for a guest at a casual game.
 * @param {import('./table.js').Snapshot} snap
 * @param {number} seat
 */
function ratingText(snap, seat) {
  const o = snap.online;
  if (!o || o.status === 'waiting') return '';
  const s = o.seats[seat];
  if (s?.kind !== 'person' && !(s?.kind === 'bot' && s.tookSeat)) return '';
  const rating = o.ratings?.[seat] ?? '';
  if (!o.rated) return rating;
  return rating ? `${rating} · ${t('seatRated')}` : t('seatRated');
}

/** Fills one disc box. */
function drawBox(box, snap, color, view) {
  const i = color === 'dark' ? 0 : 1;
  const count = snap.counts[i];
  const supply = snap.supplies?.[i] ?? 0;
  const toMove = !snap.over && snap.side === color && snap.online?.status !== 'waiting';
  const who = seatLabel(snap, seatOf(snap, color));
  box.dataset.color = color;
  box.dataset.count = String(count);
  box.dataset.supply = String(supply);
  if (toMove) box.dataset.turn = 'true';
  else delete box.dataset.turn;
  const p = parts(box, color);
  setText(p.name, colorName(color));
  const rating = ratingText(snap, seatOf(snap, color));
  setText(p.whoName, who);
  setText(p.rating, rating);
  // Cut to fit on a small box: the whole label on pointing at it.
  const whole = rating ? `${who} · ${rating}` : who;
  if (p.who.title !== whole) p.who.title = whole;
  setText(p.count, String(count));
  setText(p.countLabel, t('onBoard'));
  while (p.supply.childElementCount > supply) p.supply.lastElementChild.remove();
  while (p.supply.childElementCount < supply) p.supply.append(el('i'));
  p.supply.hidden = !snap.supplies;
  setText(p.supplyText, snap.supplies ? t('toPlaceN', { n: supply }) : '');
  setText(p.turn, toMove ? (view.thinking ? t('thinking') : t('boxTurn')) : '');
  const label = [`${colorName(color)}, ${who}${rating ? ` (${rating})` : ''}: ${count} ${t('onBoard')}`]
    .concat(snap.supplies ? [t('toPlaceN', { n: supply })] : [])
    .join(', ');
  if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
}

/**
 * The turn clock's text: the seconds left, the clock's setting between
 * turns, or "no clock"; `data-low` in the last five seconds; nothing once
 * the game is over. The clock's tick redraws only this.
 * @param {import('./table.js').Snapshot} snap
 * @param {number|null} secondsLeft
 */
export function drawClock(snap, secondsLeft) {
  const clock = $('clock');
  // A game clock draws both players' clocks instead (table/game-clock.js).
  clock.hidden = Boolean(snap.over) || Boolean(snap.clockLeft);
  if (!snap.clock) setText(clock, t('clockOff'));
  else if (secondsLeft == null || snap.over) setText(clock, t('clock', { s: snap.clock }));
  else setText(clock, t('clock', { s: secondsLeft }));
  clock.dataset.low = String(secondsLeft != null && secondsLeft <= 5 && !snap.over);
}

/**
 * Redraws the panel. `view` = {thinking, secondsLeft, canAct, preview (move
 * text), movesOpen, choices, seedShown, seed, word, result, moveText(move)}.
 * @param {import('./table.js').Snapshot} snap
 * @param {PanelView} view
 * @param {{choose: (choice: import('./table.js').Choice) => void}} handlers
 */
export function drawPanel(snap, view, handlers) {
  drawBox($('box-dark'), snap, 'dark', view);
  drawBox($('box-light'), snap, 'light', view);
  for (const color of ['dark', 'light']) setText($(`help-${color}`), t('boxHelp', { plural: t(`${color}Plural`), side: colorName(color) }));
  setText($('help-corner'), t('cornerHelp'));

  const turnLine = $('turn-line');
  if (snap.over) turnLine.textContent = t('gameOver');
  else if (snap.online?.status === 'waiting') turnLine.textContent = t('onlineWaitTurn');
  else if (view.thinking) turnLine.textContent = t('thinking');
  else turnLine.textContent = t('toPlay', { color: colorName(snap.side), who: seatLabel(snap, snap.seatToMove) });
  turnLine.dataset.side = snap.over ? 'none' : snap.side;

  drawClock(snap, view.secondsLeft);

  /** @type {HTMLButtonElement} */ ($('place')).disabled = !(view.canAct && view.preview != null);
  const all = /** @type {HTMLButtonElement} */ ($('all-moves'));
  all.disabled = !view.canAct;
  all.setAttribute('aria-expanded', String(view.movesOpen && view.canAct));
  drawMovesList(snap, view, handlers);

  $('play-actions').hidden = snap.over;
  const result = $('result');
  result.hidden = !snap.over;
  if (snap.over) setText($('result-line'), view.result);

  $('fingerprint').textContent = snap.fingerprint;
  const seed = $('seed');
  seed.textContent = view.seedShown ? view.seed : t('seedLater');
  seed.dataset.revealed = String(view.seedShown);
  $('seed-chosen').hidden = !snap.seedChosen;
  // The word (typed in the New game dialog) is part of the colour draw: shown beside the seed.
  const hasWord = Boolean(view.word);
  $('word-term').hidden = !hasWord;
  $('word-def').hidden = !hasWord;
  setText($('word'), view.word ?? '');

  drawHistory(snap, view.moveText);
}

function drawMovesList(snap, view, handlers) {
  const list = $('moves-list');
  const open = view.movesOpen && view.canAct;
  list.hidden = !open;
  if (!open) {
    list.textContent = '';
    delete list.dataset.key;
    return;
  }
  const key = JSON.stringify([snap.moves.length, view.choices.map((c) => [c.label, c.pressed])]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.textContent = '';
  if (view.choices.length === 0) list.append(el('li', 'note', t('noMoves')));
  for (const choice of view.choices) {
    const li = el('li');
    const b = el('button', 'move-choice', choice.label);
    b.type = 'button';
    if (choice.sq !== undefined) b.dataset.sq = String(choice.sq);
    b.setAttribute('aria-pressed', String(Boolean(choice.pressed)));
    b.addEventListener('click', () => handlers.choose(choice));
    li.append(b);
    list.append(li);
  }
}

function drawHistory(snap, moveText) {
  const ol = $('history');
  if (ol.childElementCount === snap.moves.length && ol.dataset.lang === document.documentElement.lang) return;
  ol.dataset.lang = document.documentElement.lang;
  ol.textContent = '';
  for (const [mv, letter, byTable] of snap.moves) {
    const color = letter === 'X' ? 'dark' : 'light';
    const text = `${colorName(color)}: ${moveText(mv)}`;
    const li = el('li', byTable ? 'by-table' : null, byTable ? `${text} (${t('byTable')})` : text);
    ol.append(li);
  }
}
