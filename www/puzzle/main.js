// @ts-check
// The puzzle page (puzzle.html, docs/puzzles.md): which puzzle, in which
// kind (rated, the day's, a streak), the result of each attempt and the
// rating it moves. The table itself is puzzle/play.js; the solving is the
// worker's (puzzle/worker.js, the puzzle package); the rating is the
// server's for a signed-in person, the device's otherwise (puzzle/rating.js).
//
//   puzzle.html?id=ID       that puzzle
//   puzzle.html?daily=1     the day's puzzle (the server's, or the same
//                           choice over the shipped set offline)
//   puzzle.html?streak=1    puzzles of rising difficulty until a miss
//   puzzle.html             rated puzzles near the person's rating

import { addWords, chooseLanguage, setLanguage, translatePage, languageSelect, t } from '../core/i18n.js';
import { TABLE_WORDS } from '../table/words.js';
import { PUZZLE_WORDS } from './words.js';
import { loadPrefs, savePref } from '../core/store.js';
import { attach, say, retell } from '../core/announce.js';
import { setMuted, isMuted } from '../core/sound.js';
import { mountHeaderAccount } from '../accounts/header.js';
import { startSolver } from './solver.js';
import { setupPlay } from './play.js';
import { keptIds, postKept, rateAttempt, shownHere, shownOnServer, signedIn, triedHere } from './rating.js';
import { bestStreak, keepStreak, noteStreak, runningStreak } from './streak.js';

addWords(TABLE_WORDS);
addWords(PUZZLE_WORDS);

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const DAY_MS = 86_400_000;
const params = new URLSearchParams(location.search);
/** @type {'rated'|'daily'|'streak'|'one'} */
const mode = params.has('streak') ? 'streak' : params.has('daily') ? 'daily' : params.has('id') ? 'one' : 'rated';

/**
 * @type {{opened: import('./solver.js').Opened|null, streak: number, streakIds: string[], above: number,
 *   daily: string, repeat: boolean, rating: string}}
 */
const state = { opened: null, streak: 0, streakIds: [], above: -1, daily: '', repeat: false, rating: '' };

const ask = startSolver();
const table = setupPlay(ask, ended, failed);

/** The worker could not start, or could not read the set. */
const SOLVER_CODES = new Set(['no-set', 'solver-failed', 'puzzle-set', 'bad-question']);
/** No such puzzle, or an id that cannot be one: said in words, with a way on. */
const NO_SUCH = new Set(['no-puzzle', 'puzzle-id', 'bad-puzzle-id']);
/** The most of an id from the address that is shown back. */
const SHOWN_ID = 40;

/** Says a move's refusal in the page's language. */
function failed(error) {
  const code = /** @type {{code?: string}} */ (error).code ?? 'puzzle-error';
  say(SOLVER_CODES.has(code) ? t('p.errorSolver', { code }) : t('p.moveRefused', { code }));
}

/** The line under the task: the puzzle's id, rating, empties, themes, the day. */
function drawAbout() {
  const p = state.opened;
  const parts = [];
  if (state.daily) parts.push(t('p.daily', { day: state.daily }));
  if (state.daily && state.repeat) parts.push(t('p.dailyRepeat'));
  if (p) {
    parts.push(t('p.about', { id: p.id, rating: p.rating, empties: p.empties }));
    if (p.themes.length) parts.push(t('p.themes', { themes: p.themes.map((th) => t(`p.theme.${th}`)).join(', ') }));
  }
  $('about').textContent = parts.join(' · ');
  $('streak').hidden = mode !== 'streak';
  $('streak').textContent = t('p.streak', { n: state.streak });
  $('streak-best').hidden = mode !== 'streak';
  $('streak-best').textContent = t('p.streakBest', { n: Math.max(bestStreak(), state.streak) });
  document.body.dataset.streak = String(state.streak);
  for (const m of ['rated', 'daily', 'streak']) {
    const link = $(`mode-${m}`);
    if (m === mode || (m === 'rated' && mode === 'one')) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function drawRatingLine() {
  $('rating-line').textContent = state.rating ? t(signedIn() ? 'p.ratingServer' : 'p.ratingHere', { rating: state.rating }) : '';
}

/** Opens `id` in the worker and at the table. */
async function open(id) {
  table.loading();
  $('result').hidden = true;
  $('after-actions').hidden = true;
  try {
    state.opened = await ask('open', id);
  } catch (error) {
    state.opened = null;
    document.body.dataset.state = 'error';
    const code = /** @type {{code?: string}} */ (error).code ?? 'puzzle-error';
    document.body.dataset.error = code;
    if (NO_SUCH.has(code)) {
      // The id is the address's: shown back as text, cut short.
      const shown = [...String(id)].slice(0, SHOWN_ID).join('') + ([...String(id)].length > SHOWN_ID ? '…' : '');
      say(() => t(code === 'no-puzzle' ? 'p.noPuzzle' : 'p.badId', { id: shown }));
      $('next').textContent = t('p.wayOn');
      $('after-actions').hidden = false;
    } else say(() => t(SOLVER_CODES.has(code) ? 'p.errorSolver' : 'p.error', { code }));
    drawAbout();
    return false;
  }
  delete document.body.dataset.error;
  table.start(/** @type {import('./solver.js').Opened} */ (state.opened));
  if (mode === 'streak') keepStreak({ streak: state.streak, ids: state.streakIds, above: state.above, at: id });
  drawAbout();
  return true;
}

/** The id of the next puzzle in this page's kind, or null. */
async function nextId() {
  if (mode === 'streak') {
    const above = state.streak === 0 ? -1 : state.above;
    return ask('harder', above, state.streakIds.join(','));
  }
  if (signedIn()) {
    try {
      const query = state.opened ? `?${new URLSearchParams({ skip: state.opened.id })}` : '';
      const response = await fetch(new URL(`api/puzzles/next${query}`, location.href), { credentials: 'same-origin' });
      if (response.ok) return String((await response.json()).id);
    } catch {
      // Offline: the shipped set, below.
    }
  }
  const rating = Math.round(Number(String(state.rating || shownHere()).replace('?', '')) || 1500);
  const skip = [...triedHere(), state.opened?.id ?? ''].filter(Boolean);
  return ask('nearest', rating, skip.join(','));
}

/** The day's puzzle: the server's, or the same choice over the shipped set. */
async function dailyId() {
  try {
    const response = await fetch(new URL('api/puzzles/daily', location.href));
    if (response.ok) {
      const d = await response.json();
      state.daily = String(d.day);
      const id = String(d.puzzle.id);
      // Signed in, the server knows; otherwise the device's attempts.
      state.repeat = d.tried === true || (!signedIn() && triedHere().includes(id)) || keptIds().includes(id);
      return id;
    }
  } catch {
    // Offline: the worker's choice, below.
  }
  const d = await ask('daily', Math.floor(Date.now() / DAY_MS));
  if (!d) return null;
  state.daily = d.day;
  state.repeat = (!signedIn() && triedHere().includes(d.id)) || keptIds().includes(d.id);
  return d.id;
}

/** @param {string|null} id */
async function openOrNone(id) {
  if (id) return open(id);
  state.opened = null;
  document.body.dataset.state = 'none';
  say(mode === 'streak' ? t('p.streakAll', { n: state.streak }) : t('p.none'));
  drawAbout();
  return false;
}

/**
 * A puzzle ended: the result, the rating it moves, what comes next.
 * @param {import('./play.js').Ended} e
 */
async function ended(e) {
  const p = state.opened;
  if (!p) return;
  const last = e.last;
  $('result').hidden = false;
  $('result').dataset.outcome = e.solved ? 'solved' : 'missed';
  $('result-line').textContent = e.solved ? t('p.solvedLine') : t('p.missed');
  const cost = $('result-cost');
  cost.hidden = e.solved;
  if (!e.solved && last.ends && last.bestEnds) {
    cost.textContent = t('p.cost', {
      move: last.plies[0].move,
      mine: last.ends[0],
      theirs: last.ends[1],
      best: last.best ?? '?',
      bestMine: last.bestEnds[0],
      bestTheirs: last.bestEnds[1],
    });
  }
  say(e.solved ? t('p.solvedLine') : `${t('p.missed')} ${cost.textContent}`);
  if (mode === 'streak') {
    if (e.solved) {
      state.streak++;
      state.streakIds.push(p.id);
      state.above = p.rating;
      noteStreak(state.streak);
      keepStreak({ streak: state.streak, ids: state.streakIds, above: state.above, at: '' });
    } else keepStreak({ streak: 0, ids: [], above: -1, at: '' });
    $('next').textContent = e.solved ? t('p.streakNext') : t('p.streakAgain');
    $('result-rating').hidden = false;
    $('result-rating').textContent = e.solved ? t('p.streak', { n: state.streak }) : t('p.streakOver', { n: state.streak });
  } else {
    $('next').textContent = t('p.next');
    $('result-rating').hidden = true;
    /** @type {import('./rating.js').Rated} */
    const r = await rateAttempt(ask, p.id, e.moves, e.solved).catch(() => ({ rated: false, offline: true }));
    if (state.opened !== p) return;
    showRated(r);
  }
  drawAbout();
  $('after-actions').hidden = false;
  // On a phone the result is below the board: brought into view.
  if (window.matchMedia?.('(max-width: 899px)').matches) $('result').scrollIntoView({ block: 'nearest' });
}

/**
 * What an attempt did to the rating, under the result.
 * @param {import('./rating.js').Rated} r
 */
function showRated(r) {
  const rated = $('result-rating');
  rated.hidden = false;
  if (r.kept) rated.textContent = t('p.ratingKept');
  else if (r.offline) rated.textContent = t('p.ratingOffline');
  else if (r.refused) rated.textContent = t('p.ratingRefused');
  else if (!r.rated) rated.textContent = t('p.notRated');
  else {
    const change = Number(r.change);
    rated.textContent = t('p.ratingChange', { before: r.before, after: r.after, change: change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0' });
    state.rating = String(r.after ?? state.rating);
    drawRatingLine();
  }
  document.body.dataset.rated = r.rated ? 'true' : 'false';
  document.body.dataset.kept = String(keptIds().length);
}

/** Posts the attempts kept while offline; one still on show shows its rating. */
function postLater() {
  postKept((id, r) => {
    if (state.opened?.id === id && !$('result').hidden) showRated(r);
  }).then(() => {
    document.body.dataset.kept = String(keptIds().length);
  });
}

async function next() {
  if (mode === 'streak' && $('result').dataset.outcome === 'missed') {
    state.streak = 0;
    state.streakIds = [];
    state.above = -1;
  }
  const id = await nextId().catch(() => null);
  if (mode === 'daily' || mode === 'one') {
    // Past the day's or a linked puzzle: rated puzzles from here on.
    const lang = params.get('lang');
    if (id) location.assign(`puzzle.html?${new URLSearchParams(lang ? { id, lang } : { id })}`);
    return;
  }
  await openOrNone(id);
  $('next').blur();
  $('grid').querySelector('[tabindex="0"]')?.scrollIntoView?.({ block: 'nearest' });
}

function drawMute() {
  $('mute').textContent = isMuted() ? t('unmute') : t('mute');
  $('mute').setAttribute('aria-pressed', String(isMuted()));
}

async function boot() {
  const prefs = loadPrefs();
  setLanguage(chooseLanguage(params.get('lang'), /** @type {string|undefined} */ (prefs.lang), navigator.languages));
  // A language given in the address goes on with the modes' links.
  const lang = params.get('lang');
  if (lang) {
    for (const id of ['mode-rated', 'mode-daily', 'mode-streak']) {
      const link = /** @type {HTMLAnchorElement} */ ($(id));
      const url = new URL(link.getAttribute('href') ?? 'puzzle.html', location.href);
      url.searchParams.set('lang', lang);
      link.setAttribute('href', `puzzle.html${url.search}`);
    }
  }
  translatePage();
  attach($('status'));
  mountHeaderAccount();
  languageSelect(/** @type {HTMLSelectElement} */ ($('lang')), (code) => {
    savePref('lang', code);
    translatePage();
    drawMute();
    drawAbout();
    drawRatingLine();
    table.redraw();
    // The way on from an id that names no puzzle, in the new language too.
    if (NO_SUCH.has(document.body.dataset.error ?? '')) $('next').textContent = t('p.wayOn');
    retell();
  });
  setMuted(Boolean(prefs.muted));
  drawMute();
  $('mute').addEventListener('click', () => {
    setMuted(!isMuted());
    savePref('muted', isMuted());
    drawMute();
  });
  document.addEventListener('keydown', (e) => {
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey && !e.altKey && !(e.target instanceof HTMLElement && e.target.closest('input, select, textarea'))) {
      $('mute').click();
    }
  });
  $('next').addEventListener('click', () => {
    next();
  });
  say(t('p.loading'));
  drawAbout();
  if (signedIn()) {
    // Attempts kept while offline: posted now, and when the network is back.
    postLater();
    window.addEventListener('online', postLater);
  }
  state.rating = signedIn() ? (await shownOnServer()) ?? '' : shownHere();
  drawRatingLine();
  if (mode === 'streak') {
    // A streak under way in this tab goes on after a reload.
    const run = runningStreak();
    state.streak = run.streak;
    state.streakIds = run.ids;
    state.above = run.above;
    if (run.at) {
      if (await open(run.at)) {
        document.body.dataset.ready = 'true';
        return;
      }
    }
  }
  const id = mode === 'one' ? params.get('id') : mode === 'daily' ? await dailyId().catch(() => null) : await nextId().catch(() => null);
  await openOrNone(id);
  document.body.dataset.ready = 'true';
}

boot();
