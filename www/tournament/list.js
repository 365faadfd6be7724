// @ts-check
// tournament.html without an id: the tournaments (as the server orders
// them: open ones soonest first, then those being played, then those
// over, the latest first) and the form that makes one. Every control has its label; names from the
// server go in as text.

import { t } from '../core/i18n.js';
import { el, errorText } from '../accounts/bar.js';
import * as api from '../accounts/api.js';
import { clockShort } from '../core/clock-text.js';

/** `tournament.html?id=…` of a tournament. @param {string} id */
export function tournamentHref(id) {
  return `tournament.html?id=${encodeURIComponent(id)}`;
}

/** "Swiss · 3+2 · rated · 8 players" ("1 player"), and the round. @param {any} s */
export function summaryText(s) {
  const kind = s.rated ? t('tn.ratedShort') : t('tn.casual');
  const n = Number(s.entrants) || 0;
  const text = t('tn.summary', { format: t(`tn.${s.format}`), clock: clockShort(s.clock ?? ''), kind, entrants: n === 1 ? t('tn.onePlayer') : t('tn.players', { n }) });
  return s.phase === 'running' && s.format !== 'arena' ? `${text} · ${t('tn.roundOf', { round: s.round, rounds: s.rounds })}` : text;
}

/** One line a tournament, its name the link. @param {any[]} list */
export function listItems(list) {
  const ul = el('ul', { class: 'lobby-list tournament-list', id: 'tournament-list' });
  for (const s of list) {
    const li = el('li');
    li.append(el('a', { href: tournamentHref(String(s.id)) }, String(s.name)));
    li.append(el('span', { class: 'tn-summary' }, summaryText(s)));
    // Over before its first round: cancelled, as its page says.
    const phase = s.cancelled ? 'cancelled' : String(s.phase);
    li.append(el('span', { class: `tn-phase tn-${phase}` }, t(`tn.phase.${phase}`)));
    li.append(el('span', { class: 'tn-when' }, new Date(Number(s.starts)).toLocaleString()));
    ul.append(li);
  }
  return ul;
}

/** The list's section. @param {HTMLElement} root @param {any[]|null} list @param {string} message */
export function drawList(root, list, message) {
  root.replaceChildren(el('h2', { id: 'list-title' }, t('tn.list')));
  if (message) root.append(el('p', { class: 'account-message' }, message));
  if (!list) return;
  if (list.length === 0) root.append(el('p', { class: 'none', id: 'list-none' }, t('tn.none')));
  else root.append(listItems(list));
}

/**
 * The library's refusal of a typed clock in the page's words: one it read
 * but that gives no time (`0+0`, `0+5`; the library's reason "a game clock
 * is 1 second to 180 minutes") apart from one it could not read.
 * @param {any} error
 */
function clockRefusal(error) {
  return /a game clock is 1 second to 180 minutes/.test(String(error?.message)) ? t('tn.clockNoTime') : t('tn.badClock');
}

/** A labelled field. */
function field(id, labelKey, input) {
  const wrap = el('p', { class: 'tn-field' });
  wrap.append(el('label', { for: id }, t(labelKey)), input);
  return wrap;
}

/** `YYYY-MM-DDTHH:MM` in local time, for a datetime-local input. @param {Date} d */
function localValue(d) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The form that makes a tournament; `made(id)` once it is.
 * @param {HTMLElement} root
 * @param {boolean} signedIn
 * @param {(id: string) => void} made
 */
export function drawCreate(root, signedIn, made) {
  root.replaceChildren(el('h2', { id: 'create-title' }, t('tn.create')));
  if (!signedIn) {
    root.append(el('p', { class: 'account-note', id: 'create-sign-in' }, t('tn.signInFirst')));
    return;
  }
  const form = /** @type {HTMLFormElement} */ (el('form', { id: 'create-form', 'aria-labelledby': 'create-title' }));
  const input = (id, attrs) => /** @type {HTMLInputElement} */ (el('input', { id, name: id, ...attrs }));
  const name = input('tn-name', { required: '', minlength: '3', maxlength: '40', autocomplete: 'off' });
  const format = /** @type {HTMLSelectElement} */ (el('select', { id: 'tn-format', name: 'format' }));
  for (const f of ['swiss', 'round-robin', 'arena']) format.append(el('option', { value: f }, t(`tn.${f}`)));
  // Typed as people write a clock (`3+2`: minutes + seconds a move); the library reads it.
  const clock = input('tn-clock', { value: '3+2', required: '', inputmode: 'text', autocomplete: 'off', 'aria-describedby': 'tn-clock-help' });
  const rated = input('tn-rated', { type: 'checkbox', checked: '' });
  const rounds = input('tn-rounds', { type: 'number', min: '1', max: '15', value: '5' });
  const double = input('tn-double', { type: 'checkbox' });
  const minutes = input('tn-minutes', { type: 'number', min: '5', max: '240', value: '30' });
  const min = input('tn-min', { type: 'number', min: '0', max: '4000', step: '1' });
  const max = input('tn-max', { type: 'number', min: '0', max: '4000', step: '1' });
  const starts = input('tn-starts', { type: 'datetime-local', step: '1', required: '', value: localValue(new Date(Date.now() + 15 * 60_000)) });
  const roundsField = field('tn-rounds', 'tn.rounds', rounds);
  const doubleField = field('tn-double', 'tn.double', double);
  const minutesField = field('tn-minutes', 'tn.minutes', minutes);
  const showFields = () => {
    roundsField.hidden = format.value !== 'swiss';
    doubleField.hidden = format.value !== 'round-robin';
    minutesField.hidden = format.value !== 'arena';
  };
  format.addEventListener('change', showFields);
  showFields();
  const said = el('p', { class: 'account-message', id: 'create-message', role: 'status' });
  const submit = el('button', { type: 'submit', id: 'tn-make', class: 'primary' }, t('tn.make'));
  form.append(
    field('tn-name', 'tn.name', name),
    field('tn-format', 'tn.format', format),
    field('tn-clock', 'tn.clock', clock),
    el('p', { class: 'note', id: 'tn-clock-help' }, t('tn.clockHelp')),
    field('tn-rated', 'tn.rated', rated),
    roundsField, doubleField, minutesField,
    field('tn-min', 'tn.min', min),
    field('tn-max', 'tn.max', max),
    field('tn-starts', 'tn.starts', starts),
    submit, said,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const number = (i) => (i.value === '' ? undefined : Number(i.value));
    // The clock as typed, read by the library (its clock rules, loaded
    // only now) into the notation the API keeps: `3+2` is `180+2`.
    let notation;
    try {
      const rules = await import('../core/clock-rules.js');
      await rules.ready();
      notation = rules.clockFromPlayers(clock.value);
    } catch (error) {
      said.textContent = error?.code === 'bad-clock' ? clockRefusal(error) : errorText(error);
      clock.focus();
      return;
    }
    /** @type {Record<string, any>} */
    const body = {
      name: name.value, format: format.value, clock: notation, rated: rated.checked,
      starts: new Date(starts.value).getTime(), min: number(min), max: number(max),
    };
    if (format.value === 'swiss') body.rounds = number(rounds);
    if (format.value === 'round-robin') body.double = double.checked;
    if (format.value === 'arena') body.minutes = number(minutes);
    try {
      const answer = await api.ask('api/tournaments', body);
      made(String(answer.id));
    } catch (error) {
      said.textContent = error?.code === 'bad-clock' ? t('tn.badClock') : errorText(error);
    }
  });
  root.append(form);
}
