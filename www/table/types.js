// @ts-check
// The table's types, in JSDoc only: the settings, the snapshot a game
// shows, the session a rules adapter opens, a game's rules adapter, the
// table's one state object and what the controller (table/table.js) gives
// the view, the controls and the page. Only the type checker reads this
// file: it holds no code, and no page loads it.

/**
 * @typedef {{seats: string, level: number, clock: number|string, size: number, handicap?: string}} Settings
 *   `clock`: seconds a turn (0 for none), or a game clock in its notation (`180+2`)
 *
 * @typedef {import('../games/engine.js').EngineSnapshot & {n: number, online?: OnlineView, cut?: {resigned?: string, aborted?: string, left?: string, score?: [number, number]|null}}} Snapshot (`score`: a resignation's, the winner's first) the engine's snapshot with `n`, the board's side (and, at the online table, the server's view of it and, `cut`, the colour that resigned, aborted or left: online/session.js)
 *
 * @typedef {object} OnlineView what the online table's snapshot adds (online/session.js)
 * @property {number|null} seat this page's seat, null for a spectator
 * @property {string} status the table's: `waiting`, `contributing`, `playing`, `over`
 * @property {import('../online/session.js').ServerSeat[]} seats the server's seats
 * @property {number[]} [away] the seats shown away (their person's pages closed a while: online/presence.js)
 * @property {boolean} [rated] a rated game (docs/accounts.md)
 * @property {boolean} [paired] a tournament's game: its pairing gave the first seat dark (docs/rules.md, W7)
 * @property {string[]} [ratings] each seat's account's rating as shown ("1500?"), '' for none
 *
 * @typedef {object} Session a game at the table, as a rules adapter opens it
 * @property {Snapshot} snap
 * @property {(move: string) => Snapshot} play plays a move given as text; the engine then makes any forced pass
 * @property {() => string} timeOut the table's move when the clock runs out; its text
 * @property {(moves: string, byTable?: number[]) => Snapshot} replay
 * @property {() => string} transcript the moves as the store keeps them
 * @property {() => string} seedHex
 * @property {() => string} word
 * @property {(reveal: boolean) => string} record
 * @property {() => string} [ggf] Othello's GGF export
 * @property {() => {ply: number} & Record<string, unknown>} botQuestion what the game's worker takes
 * @property {() => void} free
 * @property {(moves: string) => Snapshot} [replayText]
 * @property {() => Snapshot} [hintTaken] notes a hint in the record (Othello)
 * @property {() => number} [undo] takes back the person's last move and what followed; the plies taken back
 * @property {(rated: boolean) => Snapshot} [setRated] makes the game rated (a game of a match)
 * @property {(text: string) => Snapshot} [setAssists] restores a stored game's hints and undos replays moves written as the record writes them
 * @property {(now: number) => Snapshot} [startClock] a game clock's (table/game-clock.js), as games/engine.js's Table
 * @property {(now: number) => 'dark'|'light'|null} [checkFlag]
 * @property {(now: number) => any} [clockAt]
 * @property {(kept: {times: number[], left: [number, number], since: number}) => Snapshot} [restoreClock] a stored game's game clock, once its moves are replayed
 *
 * @typedef {{top: number, left: number, bottom: number, right: number}} Rect
 *
 * @typedef {object} Preview a move shown before it is played
 * @property {string} move its text
 * @property {number} sq the cell it was asked from
 * @property {number[]} squares the cells drawn as the move
 * @property {number[]} flips the cells it would turn over
 * @property {string} via `mouse` | `click` | `touch` | `key` | `list`
 * @property {string} [kind] Nabucodonosor: `place` | `capture`
 * @property {number} [anchor] Nabucodonosor: the cell the capture was asked from
 * @property {string[]} [rects] Nabucodonosor: the captures holding the anchor
 * @property {number} [k] Nabucodonosor: which of `rects`
 * @property {Rect|null} [rect] Nabucodonosor: the capture's rectangle
 * @property {string} [text]
 *
 * @typedef {object} Choice an entry of "All my moves"
 * @property {string} label
 * @property {number} [sq]
 * @property {boolean} [pressed]
 * @property {(via: string) => Preview} [choose] its preview
 * @property {string} [commit] a move played at once
 *
 * @typedef {{name: string, data: Record<string, string|number|boolean|null>}} GridItem
 */

/**
 * A game's adapter: how sessions open over its engine and how moves are
 * previewed, named and announced.
 * @template {Session} [S=Session]
 * @typedef {object} Rules
 * @property {string} name
 * @property {string} store the saved game's slot
 * @property {URL} worker the bot's worker module
 * @property {Settings} defaults
 * @property {number} levels the highest bot level
 * @property {[number, number]} [sizes] the board sizes offered [min, max], if several
 * @property {boolean} mouseClickPlaces
 * @property {boolean} [assists] Hint and Undo are offered against the bot
 * @property {(settings: Settings, seed: string|undefined, options: {word?: string, secret?: boolean}) => S} open
 * @property {(move: string) => boolean} isPass
 * @property {(sq: number, n: number) => string} squareName
 * @property {(session: S, sq: number, preview: Preview|null, via: string) => {commit?: string, preview?: Preview}|null} tap
 * @property {(session: S, sq: number) => Preview|null} hover
 * @property {(p: Preview, session: S) => string} previewText
 * @property {(session: S) => number[]} hints the cells the pencil dots mark
 * @property {(session: S, preview: Preview|null) => Choice[]} choices
 * @property {(session: S, sq: number, preview: Preview|null, hints: boolean) => GridItem} gridItem
 * @property {(sq: number) => string|null} describedBy
 * @property {number[]} tipSquares
 * @property {(side: string, move: string, s: Snapshot, book?: boolean) => string} playedText
 * @property {(side: string, move: string, s: Snapshot) => string} timeoutText
 * @property {(s: Snapshot, who: (color: string) => string) => string} resultText
 * @property {(move: string) => string} moveText
 */

/**
 * @typedef {object} TableState the one state object of a table page
 * @property {Rules} rules
 * @property {Session|null} session
 * @property {Settings} settings
 * @property {Preview|null} preview
 * @property {number} cursor the keyboard's cell, -1 for none
 * @property {boolean} keyboard whether the cursor is drawn
 * @property {number|null} deadline when the turn's clock runs out (ms since the epoch)
 * @property {(() => void)|null} stopClock
 * @property {number|null} secondsLeft
 * @property {{placed: number, flips: number[], start: number}|null} anim
 * @property {boolean} movesOpen
 * @property {boolean} seedShown
 * @property {number} botTimeMs
 * @property {boolean} [review] a review is open: no move is made, the review draws
 * @property {{sq: number, text: string, exact: boolean, ply: number}|null} [hint] the bot's best move, shown until the next move
 * @property {boolean} [hintPending] a hint is being worked out
 * @property {boolean} [storeHeld] the stored game is a newer version's: kept, not overwritten
 * @property {boolean} [opening] the first game is set up but not yet shown (table/start.js): no move yet
 * @property {import('../online/online.js').Online|null} [online] the online table this page sits at
 * @property {{sync: () => void, stop: () => void, ready: Promise<void>}|null} [gameClock] both game clocks, once loaded (table/game-clock.js)
 * @property {Promise<void>|null} [clockReady] the game clock's module and style, while they load
 * @property {Promise<void>} [finishing] the finished game kept (core/finished.js, loaded at the end)
 *
 * @typedef {{update?: (state: TableState, flags: {canAct: boolean}) => void, review?: {draw: (view: ReturnType<typeof import('./view.js').createView>) => void}}} Hooks
 *
 * @typedef {object} TableController what createTable returns, for the view, the controls and the page
 * @property {TableState} state
 * @property {(move: string) => void} play
 * @property {(sq: number, via: string) => void} tap
 * @property {(sq: number) => void} hover
 * @property {(via: string) => void} clearPreview
 * @property {(item: Choice) => void} choose
 * @property {() => boolean} canAct
 * @property {() => void} update
 * @property {(params: ReturnType<typeof import('./boot.js').readParams>, pause?: () => Promise<void>) => Promise<void>} start
 * @property {(choice: NewGame) => string|null} startNew
 * @property {(text: string) => void} showRecord
 * @property {(sq: number, keyboard: boolean) => void} cursorMoved
 * @property {() => void} hint asks the bot for the best move (Hint)
 * @property {() => void} undo takes back the person's last move (Undo)
 * @property {() => boolean} assistsShown whether Hint and Undo are offered
 *
 * @typedef {{seats: string, level: number, clock: number|string, size?: number, seed: string, secret: boolean, word: string, handicap?: string}} NewGame
 *   what the New game dialog starts
 */

export {};
