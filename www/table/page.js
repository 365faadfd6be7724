// @ts-check
// The markup of the two table pages, written once: index.html (Othello) and
// nabu.html (Nabucodonosor) share their head, header, board, panel (the
// online table, the record's ways out, the fairness box) and the New game
// dialog; each game adds its own pieces (`TABLE_PAGES`). The site never
// loads this module: `node scripts/pages.mjs` writes the pages from it, so
// they stay plain HTML that costs the first board nothing, and
// tests/browser/pages.test.mjs fails when a page differs from what it writes.

/**
 * @typedef {object} TablePage what a game's page adds to the shared markup
 * @property {string} description the meta description
 * @property {string} title the title before the page's script sets its own
 * @property {string[]} styles the game's own style sheets after the table's
 * @property {string} main the page's module
 * @property {string} [bodyClass]
 * @property {string} heading
 * @property {string} tagline
 * @property {string} topControls the header's links and buttons after Mute
 * @property {string} playActions the turn's buttons after Place and All my moves
 * @property {string} [resultExtra] below the result line
 * @property {string} [beforeOnline] sections between the result and the online table
 * @property {string} [afterOnline] sections between the online table and New game
 * @property {string} [newGameExtra] buttons after New game and Copy record
 * @property {string} [recordExtra] downloads between Download record and Share link
 * @property {string} [panelEnd] details before the keys' help
 * @property {string} settings the New game dialog's choices between the seats and the level
 * @property {string} [dialogExtra] fieldsets after the dialog's settings
 * @property {string} [afterDialog] other dialogs
 * @property {string} noscript
 */

/**
 * The page's shared head: the offline lines, the engine's preload, the style
 * sheets (the dialog's and the side panels', css/panels.css, load on first
 * use: core/style.js).
 */
const head = (p) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light">
  <meta name="description" content="${p.description}">
  <title>${p.title}</title>
  <link rel="icon" href="favicon.svg" type="image/svg+xml">
  <link rel="apple-touch-icon" href="www/icons/apple-touch-icon.png">
  <link rel="manifest" href="www/manifest-pt.webmanifest">
  <meta name="theme-color" content="#2e6b55">
  <script type="module" src="www/core/offline.js"></script>
  <!-- The engine: fetched beside the style sheet, not after the modules that load it. -->
  <link rel="preload" href="www/pkg/virada_bg.wasm" as="fetch" type="application/wasm" crossorigin>
  <link rel="stylesheet" href="www/css/site.css">
${p.styles.map((s) => `  <link rel="stylesheet" href="${s}">\n`).join('')}  <script type="module" src="${p.main}"></script>
</head>
<body${p.bodyClass ? ` class="${p.bodyClass}"` : ''}>
  <header class="top">
    <div class="brand">
      <h1 data-i18n="title">${p.heading}</h1>
      <p class="tagline" data-i18n="tagline">${p.tagline}</p>
    </div>
    <div class="top-controls">
      <a id="header-account" class="header-account" href="lobby.html" data-i18n="hdr.signIn">Sign in</a>
      <label class="lang">
        <span class="visually-hidden" data-i18n="language">Language</span>
        <select id="lang"></select>
      </label>
      <button id="mute" type="button" class="ghost">Mute</button>
${p.topControls}    </div>
  </header>
`;

/**
 * The board with its disc boxes, and the panel up to the end's result (and,
 * at an online table, Play again under it: on a phone the end's choice
 * stays in view).
 */
const board = (p) => `
  <main class="table">
    <section class="board-area">
      <div class="box-row">
        <div class="box" id="box-dark" tabindex="0" aria-describedby="help-dark"></div>
        <div class="box" id="box-light" tabindex="0" aria-describedby="help-light"></div>
      </div>
      <div class="board-frame">
        <div class="coords cols" aria-hidden="true"></div>
        <div class="coords rows" aria-hidden="true"></div>
        <div class="board">
          <canvas id="canvas" aria-hidden="true"></canvas>
          <div id="grid"></div>
        </div>
      </div>
      <div id="tip" class="tip" role="tooltip" hidden></div>
      <p id="help-dark" class="visually-hidden"></p>
      <p id="help-light" class="visually-hidden"></p>
      <p id="help-corner" class="visually-hidden"></p>
    </section>

    <section class="panel">
      <div class="turn">
        <p id="turn-line" class="turn-line"></p>
        <p id="clock" class="clock"></p>
      </div>
      <p id="away" class="away" hidden></p>
      <p id="status" class="status" role="status" aria-live="polite"></p>

      <div class="actions" id="play-actions">
        <button id="place" type="button" class="primary" disabled data-i18n="place">Place</button>
        <button id="all-moves" type="button" aria-expanded="false" aria-controls="moves-list" data-i18n="allMoves">All my moves</button>
${p.playActions}      </div>
      <ul id="moves-list" class="moves-list" hidden></ul>

      <div id="result" class="result" hidden>
        <p id="result-line" class="result-line"></p>
        <p id="result-ratings" class="result-ratings" hidden></p>
${p.resultExtra ?? ''}      </div>
      <div id="online-again" class="online-again" hidden>
        <p id="online-again-line" class="online-again-line"></p>
        <button id="online-again-button" type="button" class="primary" data-i18n="onlineAgain">Play again</button>
        <button id="online-again-no" type="button" data-i18n="onlineNoThanks">No thanks</button>
      </div>
`;

/** The online table's section: the waiting screen and its line (online/online.js draws it). */
const ONLINE = `      <section id="online" class="online" aria-labelledby="online-title" hidden>
        <h2 id="online-title" class="online-title" data-i18n="onlineTitle">Online table</h2>
        <p id="online-tournament" class="online-tournament" hidden><a id="online-tournament-link" href="tournament.html"></a></p>
        <p id="online-clock" class="online-clock"></p>
        <p id="online-line" class="online-line"></p>
        <p id="online-assists" class="note" hidden data-i18n="onlineNoAssists"></p>
        <p id="online-match" class="online-match" hidden></p>
        <p id="online-match-end" class="online-match-end" hidden>
          <a id="online-match-verify" href="verify.html" data-i18n="onlineMatchVerify">Verify the match</a>
          <a id="online-match-record" href="api/records" data-i18n="onlineMatchRecord">The match record</a>
        </p>
        <div id="online-stop" class="online-stop" hidden>
          <button id="online-resign" type="button" data-i18n="onlineResign">Resign</button>
          <button id="online-abort" type="button" data-i18n="onlineAbort">Abort</button>
          <div id="online-confirm" class="online-confirm" role="group" aria-labelledby="online-confirm-line" hidden>
            <p id="online-confirm-line" class="online-confirm-line"></p>
            <button id="online-confirm-yes" type="button" class="danger"></button>
            <button id="online-confirm-no" type="button" data-i18n="onlineKeepPlaying">Keep playing</button>
          </div>
        </div>
        <div id="online-wait" class="online-wait" hidden>
          <p id="online-held" class="online-held" hidden></p>
          <p id="online-share" class="note" data-i18n="onlineShare"></p>
          <div id="online-link-box" class="online-link">
            <input id="online-link" type="text" readonly data-i18n-label="onlineLink">
            <button id="online-copy" type="button" data-i18n="copyLink">Copy link</button>
          </div>
          <p id="online-countdown" class="online-countdown" hidden></p>
          <p class="nd-label" data-i18n="onlineFingerprint"></p>
          <code id="online-fingerprint" class="nd-fingerprint"></code>
          <label id="online-word-box" class="online-word"><span data-i18n="onlineWordLabel">Your word</span>
            <input id="online-word" type="text" maxlength="80" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="online-word-help">
          </label>
          <p id="online-word-help" class="note" data-i18n="onlineWordHelp"></p>
          <button id="online-start" type="button" class="primary" data-i18n="onlineStartNow">Start now</button>
          <p id="online-held-ways" class="online-held-ways" hidden>
            <button id="online-play-bot" type="button" data-i18n="onlinePlayBot">Play the bot now</button>
            <a id="online-back" href="lobby.html" data-i18n="onlineToLobby">Back to the lobby</a>
          </p>
        </div>
      </section>
`;

/** New game, the record's ways out (table/record-share.js), the fairness box and the moves. */
const record = (p) => `
      <div class="actions">
        <button id="new-game" type="button" aria-haspopup="dialog" data-i18n="newGame">New game</button>
        <button id="copy-record" type="button" data-i18n="copyRecord">Copy record</button>
${p.newGameExtra ?? ''}      </div>
      <details id="record-more" class="record-more">
        <summary data-i18n="recordMore">Download or share the record</summary>
        <div class="record-actions">
          <button id="download-record" type="button" data-i18n="downloadRecord">Download record</button>
${p.recordExtra ?? ''}          <button id="share-link" type="button" data-i18n="shareLink">Share link</button>
        </div>
        <p id="share-out" class="share-out" hidden>
          <span data-i18n="shareLabel">Link to check this record</span>
          <a id="share-url" href="verify.html"></a>
        </p>
      </details>
      <pre id="record" class="record" hidden data-i18n-label="record" tabindex="0"></pre>
      <p id="record-key" class="note record-key" hidden></p>

      <section class="fair" aria-labelledby="fair-title">
        <h2 id="fair-title" data-i18n="fairTitle">Why it is fair</h2>
        <p class="fair-text" data-i18n="fairText"></p>
        <dl class="hexes">
          <dt data-i18n="fingerprint">Fingerprint</dt>
          <dd><code id="fingerprint"></code></dd>
          <dt data-i18n="seed">Seed</dt>
          <dd><code id="seed"></code></dd>
          <dt id="word-term" data-i18n="word" hidden>Word</dt>
          <dd id="word-def" hidden><span id="word"></span></dd>
        </dl>
        <p id="seed-chosen" class="note" hidden data-i18n="seedChosen"></p>
        <a id="verify" href="verify.html" data-i18n="verify">Verify a game</a>
        <a id="history-link" href="history.html" data-i18n="historyLink">History: every finished game</a>
        <a id="lobby-link" href="lobby.html" data-i18n="lobbyLink">Lobby: online tables to join or watch</a>
      </section>

      <details class="history">
        <summary data-i18n="history">Moves</summary>
        <ol id="history"></ol>
      </details>
${p.panelEnd ?? ''}
      <p class="note keys-help" data-i18n="keysHelp"></p>
    </section>
  </main>
`;

/** The New game dialog (table/new-game.js): the drawn seed, the word, the game's settings. */
const dialog = (p) => `
  <dialog id="new-dialog" class="new-dialog" aria-labelledby="nd-title">
    <form id="nd-form" method="dialog">
      <h2 id="nd-title" data-i18n="newGame">New game</h2>
      <fieldset class="nd-mode">
        <legend class="visually-hidden" data-i18n="modeLegend">Where</legend>
        <label><input type="radio" name="nd-mode" id="nd-local" value="local" checked><span data-i18n="onDevice">On this device</span></label>
        <label><input type="radio" name="nd-mode" id="nd-online" value="online"><span data-i18n="playOnline">Play online</span></label>
      </fieldset>
      <p id="nd-server" class="nd-server" role="status" hidden></p>
      <section class="nd-step nd-online-only" hidden>
        <h3><span class="nd-num" aria-hidden="true">1</span><span data-i18n="onlineSeedTitle">The table’s server draws the seed</span></h3>
        <p class="note" data-i18n="onlineSeedNote"></p>
      </section>
      <section class="nd-step nd-local-only" aria-labelledby="nd-seed-title">
        <h3 id="nd-seed-title"><span class="nd-num" aria-hidden="true">1</span><span data-i18n="ndSeedTitle">The table has drawn the seed</span></h3>
        <p class="nd-label" data-i18n="ndFingerprint">Its fingerprint (SHA-256 of the seed)</p>
        <code id="nd-fingerprint" class="nd-fingerprint"></code>
        <p class="note" data-i18n="ndNote"></p>
        <p id="nd-chosen" class="note" hidden data-i18n="ndChosen"></p>
      </section>
      <section class="nd-step">
        <h3><label for="nd-word"><span class="nd-num" aria-hidden="true">2</span><span data-i18n="wordLabel">Your word (optional)</span></label></h3>
        <input id="nd-word" type="text" maxlength="80" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="nd-word-help">
        <p id="nd-word-help" class="note" data-i18n="wordHelp"></p>
      </section>
      <fieldset class="nd-step nd-settings">
        <legend><span class="nd-num" aria-hidden="true">3</span><span data-i18n="ndSettings">The game</span></legend>
        <label class="nd-online-only nd-wide" hidden><span data-i18n="opponentSetting">Who sits opposite</span>
          <select id="set-opponent">
            <option value="link" data-i18n="opponentLink">Whoever opens the link</option>
            <option value="anyone" data-i18n="opponentAnyone">Play anyone</option>
          </select>
        </label>
        <label class="nd-local-only"><span data-i18n="seats">Seats</span>
          <select id="set-seats">
            <option value="person,bot" data-i18n="seatsPB">Person vs bot</option>
            <option value="person,person" data-i18n="seatsPP">Two people</option>
            <option value="bot,bot" data-i18n="seatsBB">Bot vs bot</option>
          </select>
        </label>
${p.settings}        <label><span data-i18n="level">Bot level</span>
          <select id="set-level"></select>
        </label>
        <label><span data-i18n="clockSetting">Clock</span>
          <select id="set-clock"></select>
        </label>
      </fieldset>
${p.dialogExtra ?? ''}      <p id="nd-error" class="nd-error" role="alert" hidden></p>
      <div class="nd-buttons">
        <button id="nd-cancel" type="button" data-i18n="cancel">Cancel</button>
        <button id="nd-start" type="submit" class="primary" data-i18n="start">Start</button>
      </div>
    </form>
  </dialog>
${p.afterDialog ?? ''}  <noscript>${p.noscript}</noscript>
</body>
</html>
`;

/**
 * A table page's HTML.
 * @param {TablePage} p
 * @returns {string}
 */
export function tablePage(p) {
  return head(p) + board(p) + (p.beforeOnline ?? '') + ONLINE + (p.afterOnline ?? '') + record(p) + dialog(p);
}

/** Othello's header link to the other game: its mark, then its name. */
const TO_NABU = `      <a id="to-nabu" class="other-game" href="nabu.html" title="Nabucodonosor">
        <svg class="other-game-mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <rect x="1" y="1" width="22" height="22" rx="4" fill="#2e6b55"/>
          <path d="M8.5 1v22M15.5 1v22M1 8.5h22M1 15.5h22" stroke="#1f4d3d" stroke-width="1"/>
          <circle cx="5" cy="5" r="2.6" fill="#17181b"/>
          <circle cx="12" cy="12" r="2.6" fill="#f6f1e4"/>
          <circle cx="19" cy="12" r="2.6" fill="#17181b"/>
          <circle cx="12" cy="19" r="2.6" fill="#17181b"/>
          <rect x="9" y="2.5" width="13" height="13" rx="1.5" fill="none" stroke="#ffc23d" stroke-width="1.6"/>
        </svg>
        <span class="other-game-name">Nabucodonosor</span>
      </a>
`;

/** Match play's section (match/match.js draws it). */
const MATCH = `      <section id="match" class="match" aria-labelledby="match-title" hidden>
        <h2 id="match-title" class="match-title"></h2>
        <p id="match-score" class="match-score"></p>
        <ol id="match-games" class="match-games"></ol>
        <p id="match-rated" class="note" data-i18n="matchRated"></p>
        <div id="match-next" class="match-next" hidden>
          <p id="match-after" class="match-after" aria-live="polite"></p>
          <p id="match-next-title" class="nd-label"></p>
          <p class="note" data-i18n="matchNextFingerprint"></p>
          <code id="match-fingerprint" class="nd-fingerprint"></code>
          <button id="match-next-button" type="button" class="primary" data-i18n="matchNext">Next game</button>
        </div>
        <div id="match-end" class="match-end" hidden>
          <p id="match-winner" class="match-winner" aria-live="polite"></p>
          <div class="record-actions">
            <button id="match-copy" type="button" data-i18n="matchCopy">Copy match record</button>
            <button id="match-download" type="button" data-i18n="matchDownload">Download match record</button>
            <a id="match-verify" href="verify.html" data-i18n="matchVerify">Verify the match</a>
          </div>
        </div>
      </section>

`;

/** The review's section (review/review.js draws it), in the panel's place while it is open. */
const REVIEW = `
      <section id="review" class="review" hidden aria-labelledby="review-title">
        <h2 id="review-title" data-i18n="reviewTitle">Review</h2>
        <div class="review-steps">
          <button id="review-first" type="button" class="step" data-i18n-label="reviewFirst"><span aria-hidden="true">«</span></button>
          <button id="review-back" type="button" class="step" data-i18n-label="reviewBack"><span aria-hidden="true">←</span></button>
          <span id="review-ply" class="review-ply"></span>
          <button id="review-forward" type="button" class="step" data-i18n-label="reviewForward"><span aria-hidden="true">→</span></button>
          <button id="review-last" type="button" class="step" data-i18n-label="reviewLast"><span aria-hidden="true">»</span></button>
        </div>
        <p id="review-move" class="review-move"></p>
        <p id="review-depth" class="note review-depth"></p>
        <p id="review-line" class="review-line"></p>
        <figure class="review-graph">
          <svg id="review-graph" role="img" aria-labelledby="review-graph-caption" aria-describedby="review-mistakes review-no-mistakes"></svg>
          <figcaption id="review-graph-caption" class="note" data-i18n="reviewGraph"></figcaption>
        </figure>
        <h3 data-i18n="reviewSummary">Summary</h3>
        <div id="review-summary" class="review-summary"></div>
        <h3 id="review-mistakes-title" data-i18n="reviewMistakes">Mistakes</h3>
        <ol id="review-mistakes" class="review-mistakes" aria-labelledby="review-mistakes-title"></ol>
        <p id="review-no-mistakes" class="note" data-i18n="reviewNoMistakes"></p>
        <details class="review-all">
          <summary data-i18n="reviewMoves">All moves</summary>
          <ol id="review-moves" class="review-moves"></ol>
        </details>
        <p class="note" data-i18n="reviewSwipe"></p>
        <button id="review-close" type="button" data-i18n="reviewClose">Back to the table</button>
      </section>
`;

/** "Review a game": a record, transcript or GGF game pasted, or a finished one chosen. */
const REVIEW_PASTE = `
      <details id="review-paste" class="review-paste">
        <summary data-i18n="reviewPaste">Review a game</summary>
        <label for="review-input" data-i18n="reviewPasteLabel">A record, a transcript or a GGF game</label>
        <textarea id="review-input" rows="4" spellcheck="false" autocomplete="off"></textarea>
        <button id="review-paste-go" type="button" data-i18n="reviewPasteGo">Review it</button>
        <p id="review-finished-title" class="note" data-i18n="reviewFinished" hidden></p>
        <ul id="review-finished" class="review-finished"></ul>
      </details>
`;

/** One game or a match (V1), in the New game dialog. */
const MATCH_SETTING = `        <label class="nd-wide"><span data-i18n="matchSetting">One game or a match</span>
          <select id="set-match">
            <option value="one" data-i18n="matchOne">One game</option>
            <option value="points:16" data-i18n="matchTo16">Match to 16 points</option>
            <option value="points:32" data-i18n="matchTo32">Match to 32 points</option>
            <option value="points:64" data-i18n="matchTo64">Match to 64 points</option>
            <option value="points:128" data-i18n="matchTo128">Match to 128 points</option>
            <option value="games:2" data-i18n="matchGames2">Match of 2 games</option>
            <option value="games:4" data-i18n="matchGames4">Match of 4 games</option>
            <option value="games:6" data-i18n="matchGames6">Match of 6 games</option>
            <option value="games:8" data-i18n="matchGames8">Match of 8 games</option>
          </select>
        </label>
`;

/** The handicap (V2) in the New game dialog (table/handicap.js). */
const HANDICAP = `      <fieldset id="nd-handicap" class="nd-step nd-settings nd-handicap" aria-describedby="hc-help">
        <legend data-i18n="handicapTitle">Handicap (optional)</legend>
        <label><span data-i18n="handicapSeat">Who takes it</span>
          <select id="hc-seat">
            <option value="" data-i18n="handicapNone">No handicap</option>
            <option value="seat1" data-i18n="handicapSeat1">Seat 1</option>
            <option value="seat2" data-i18n="handicapSeat2">Seat 2</option>
          </select>
        </label>
        <label class="hc-check"><input type="checkbox" id="hc-first"><span data-i18n="handicapFirst">Moves first</span></label>
        <div class="hc-corners" role="group" aria-labelledby="hc-corners-label">
          <span id="hc-corners-label" data-i18n="handicapCorners">Starts with a disc on</span>
          <label class="hc-check"><input type="checkbox" id="hc-a1">a1</label>
          <label class="hc-check"><input type="checkbox" id="hc-h1">h1</label>
          <label class="hc-check"><input type="checkbox" id="hc-a8">a8</label>
          <label class="hc-check"><input type="checkbox" id="hc-h8">h8</label>
        </div>
        <p id="hc-help" class="note"><span class="nd-local-only" data-i18n="handicapHelp"></span><span class="nd-online-only" hidden data-i18n="handicapHelpOnline"></span></p>
      </fieldset>
`;

/** Nabucodonosor's rules (games/nabu/rules.js fills the body). */
const RULES_DIALOG = `  <dialog id="rules-dialog" class="rules-dialog" aria-labelledby="rules-title">
    <div class="rules-head">
      <h2 id="rules-title" data-i18n="rulesTitle">Rules of Nabucodonosor</h2>
      <button type="button" class="rules-close ghost" data-i18n="close">Close</button>
    </div>
    <div class="rules-body"></div>
  </dialog>
`;

/** @type {Record<string, TablePage>} each table page's file and what its game adds */
export const TABLE_PAGES = {
  'index.html': {
    description: 'Play Othello in the browser against a bot of ten levels or a friend, with a fair colour draw you can check and a record of every game.',
    title: 'Virada',
    styles: [],
    main: 'www/games/othello/main.js',
    heading: 'Virada',
    tagline: 'Othello at one table',
    topControls: TO_NABU,
    playActions: `        <button id="hint" type="button" disabled data-i18n="hint">Hint</button>
        <button id="undo" type="button" disabled data-i18n="undo">Undo</button>
`,
    beforeOnline: MATCH,
    afterOnline: REVIEW,
    newGameExtra: '        <button id="review-open" type="button" class="primary" hidden data-i18n="review">Review</button>\n',
    recordExtra: '          <button id="download-ggf" type="button" data-i18n="downloadGgf">Download GGF</button>\n',
    panelEnd: REVIEW_PASTE,
    settings: MATCH_SETTING,
    dialogExtra: HANDICAP,
    noscript: 'Virada needs JavaScript and WebAssembly.',
  },
  'nabu.html': {
    description: 'Play Nabucodonosor, a game of capturing rectangles, in the browser on boards from 5×5 to 15×15, against a bot or a friend.',
    title: 'Nabucodonosor — Virada',
    styles: ['www/css/nabu.css'],
    main: 'www/games/nabu/main.js',
    bodyClass: 'nabu',
    heading: 'Nabucodonosor',
    tagline: 'Capture rectangles, wipe out the other colour',
    topControls: `      <button id="rules" type="button" class="ghost" aria-haspopup="dialog" aria-controls="rules-dialog" data-i18n="rules">Rules</button>
      <a id="to-othello" href="index.html" data-i18n="othello">Othello</a>
`,
    playActions: '        <button id="swap" type="button" hidden data-i18n="swap">Swap colours (pie rule)</button>\n',
    resultExtra: '        <p id="verify-line" class="verify-line"></p>\n',
    settings: `        <label><span data-i18n="sizeSetting">Board</span>
          <select id="set-size"></select>
        </label>
`,
    afterDialog: RULES_DIALOG,
    noscript: 'Nabucodonosor needs JavaScript and WebAssembly.',
  },
};
