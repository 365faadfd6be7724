// @ts-check
// Opening a game's page: the address read, the language and mute
// remembered, the engine loaded, then the table started from the address or
// the saved game — or, with `?table=ID`, seated at that online table.

import { chooseLanguage, setLanguage, t } from '../core/i18n.js';
import * as sound from '../core/sound.js';
import { attach, say } from '../core/announce.js';
import * as store from '../core/store.js';
import { createTable } from './table.js';
import { translateStatic } from './controls.js';
import { panelsStyle } from '../core/style.js';

const $ = (id) => document.getElementById(id);

/** Reads the address: language, seed, seats, clock, level, size, think, handicap. */
export function readParams(rules) {
  const q = new URLSearchParams(location.search);
  const int = (name) => (q.has(name) && /^\d+$/.test(q.get(name)) ? Number(q.get(name)) : undefined);
  const seconds = (name) => (q.has(name) && /^\d+(\.\d+)?$/.test(q.get(name)) ? Number(q.get(name)) : undefined);
  // Nabucodonosor's older addresses say seats=bot / seats=people.
  const seats = { bot: 'person,bot', people: 'person,person' }[q.get('seats')] ?? q.get('seats') ?? undefined;
  return {
    lang: q.get('lang'),
    seed: q.has('seed') ? q.get('seed').trim().toLowerCase() : undefined,
    seats,
    // Seconds a turn (`30`), or a game clock in its notation (`180+2`, the
    // plus escaped as %2B; an unescaped one reads as a space): the engine checks it.
    clock: int('clock') ?? (q.get('clock')?.trim().replace(/^(\d+) (\d+)$/, '$1+$2') || undefined),
    level: int('level'),
    size: rules.sizes ? int('size') : undefined,
    think: seconds('think'),
    // Othello's handicap in its short form (`seat2:first:a1,h8`); the engine checks it.
    handicap: q.get('handicap')?.trim() || undefined,
    table: /^[A-Za-z0-9_-]{1,64}$/.test(q.get('table') ?? '') ? q.get('table') : undefined,
    bad: [
      ...['level', 'size'].filter((k) => q.has(k) && int(k) === undefined),
      ...(q.has('think') && seconds('think') === undefined ? ['think'] : []),
    ],
  };
}


/** Resolves in a task of its own, after what the page has waiting (input, a frame). */
function yieldToPage() {
  const scheduler = /** @type {{scheduler?: {yield?: () => Promise<void>}}} */ (/** @type {unknown} */ (globalThis)).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Opens a game's page: the language and mute remembered, the engine loaded
 * (`ready()`), then the table started from the address or the saved game.
 * Returns the table, or null when the engine could not load.
 *
 * @param {import('./table.js').Rules} rules
 * @param {{ready: () => Promise<any>, hooks?: object}} options
 */
export async function bootTable(rules, { ready, hooks }) {
  // The engine is fetched and compiled (off the main thread) while the page
  // reads the address and says its words, in a task after the modules' own.
  const engine = ready();
  engine.catch(() => {});
  // The header's account link loads beside the engine, not before the first
  // board (the page's budget); its width is fixed, so nothing moves when it fills.
  const header = import('../accounts/header.js');
  header.catch(() => {});
  await yieldToPage();
  attach($('status'));
  const params = readParams(rules);
  const prefs = store.loadPrefs();
  setLanguage(chooseLanguage(params.lang, prefs.lang, navigator.languages));
  sound.setMuted(prefs.muted === true);
  // The page says it is ready only once the header says who is signed in.
  const headed = header.then((m) => m.mountHeaderAccount()).catch(() => {});
  translateStatic();
  try {
    await engine;
  } catch (e) {
    say(t('startFailed', { msg: e?.message ?? String(e) }));
    return null;
  }
  // The engine's instantiation, the table's making, its first game's setting
  // up and its showing are tasks of their own: the page can answer input
  // (and paint) between them.
  await yieldToPage();
  const table = createTable(rules, hooks);
  translateStatic();
  await yieldToPage();
  if (params.think) table.state.botTimeMs = Math.round(Math.min(Math.max(params.think, 0.1), 60) * 1000);
  // A typed clock (`3+2`): core/clock-rules.js.
  if (typeof params.clock === 'string') await (await import('../core/clock-rules.js')).readAddressClock(params);
  // `?table=ID`: the online table's link seats this page at it (the online
  // table's modules load only then, or when the New game dialog opens one).
  if (params.table) {
    const [{ joinTable }] = await Promise.all([import('../online/online.js'), panelsStyle()]);
    joinTable(table, rules, params.table);
  } else await table.start(params, yieldToPage);
  await headed;
  document.body.dataset.ready = 'true';
  // Signed in: challenges made to this person show on the table too.
  header
    .then((m) => (m.who() ? import('../accounts/challenged.js').then((c) => c.watchChallenges()) : null))
    .catch(() => {});
  return table;
}
