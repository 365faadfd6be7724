// @ts-check
// The service worker: the site without the network (docs/offline.md).
//
// On install it stores every file the site needs to load and play offline
// (SITE_FILES, the one list) in a cache named after the site's version; on
// activate it removes the caches of older versions and takes the open pages.
// Each listed file (and each page, whatever its query) is asked of the
// network first, so a page online always gets the files as they are now and
// the cache follows them; without the network the cached copy answers.
// Anything else (the online table's /api/ and its WebSockets, other sites,
// anything not listed) is left to the browser as if there were no worker.
// Whatever it answers carries the headers that make the pages cross-origin
// isolated (ISOLATION, as `virada serve` sends them), so the bot's threads
// run offline too.
//
// It also shows a correspondence game's "your move" that the server pushed
// (Web Push, docs/accounts.md) when no page of the site is open, and a tap
// on it opens that table, or brings its open tab forward.
//
// A classic script (module service workers are not everywhere yet).

/** The service worker's global scope, typed. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

// The version: www/pkg/site-version.js sets `self.SITE_VERSION` from the
// hashes of the files below (scripts/site-version.mjs, run by `make wasm`).
// When it changes, the browser installs this worker anew.
try {
  importScripts('www/pkg/site-version.js');
} catch {
  // Not built: one cache for every version, still refreshed from the network.
}

/**
 * Every file the site needs to load and play offline, relative to the site's
 * root. A new page, module, style sheet or worker is one more line here; the
 * browser test install.test.mjs fails when a page loads a file not listed.
 */
const SITE_FILES = [
  // the pages
  'index.html',
  'nabu.html',
  'verify.html',
  'history.html',
  'lobby.html',
  'players.html',
  'tournament.html',
  'puzzle.html',
  // the pages' look, icons and manifests
  'favicon.svg',
  'www/css/site.css',
  'www/css/panels.css',
  'www/css/nabu.css',
  'www/css/verify.css',
  'www/css/history.css',
  'www/css/lobby.css',
  'www/css/accounts.css',
  'www/css/challenges.css',
  'www/css/tournament.css',
  'www/css/puzzle.css',
  'www/manifest-pt.webmanifest',
  'www/manifest-en.webmanifest',
  'www/manifest-it.webmanifest',
  'www/icons/icon-192.png',
  'www/icons/icon-512.png',
  'www/icons/maskable-512.png',
  'www/icons/apple-touch-icon.png',
  // the modules, by folder: what every page shares
  'www/core/announce.js',
  'www/core/clock-text.js',
  'www/core/clock-rules.js',
  'www/core/coded.js',
  'www/core/errors.js',
  'www/core/finished.js',
  'www/core/i18n.js',
  'www/core/offline.js',
  'www/core/settle.js',
  'www/core/sound.js',
  'www/core/store.js',
  'www/core/style.js',
  // the board: drawing, the accessible grid, input
  'www/board/grid.js',
  'www/board/input.js',
  'www/board/render.js',
  'www/board/swipe.js',
  'www/board/tips.js',
  // the table: controller, view, controls, New game dialog
  'www/table/assists.js',
  'www/table/boot.js',
  'www/table/clock-words.js',
  'www/table/controls.js',
  'www/table/game-clock.js',
  'www/table/handicap.js',
  'www/table/new-game.js',
  'www/table/panel.js',
  'www/table/record-share.js',
  'www/table/remote.js',
  'www/table/start.js',
  'www/table/table.js',
  'www/table/timer.js',
  'www/table/view.js',
  'www/table/words.js',
  // the games: the engine's wrapper, each game's adapter and page
  'www/games/engine.js',
  'www/games/othello/game.js',
  'www/games/othello/main.js',
  'www/games/nabu/game.js',
  'www/games/nabu/main.js',
  'www/games/nabu/rules.js',
  'www/games/nabu/words.js',
  // the rules text the Nabucodonosor page shows
  'www/games/nabu/rules.md',
  // the bots: their seat, their engine and their workers
  'www/bot/engine.js',
  'www/bot/files.js',
  'www/bot/helpers.js',
  'www/bot/seat.js',
  'www/bot/team.js',
  'www/bot/threads.js',
  'www/bot/worker.js',
  'www/bot/nabu-worker.js',
  // the online table, match play, the review, the history, the lobby, the verifier
  'www/online/again.js',
  'www/online/api.js',
  'www/online/online.js',
  'www/online/paired.js',
  'www/online/presence.js',
  'www/online/seat-ratings.js',
  'www/online/stop.js',
  'www/online/tourney.js',
  'www/online/waiting.js',
  'www/online/session.js',
  'www/online/words.js',
  'www/match/match.js',
  'www/match/store.js',
  'www/match/words.js',
  'www/review/graph.js',
  'www/review/review.js',
  'www/review/words.js',
  'www/history/actions.js',
  'www/history/list.js',
  'www/history/main.js',
  'www/history/replay.js',
  'www/history/words.js',
  'www/lobby/daily.js',
  'www/lobby/list.js',
  'www/lobby/main.js',
  'www/lobby/mine.js',
  'www/lobby/turn-notice.js',
  'www/lobby/push.js',
  'www/lobby/pools.js',
  'www/lobby/words.js',
  // accounts: the account bar, seeks, players.html (docs/accounts.md)
  'www/accounts/api.js',
  'www/accounts/bar.js',
  'www/accounts/challenge-words.js',
  'www/accounts/challenge.js',
  'www/accounts/challenged.js',
  'www/accounts/graph.js',
  'www/accounts/header-words.js',
  'www/accounts/header.js',
  'www/accounts/players.js',
  'www/accounts/profile-mine.js',
  'www/accounts/rating-line.js',
  'www/accounts/seeks.js',
  'www/accounts/speeds.js',
  'www/accounts/words.js',
  // tournaments: tournament.html (docs/tournaments.md)
  'www/tournament/about.js',
  'www/tournament/head.js',
  'www/tournament/call.js',
  'www/tournament/call-words.js',
  'www/tournament/list.js',
  'www/tournament/main.js',
  'www/tournament/small.js',
  'www/tournament/view.js',
  'www/tournament/words.js',
  // puzzles: puzzle.html, its worker and the shipped set (docs/puzzles.md)
  'www/puzzle/board.js',
  'www/puzzle/main.js',
  'www/puzzle/play.js',
  'www/puzzle/rating.js',
  'www/puzzle/solver.js',
  'www/puzzle/streak.js',
  'www/puzzle/words.js',
  'www/puzzle/worker.js',
  'www/puzzle/puzzles.txt',
  'www/verify/main.js',
  'www/verify/match.js',
  'www/verify/match-words.js',
  'www/verify/trf-engine.js',
  'www/verify/trf.js',
  'www/verify/words.js',
  // the engine: the wasm packages (the page's, the bots', the top level's on
  // several threads, the tournament file's check, the puzzles' solver), the
  // bot's weights and opening book
  'www/pkg/virada.js',
  'www/pkg/virada_bg.wasm',
  'www/pkg-bot/virada.js',
  'www/pkg-bot/virada_bg.wasm',
  'www/pkg-bot/eval-weights.vrdw',
  'www/pkg-bot/opening-book.vrdb',
  'www/pkg-threads/virada.js',
  'www/pkg-threads/virada_bg.wasm',
  'www/pkg-trf/virada.js',
  'www/pkg-trf/virada_bg.wasm',
  'www/pkg-puzzle/virada.js',
  'www/pkg-puzzle/virada_bg.wasm',
];

const PREFIX = 'virada-';
const VERSION = String(/** @type {any} */ (sw).SITE_VERSION ?? 'unversioned');
const CACHE = `${PREFIX}${VERSION}`;
/** The site's root: this worker's folder. */
const ROOT = new URL('./', sw.location.href);
/** The listed files by path (`/www/core/i18n.js`). */
const LISTED = new Set(SITE_FILES.map((file) => new URL(file, ROOT).pathname));
const API = new URL('api/', ROOT).pathname;
/**
 * The headers that make a page cross-origin isolated (`crossOriginIsolated`:
 * WebAssembly threads over a SharedArrayBuffer, which the bot's workers
 * share), the server's own (server/src/serve/files.rs), put on every answer
 * this worker gives: a copy cached by an older server lacks them.
 */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the browser's HTTP cache, so one version's files come together.
      await cache.addAll(SITE_FILES.map((file) => new Request(new URL(file, ROOT), { cache: 'no-cache' })));
      // A new version takes over at once: every file is asked of the network
      // first anyway, so the open pages see nothing older than before.
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== ROOT.origin || url.pathname.startsWith(API)) return;
  // A page is the same file whatever its query (`?lang=`, `?table=`…).
  const path = request.mode === 'navigate' && url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  if (!LISTED.has(path)) return;
  event.respondWith(networkFirst(event, path).then(isolated));
});

/**
 * `response` with the isolation headers (the same response when it has them).
 * @param {Response} response
 * @returns {Response}
 */
function isolated(response) {
  const missing = Object.entries(ISOLATION).filter(([name, value]) => response.headers.get(name) !== value);
  if (missing.length === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The network's answer (kept in the cache when it is new), else the cached copy.
 * @param {FetchEvent} event
 * @param {string} path
 * @returns {Promise<Response>}
 */
async function networkFirst(event, path) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await cache.match(path);
    if (cached) return cached;
    throw error;
  }
  if (response.status === 200 && response.type === 'basic') event.waitUntil(keep(cache, path, response.clone()));
  return response;
}

/**
 * Stores `response` as `path` unless the cached copy is the same file
 * (same validators): a reload does not rewrite two megabytes of weights.
 * @param {Cache} cache
 * @param {string} path
 * @param {Response} response
 */
async function keep(cache, path, response) {
  const cached = await cache.match(path);
  const same = (name) => response.headers.get(name) !== null && cached?.headers.get(name) === response.headers.get(name);
  if (cached && (same('etag') || same('last-modified'))) return;
  await cache.put(path, response);
}

/**
 * Where the page that subscribed left the notification's words in its
 * language (www/lobby/push.js): a cache apart from the site's, not removed
 * with an old version.
 */
const PUSH_WORDS = 'push-words';

/** The words when the page left none. */
const PUSH_DEFAULT = {
  title: 'Your move against {name}',
  titleNobody: 'Your move',
  body: 'Virada: your correspondence game',
  roundTitle: 'Round {round} of {tournament}',
  roundBody: 'Your game against {name} has started',
};

sw.addEventListener('push', (event) => {
  event.waitUntil(showTurn(event.data));
});

/**
 * Shows the pushed turn (`{table, opponent, url}`), or a tournament
 * round's start (with `tournament` and `round`), its names as text.
 * @param {PushMessageData|null} data
 */
async function showTurn(data) {
  /** @type {{table?: unknown, opponent?: unknown, url?: unknown, tournament?: unknown, round?: unknown}} */
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  const words = await pushWords();
  const name = typeof message.opponent === 'string' ? message.opponent.slice(0, 40) : '';
  const table = typeof message.table === 'string' ? message.table : '';
  const round = typeof message.tournament === 'string' && Number.isInteger(message.round);
  const title = round
    ? words.roundTitle.replace('{round}', () => String(message.round)).replace('{tournament}', () => String(message.tournament).slice(0, 40))
    : name ? words.title.replace('{name}', () => name) : words.titleNobody;
  const body = round ? words.roundBody.replace('{name}', () => name) : words.body;
  await sw.registration.showNotification(title, {
    body,
    tag: `turn-${table}`,
    icon: new URL('www/icons/icon-192.png', ROOT).href,
    data: { url: tableUrl(message.url) },
  });
}

/** @returns {Promise<typeof PUSH_DEFAULT>} */
async function pushWords() {
  try {
    const saved = await (await caches.open(PUSH_WORDS)).match('words');
    const words = saved ? await saved.json() : null;
    if (words && typeof words.title === 'string' && typeof words.titleNobody === 'string' && typeof words.body === 'string') {
      // Words left before rounds were pushed have none for them.
      return typeof words.roundTitle === 'string' && typeof words.roundBody === 'string' ? words : { ...PUSH_DEFAULT, ...words, roundTitle: PUSH_DEFAULT.roundTitle, roundBody: PUSH_DEFAULT.roundBody };
    }
  } catch {
    // The defaults below.
  }
  return PUSH_DEFAULT;
}

/**
 * The pushed page's address when it is one of the site's tables, else the lobby's.
 * @param {unknown} url
 */
function tableUrl(url) {
  const lobby = new URL('lobby.html', ROOT).href;
  if (typeof url !== 'string') return lobby;
  const target = new URL(url, ROOT);
  const page = target.pathname === new URL('index.html', ROOT).pathname || target.pathname === new URL('nabu.html', ROOT).pathname;
  return target.origin === ROOT.origin && page && target.searchParams.has('table') ? target.href : lobby;
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || new URL('lobby.html', ROOT).href);
  event.waitUntil(
    (async () => {
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => {
        const at = new URL(c.url);
        return at.pathname === url.pathname && at.searchParams.get('table') === url.searchParams.get('table');
      });
      if (same && 'focus' in same) return same.focus();
      return sw.clients.openWindow(url.href);
    })(),
  );
});
