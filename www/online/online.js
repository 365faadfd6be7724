// @ts-check
// The online table in the page: the table's WebSocket (its first frame is
// the commitment, the seed's fingerprint, and only then does the page say
// hello with the seat's kept token; reconnecting by itself with backoff,
// ping/pong for the clock's offset), the waiting screen (online/waiting.js),
// the contribution (a random value drawn with WebCrypto
// once the fingerprint is in, and the word, sent while the window is open),
// the fingerprint check at the end (the wasm engine's), and the bridge to
// the one controller (table/table.js): a remote session (online/session.js)
// and `table.follow` for each state; "Play again" or "No thanks" at the end,
// and a match's games one after the other with its line, its signed record
// and a link to verify it at the end (online/again.js).
// The protocol is docs/server.md's; the
// server is the authority on every move.

import { t, colorName, language, addWords, translatePage } from '../core/i18n.js';
import { ONLINE_WORDS } from './words.js';
import { savePref } from '../core/store.js';
import { say, joined } from '../core/announce.js';
import { seatLabel, seatOf } from '../table/panel.js';
import { ratingLines, showRatings } from '../accounts/rating-line.js';
import { bindStop } from './stop.js';
import { notePaired } from './paired.js';
import { seatRatings } from './seat-ratings.js';
import { RemoteSession } from './session.js';
import { kept, keep, seenKeys, serverKey, openTable, socketUrl, tableLink } from './api.js';
import { fingerprintOf } from '../games/engine.js';
import { againView, justOffered, justDeclined, goAgain, matchGoesOn, drawMatchEnd } from './again.js';
import { drawWaiting, bindWaiting } from './waiting.js';
import { drawTourney, unplayedLine, waitingLine } from './tourney.js';
import { createPresence, whereItStands } from './presence.js';
import { clockRule } from '../table/start.js';
import { clockShort, perMoveSeconds } from '../core/clock-text.js';

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8000;
/** The close code of a server that restarts (WebSocket's 1012): the page reconnects at once, quietly. */
const RESTART_CLOSE = 1012;
/** How long a quiet reconnection goes unsaid; past it the page says it reconnects. */
const QUIET_MS = 3000;
/** How long the page says the table reconnects after its store could not keep a change. */
const STORE_AWAY_MS = 3000;
const PING_EVERY_MS = 10_000;
/** How long the end of a match's game stays on show before its next game's table. */
const MATCH_PAUSE_MS = 1500;
/** The protocol version this page speaks (docs/server.md). */
const PROTOCOL = 2;
const $ = (id) => document.getElementById(id);

// The online table's words come with it (and with the New game dialog, which
// offers it): none is on show before.
addWords(ONLINE_WORDS);
for (const id of ['online', 'online-again']) translatePage(/** @type {HTMLElement} */ ($(id)));

/**
 * @typedef {import('./session.js').ServerState} ServerState
 * @typedef {object} Online the online table's side of the controller (table/table.js)
 * @property {() => boolean} canAct whether this page's person may move now
 * @property {() => boolean} thinking whether the server's bot is to move
 * @property {(move: string) => void} send sends the person's move
 * @property {() => void} draw redraws the online table's panel
 * @property {() => void} leave closes the table's socket for good
 */

/** A state for the page before the server's first one arrives. */
function emptyState(rules, id) {
  const seat = { kind: 'empty', tookSeat: false, connected: false, level: rules.defaults.level };
  return {
    id, game: rules.name, size: rules.defaults.size, status: 'waiting', seats: [seat, seat],
    clock: 'off', deadline: null, waitUntil: null, contributeUntil: null, graceUntil: [null, null], now: Date.now(),
    fingerprint: '', ply: 0, moves: '', table: null, record: null, key: '',
  };
}

/** The error frame in the page's language. */
function errorText({ code, message }) {
  const key = `err.${code}`;
  const text = t(key, { why: message });
  return text === key ? t('err.other', { why: message }) : text;
}

/** 32 random bytes from the browser's secure source (WebCrypto), as hex. */
function randomHex() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Opens (or, with `anyone`, finds) a table on the server, keeps the
 * person's word for it and the fingerprint its answer commits to, and goes
 * to its link; the page then sits there.
 * Resolves with an error message, or never (the page moves on).
 *
 * @param {import('../table/table.js').Rules} rules
 * @param {{clock: number, level: number, size?: number, word: string, anyone: boolean, handicap?: string, match?: string}} choice
 * @returns {Promise<string>}
 */
export async function openOnline(rules, { clock, level, size, word, anyone, handicap, match }) {
  try {
    // The handicap (its short form; the server has the engine check it) and
    // the match (`points:16` …) are for a table of one's own: "Play anyone"
    // pairs without them.
    const own = !anyone;
    const settings = {
      game: rules.name, size: size ?? rules.defaults.size, clock, level,
      ...(handicap && own ? { handicap } : {}),
      ...(match && match !== 'one' && own ? { match } : {}),
    };
    const { id, fingerprint } = await openTable(settings, anyone);
    keep(id, { word, paired: anyone, fingerprint });
    // The table's link carries no language: one the address asked for is kept as the person's choice.
    if (new URLSearchParams(location.search).has('lang')) savePref('lang', language());
    location.assign(tableLink(id));
    return await new Promise(() => {});
  } catch (e) {
    // The store away (a Redis blip): said in the page's words, not the server's.
    if (e?.code === 'store-away') return t('err.store-away');
    return t('startFailed', { msg: e?.message ?? String(e) });
  }
}

/** Whether the page is served by `virada serve` (its key answers). */
export async function serverThere() {
  return (await serverKey()) !== null;
}

/**
 * Seats this page at table `id`: the controller `table` gets a remote
 * session and this module as its online side, then the socket opens.
 *
 * @param {any} table the controller (table/table.js)
 * @param {import('../table/table.js').Rules} rules
 * @param {string} id
 */
export function joinTable(table, rules, id) {
  const conn = {
    /** @type {WebSocket|null} */ ws: null,
    connected: false,
    welcomed: false,
    left: false,
    backoff: BACKOFF_FIRST_MS,
    offset: 0,
    bestRtt: Infinity,
    /** @type {number|null} the ply a move was sent at, until the server answers */ pending: null,
    /** @type {string} the fingerprint this page saw first (the opening answer's, or the first frame's) */
    seen: kept(id).fingerprint ?? '',
    /** the contribution went out on this connection */ contributed: false,
    /** @type {string} why this page does not play on: a translated word's key, '' while all is well */ unfair: '',
    /** the page is on its way to the table where the game goes on */ moving: false,
    /** @type {string|null} the match record's id whose verify link is set */ matchRecord: null,
    /** its server restarts: the page reconnects without a word */ quiet: false,
    /** the table's store did not answer a moment ago (the server's `storage` code) */ storeAway: false,
    timers: /** @type {any[]} */ ([]),
  };
  const session = new RemoteSession(rules, /** @type {ServerState} */ (emptyState(rules, id)), null);
  const frame = () => session.frame;
  const link = tableLink(id);
  // A person away a second is said (once) and shown, their box too, with the bot's countdown.
  const presence = createPresence((words) => {
    showAway();
    table.update();
    say(words);
  });
  function showAway() {
    session.away = presence.shown();
    session.refresh();
  }
  // Each account's rating in its box, once its profile has answered.
  const ratings = seatRatings(() => {
    session.refresh();
    table.update();
  });
  session.ratingOf = ratings.of;

  /** @type {Online} */
  const online = {
    canAct: () => conn.connected && !conn.unfair && conn.pending === null && session.myTurn() && !session.snap.over,
    thinking: () => frame().status === 'playing' && frame().seats[frame().table?.seatToMove]?.kind === 'bot',
    send(move) {
      conn.pending = frame().ply;
      send({ type: 'move', ply: frame().ply, move });
    },
    draw,
    leave() {
      conn.left = true;
      for (const timer of conn.timers) clearInterval(timer);
      conn.ws?.close();
      $('online').hidden = true;
      $('record-key').hidden = true;
      $('away').hidden = true;
      delete document.body.dataset.online;
      delete document.body.dataset.seat;
    },
  };

  function send(message) {
    if (conn.ws?.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify({ v: PROTOCOL, ...message }));
  }

  function connect() {
    if (conn.left) return;
    const ws = new WebSocket(socketUrl(id));
    conn.ws = ws;
    // Nothing is sent before the table's first frame, the commitment.
    ws.onopen = () => {};
    ws.onmessage = (event) => {
      try {
        receive(JSON.parse(event.data));
      } catch (e) {
        const why = e?.message ?? String(e);
        say(() => t('err.other', { why }));
      }
    };
    ws.onclose = (event) => {
      if (conn.ws !== ws || conn.left) return;
      conn.connected = false;
      conn.pending = null;
      if (event.code === RESTART_CLOSE) {
        // Its server restarts and another takes the table on: back at once,
        // and nothing said unless it takes long.
        conn.quiet = true;
        conn.backoff = BACKOFF_FIRST_MS;
        setTimeout(connect, 0);
        setTimeout(() => {
          if (conn.connected) return;
          conn.quiet = false;
          table.update();
        }, QUIET_MS);
        return;
      }
      setTimeout(connect, conn.backoff);
      conn.backoff = Math.min(conn.backoff * 2, BACKOFF_MAX_MS);
      table.update();
    };
  }

  function ping() {
    send({ type: 'ping', t: Date.now() });
  }

  /** The commitment (the socket's first frame): the fingerprint is seen before this page says hello. */
  function committed(message) {
    if (!conn.seen) {
      conn.seen = message.fingerprint;
      keep(id, { fingerprint: conn.seen });
    }
    if (message.fingerprint !== conn.seen) {
      refuse('onlineFingerprintChanged');
      return;
    }
    // Shown (the fairness box, the waiting screen) before this page sits.
    setText($('online-fingerprint'), conn.seen);
    session.frame.fingerprint = conn.seen;
    session.refresh();
    table.update();
    // A replay (a profile's link, `&replay=1`) watches the finished game: it does not sit again.
    const token = new URLSearchParams(location.search).has('replay') ? null : kept(id).token;
    send({ type: 'hello', ...(token ? { token } : {}) });
    ping();
  }

  /** This page does not play on at this table, and says why. */
  function refuse(key) {
    if (!conn.unfair) say(() => t(key));
    conn.unfair = key;
    table.update();
  }

  /**
   * While the window is open and this seat has not contributed: a random
   * value drawn now (the fingerprint was seen before), and the word typed.
   */
  function contribute(state) {
    const seat = session.seat;
    if (state.status !== 'contributing' || seat === null || state.seats[seat]?.contributed) return;
    if (conn.contributed || conn.unfair || !conn.seen) return;
    conn.contributed = true;
    // The word as typed now (the field starts from the one kept for this table).
    const field = /** @type {HTMLInputElement|null} */ ($('online-word'));
    const word = field ? field.value : kept(id).word ?? '';
    keep(id, { word });
    send({ type: 'contribute', random: randomHex(), ...(word ? { word } : {}) });
  }

  /** The end: the record's seed must give the fingerprint this page saw before it contributed. */
  function checkSeed(state) {
    if (!state.record || !conn.seen) return;
    const seed = session.seedHex();
    let fingerprint = '';
    try {
      fingerprint = fingerprintOf(seed);
    } catch {
      // A seed that is not one: no fingerprint matches it.
    }
    if (fingerprint !== conn.seen) refuse('onlineSeedMismatch');
  }

  function receive(message) {
    if (message.type === 'commitment') {
      committed(message);
    } else if (message.type === 'welcome') {
      const back = conn.welcomed;
      conn.welcomed = true;
      conn.connected = true;
      conn.contributed = false;
      conn.backoff = BACKOFF_FIRST_MS;
      if (message.token) keep(id, { token: message.token });
      session.seat = message.seat ?? null;
      const seat = session.seat;
      /** @type {import('../core/announce.js').Words} */
      const seated = seat === null ? () => t('onlineWatching') : () => t('onlineYouSit', { n: seat + 1 });
      const quiet = conn.quiet;
      conn.quiet = false;
      follow(message.state, quiet ? [] : [back ? () => t('onlineBack') : seated], !back);
    } else if (message.type === 'state') {
      follow(message, []);
    } else if (message.type === 'error') {
      conn.pending = null;
      say(() => errorText(message));
      if (message.code === 'storage') {
        // The table's store is away (Redis restarting): nothing was kept, and
        // the page says online play resumes shortly.
        conn.storeAway = true;
        setTimeout(() => { conn.storeAway = false; table.update(); }, STORE_AWAY_MS);
      }
      if (message.code === 'bad-token') {
        // This browser's token is not the table's (a server that lost it): sit anew.
        keep(id, { token: undefined });
        conn.ws?.close();
      }
      table.update();
    } else if (message.type === 'pong') {
      const rtt = Date.now() - message.t;
      if (rtt <= conn.bestRtt) {
        conn.bestRtt = rtt;
        conn.offset = message.now - (message.t + rtt / 2);
      }
    }
  }

  /**
   * A state from the server: the session follows it, the table shows and
   * announces it. `arrived`: this page has just sat (its first welcome), so
   * a game under way is told as it stands, not as it starts.
   * @param {ServerState} state
   * @param {import('../core/announce.js').Words[]} messages
   * @param {boolean} [arrived]
   */
  function follow(state, messages, arrived = false) {
    const was = frame();
    const before = session.snap.moves.length;
    const seat = session.seat;
    if (conn.bestRtt === Infinity) conn.offset = state.now - Date.now();
    if (state.ply !== was.ply || state.status !== was.status) conn.pending = null;
    // A finished game's replay shows no rating of today's.
    if (state.status !== 'over') ratings.follow(state.seats, state.clock);
    session.sync(state);
    if (conn.seen && state.fingerprint && state.fingerprint !== conn.seen) refuse('onlineFingerprintChanged');
    checkSeed(state);
    contribute(state);
    if (justOffered(was, state, seat)) messages.push(() => t('onlineAgainOffered'));
    if (justDeclined(was, state, seat)) messages.push(() => t('onlineAgainDeclined'));
    // A tournament's game cut short by a withdrawal (W6): said at once (one never played says it as its end).
    if (!was.tournament?.ended && state.tournament?.ended && state.table) messages.push(() => unplayedLine(frame(), session.seat));
    notePaired(was, state, seat);
    // A rated game's end: each rating's change, as the signed record states it.
    if (was.status !== 'over' && state.status === 'over') messages.push(...ratingLines(state.record));
    if (state.next && seat !== null && !conn.moving && !conn.unfair) {
      conn.moving = true;
      // A match's next game: the end of this one stays on show a moment.
      const next = state.next;
      const inMatch = matchGoesOn(state);
      messages.push(() => t(inMatch ? 'onlineMatchNext' : 'onlineAgainMoving'));
      setTimeout(() => goAgain(id, next), inMatch ? MATCH_PAUSE_MS : 0);
    }
    const s = session.snap;
    const seen = seat === null ? 0 : kept(id).ply ?? 0;
    const underWay = arrived && (state.status === 'playing' || state.status === 'over');
    /** @type {import('../core/announce.js').Words|undefined} */
    let notice;
    if (underWay) {
      messages.push(...whereItStands(state, s, seat, seen));
    } else if ((was.status === 'waiting' || was.status === 'contributing') && state.status !== was.status && state.table) {
      // The game starts now: who moves first (a handicap's seat may be light), and at a seat
      // the clock's rule, kept on show until the person acts.
      const first = s.moves.length ? 'dark' : s.side;
      const start = [...messages.splice(0), () => t('started', { color: colorName(first), who: seatLabel(s, seatOf(s, first)) })];
      if (seat !== null && perMoveSeconds(state.clock) > 0) notice = joined([...start, clockRule(perMoveSeconds(state.clock))]);
      else messages.push(...start);
    }
    messages.push(...presence.follow(was, state, seat));
    showAway();
    if (seat !== null && conn.connected && state.table) keep(id, { ply: s.moves.length });
    // On this page's clock; never more than a turn away (an offset not yet measured errs late).
    const deadline = state.deadline == null ? null : Math.min(state.deadline - conn.offset, Date.now() + perMoveSeconds(state.clock) * 1000);
    table.follow({ before, deadline, messages, notice, quiet: underWay });
  }

  /** The online table's panel: who this is, the waiting screen, the record's key. */
  function draw() {
    const f = frame();
    const seat = session.seat;
    // While the colours are drawn the page still looks as it waits (the layout keys on `waiting`).
    document.body.dataset.online = f.status === 'contributing' ? 'waiting' : f.status;
    document.body.dataset.seat = seat === null ? 'watching' : String(seat);
    $('online').hidden = false;
    let line;
    if (conn.unfair) line = t(conn.unfair);
    else if (!conn.connected && !conn.quiet) line = conn.welcomed ? t('onlineReconnecting') : t('checkingServer');
    else if (conn.storeAway) line = t('onlineStoreAway');
    else if (f.tournament?.ended) line = unplayedLine(f, seat);
    else if (f.status === 'over') line = t('onlineOver');
    else if (seat === null) line = t('onlineWatching');
    else if (f.status === 'waiting' && f.tournament) line = waitingLine(f, seat);
    else if (f.status === 'waiting') line = seat === 0 ? t(kept(id).paired ? 'onlineWaitingAnyone' : 'onlineWaitingHost') : t('onlineWaitingGuest');
    else if (f.status === 'contributing') line = t('onlineContributing');
    else line = t('onlinePlaying', { n: seat + 1 });
    setText($('online-line'), line);
    setText($('online-clock'), clockLine(f.clock, f.speed));
    $('online-line').dataset.connected = String(conn.connected);
    // Hint and Undo are not offered here (table/assists.js): the page says so.
    $('online-assists').hidden = !rules.assists || seat === null || f.status !== 'playing';
    // Who is away, and in how long the bot sits for them.
    const away = conn.connected && !conn.unfair ? presence.line(conn.offset) : '';
    setText($('away'), away);
    $('away').hidden = !away;

    const drawing = f.status === 'contributing';
    const waiting = (f.status === 'waiting' || drawing) && conn.welcomed;
    $('online-wait').hidden = !waiting;
    // A spectator is offered nothing it cannot do.
    $('play-actions').hidden = waiting || session.snap.over || seat === null;
    if (waiting) drawWaiting(f, { seat, drawing, link, offset: conn.offset, seen: conn.seen, paired: Boolean(kept(id).paired) });

    showRatings($('result-ratings'), f.status === 'over' ? f.record : null);
    drawStop(f, seat, conn.connected && !conn.unfair);
    const again = againView(f, conn.connected && !conn.unfair ? seat : null);
    // A tournament's game is not played again: its line leads back instead.
    $('online-again').hidden = !again.shown || Boolean(f.tournament);
    drawTourney(f);
    setText($('online-again-line'), again.line);
    $('online-again-line').hidden = !again.line;
    $('online-again-button').hidden = !again.button;
    $('online-again-no').hidden = !again.no;
    drawMatchEnd(f, conn);

    const key = /^signature: ed25519 ([0-9a-f]{64}) /m.exec(f.record ?? '')?.[1];
    $('record-key').hidden = !key;
    if (key) {
      const seen = seenKeys().includes(key) ? t('keySeen') : t('keyNotSeen');
      setText($('record-key'), `${t('tableKey')}: ${key} (${seen})`);
    }
  }

  /** The table's time control as people write it, and its speed as the server rates it: "3+2 · Blitz". */
  function clockLine(clock, speed) {
    return speed ? t('onlineClockLine', { clock: clockShort(clock), speed: t(`speed.${speed}`) }) : t('onlineNoClock');
  }

  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  bindWaiting(send, link, id);
  const drawStop = bindStop(send);
  table.goOnline(online, session);
  table.update();
  // The key this page sees from the server, to compare with the record's at the end.
  serverKey();
  connect();
  conn.timers.push(setInterval(ping, PING_EVERY_MS));
  // The countdowns (the bot's seat, the window, a person away), redrawn each second while they run.
  conn.timers.push(setInterval(() => {
    const f = frame();
    if (f.status === 'waiting' || f.status === 'contributing' || presence.anyone()) draw();
  }, 1000));
  return online;
}
