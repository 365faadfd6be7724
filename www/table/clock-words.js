// @ts-check
// The game clock's words (table/game-clock.js, the New game dialog's clock
// choices), in the page's three languages; added to the page's words when
// a game clock is chosen or the dialog opens, not before the first board.

/** @type {import('../core/i18n.js').Dictionary} */
export const CLOCK_WORDS = {
  en: {
    clockChoice: 'Clock',
    clockPerTurn: 'A clock a turn',
    clockPerGame: 'A clock a game (minutes + seconds a move)',
    gameClockRule: 'Each player has {base} for the game, and {inc} s more after each move; whoever runs out of time loses.',
    gameClockRuleNoInc: 'Each player has {base} for the game; whoever runs out of time loses.',
    clockOf: 'Clock — {color}: {time}',
    clockRunning: 'running',
    // The engine's refusals under a game clock (core/errors.js says the others).
    'error.flag-fell': 'The time ran out before the move: the game is lost on time.',
    'error.no-table-move': 'Under a game clock the table never moves for a player.',
    'error.clock-needs-time': 'Under a game clock each move is played at its instant.',
    'error.clock-no-undo': 'No undo under a game clock.',
    'error.bad-clock-state': 'The saved clock does not fit the game’s moves.',
  },
  pt: {
    clockChoice: 'Relógio',
    clockPerTurn: 'Um relógio por vez',
    clockPerGame: 'Um relógio por partida (minutos + segundos por lance)',
    gameClockRule: 'Cada jogador tem {base} para a partida, e mais {inc} s após cada lance; quem ficar sem tempo perde.',
    gameClockRuleNoInc: 'Cada jogador tem {base} para a partida; quem ficar sem tempo perde.',
    clockOf: 'Relógio — {color}: {time}',
    clockRunning: 'correndo',
    // The engine's refusals under a game clock (core/errors.js says the others).
    'error.flag-fell': 'O tempo acabou antes do lance: a partida está perdida por tempo.',
    'error.no-table-move': 'Com relógio por partida, a mesa nunca joga por ninguém.',
    'error.clock-needs-time': 'Com relógio por partida, cada lance é jogado no seu instante.',
    'error.clock-no-undo': 'Não há desfazer com relógio por partida.',
    'error.bad-clock-state': 'O relógio guardado não combina com os lances da partida.',
  },
  it: {
    clockChoice: 'Orologio',
    clockPerTurn: 'Un orologio a turno',
    clockPerGame: 'Un orologio a partita (minuti + secondi a mossa)',
    gameClockRule: 'Ogni giocatore ha {base} per la partita, e {inc} s in più dopo ogni mossa; chi resta senza tempo perde.',
    gameClockRuleNoInc: 'Ogni giocatore ha {base} per la partita; chi resta senza tempo perde.',
    clockOf: 'Orologio — {color}: {time}',
    clockRunning: 'in corsa',
    // The engine's refusals under a game clock (core/errors.js says the others).
    'error.flag-fell': 'Il tempo è scaduto prima della mossa: la partita è persa a tempo.',
    'error.no-table-move': 'Con l’orologio a partita il tavolo non muove mai per un giocatore.',
    'error.clock-needs-time': 'Con l’orologio a partita ogni mossa si gioca nel suo istante.',
    'error.clock-no-undo': 'Niente annulla con l’orologio a partita.',
    'error.bad-clock-state': 'L’orologio salvato non corrisponde alle mosse della partita.',
  },
};

/** The game clocks the New game dialog offers (docs/rules.md, T21). */
export const GAME_CLOCKS = ['60+0', '180+2', '300+0', '600+5', '1800+0'];
