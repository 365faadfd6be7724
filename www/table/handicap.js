// @ts-check
// The handicap (V2) in the New game dialog: which seat takes it (none,
// seat 1, seat 2), whether that seat moves first, and which corners start
// with a disc of its colour. The field only writes the short form the
// engine reads (`seat2:first:a1,h8`, as in `?handicap=`); the engine checks
// it and sets the game up (crate::handicap). A page without the field
// (Nabucodonosor's) offers no handicap.

/** The corners in the order the short form writes them. */
const CORNERS = ['a1', 'h1', 'a8', 'h8'];

const $ = (id) => document.getElementById(id);
const checkbox = (id) => /** @type {HTMLInputElement|null} */ ($(id));
const seatSelect = () => /** @type {HTMLSelectElement|null} */ ($('hc-seat'));

/** @type {import('../core/i18n.js').Dictionary} */
export const HANDICAP_WORDS = {
  en: {
    handicapTitle: 'Handicap (optional)',
    handicapSeat: 'Who takes it',
    handicapNone: 'No handicap',
    handicapSeat1: 'Seat 1',
    handicapSeat2: 'Seat 2',
    handicapFirst: 'Moves first',
    handicapCorners: 'Starts with a disc on',
    handicapHelp: 'The weaker side may move first and start with its own disc on up to four corners (a corner never flips); seat 1 is the first one named in Seats, and the colours are still drawn from the seed.',
    handicapHelpOnline: 'The weaker side may move first and start with its own disc on up to four corners (a corner never flips); seat 1 is you, who open the table, seat 2 whoever sits opposite, and the colours are still drawn from the seed.',
  },
  pt: {
    handicapTitle: 'Vantagem (opcional)',
    handicapSeat: 'Quem recebe',
    handicapNone: 'Sem vantagem',
    handicapSeat1: 'Lugar 1',
    handicapSeat2: 'Lugar 2',
    handicapFirst: 'Joga primeiro',
    handicapCorners: 'Começa com um disco em',
    handicapHelp: 'O lado mais fraco pode jogar primeiro e começar com um disco seu em até quatro cantos (um canto nunca vira); o lugar 1 é o primeiro nomeado em Lugares, e as cores continuam sorteadas pela semente.',
    handicapHelpOnline: 'O lado mais fraco pode jogar primeiro e começar com um disco seu em até quatro cantos (um canto nunca vira); o lugar 1 é você, que abre a mesa, o lugar 2 quem senta à frente, e as cores continuam sorteadas pela semente.',
  },
  it: {
    handicapTitle: 'Vantaggio (facoltativo)',
    handicapSeat: 'Chi lo riceve',
    handicapNone: 'Nessun vantaggio',
    handicapSeat1: 'Posto 1',
    handicapSeat2: 'Posto 2',
    handicapFirst: 'Muove per primo',
    handicapCorners: 'Parte con un disco su',
    handicapHelp: 'Il lato più debole può muovere per primo e partire con un proprio disco su un massimo di quattro angoli (un angolo non si gira mai); il posto 1 è il primo indicato in Posti, e i colori restano sorteggiati dal seme.',
    handicapHelpOnline: 'Il lato più debole può muovere per primo e partire con un proprio disco su un massimo di quattro angoli (un angolo non si gira mai); il posto 1 sei tu, che apri il tavolo, il posto 2 chi siede di fronte, e i colori restano sorteggiati dal seme.',
  },
};

/** The corners and "moves first" only matter once a seat is chosen. */
function sync() {
  const seat = seatSelect();
  if (!seat) return;
  const off = seat.value === '';
  for (const id of ['hc-first', ...CORNERS.map((c) => `hc-${c}`)]) {
    const box = checkbox(id);
    if (!box) continue;
    box.disabled = off;
    box.closest('label')?.classList.toggle('off', off);
  }
}

/** Wires the field once (if the page has it). */
export function setupHandicapField() {
  seatSelect()?.addEventListener('change', sync);
  sync();
}

/**
 * The handicap chosen, in the short form, or '' for none (no seat chosen,
 * or no field). A seat with neither the first move nor a corner is written
 * as the seat alone, which the engine refuses (`empty-handicap`).
 * @returns {string}
 */
export function handicapValue() {
  const seat = seatSelect()?.value ?? '';
  if (!seat) return '';
  const first = checkbox('hc-first')?.checked ?? false;
  const corners = CORNERS.filter((c) => checkbox(`hc-${c}`)?.checked);
  return [seat, ...(first ? ['first'] : []), ...(corners.length ? [corners.join(',')] : [])].join(':');
}

/**
 * Shows a handicap given in the short form ('' for none) in the field: the
 * next game is offered with the current one's handicap.
 * @param {string} text
 */
export function showHandicap(text) {
  const seat = seatSelect();
  if (!seat) return;
  const [who = '', ...parts] = String(text ?? '').split(':');
  seat.value = who === 'seat1' || who === 'seat2' ? who : '';
  const named = seat.value ? parts : [];
  const first = checkbox('hc-first');
  if (first) first.checked = named.includes('first');
  const corners = named.filter((p) => p !== 'first').join(',').split(',');
  for (const c of CORNERS) {
    const box = checkbox(`hc-${c}`);
    if (box) box.checked = corners.includes(c);
  }
  sync();
}
