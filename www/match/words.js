// @ts-check
// The words of match play (V1) at the table, in Portuguese (pt-BR), English
// and Italian (through core/i18n.js); Verify a game's are in verify/match-words.js.

const POINTS = [16, 32, 64, 128];
const GAMES = [2, 4, 6, 8];

/**
 * The dialog's choices, one key each (`matchTo16`, `matchGames4`), since
 * option texts are filled by key.
 * @param {(n: number) => string} to
 * @param {(n: number) => string} games
 * @returns {Record<string, string>}
 */
function choices(to, games) {
  return Object.fromEntries([
    ...POINTS.map((n) => [`matchTo${n}`, to(n)]),
    ...GAMES.map((n) => [`matchGames${n}`, games(n)]),
  ]);
}

/** @type {import('../core/i18n.js').Dictionary} */
export const MATCH_WORDS = {
  en: {
    matchSetting: 'One game or a match',
    matchOne: 'One game',
    ...choices((n) => `Match to ${n} points`, (n) => `Match of ${n} games`),
    matchTitlePoints: 'Match to {n} points',
    matchTitleGames: 'Match of {n} games',
    matchGameNow: 'game {n}',
    matchGame: 'Game {n}: {who} +{points}',
    matchGameDraw: 'Game {n}: a draw, no points',
    matchAfter: 'Game {n} is over. Match: {first} {a} – {b} {second}.',
    matchNextTitle: 'Game {n}: the table has drawn its seed',
    matchNextFingerprint: 'Its fingerprint (SHA-256 of the seed), shown before the game starts',
    matchNext: 'Next game',
    matchWon: 'Match won by {who}, {a} to {b}.',
    matchDrawn: 'The match is drawn, {a} to {b}.',
    matchCopy: 'Copy match record',
    matchDownload: 'Download match record',
    matchVerify: 'Verify the match',
    matchRated: 'A game of a match counts: no hint, no undo.',
    // The engine's codes for a game that cannot join a match (match_status, match_record).
    'error.bad-match': 'A match is to 16, 32, 64 or 128 points, or of 2, 4, 6 or 8 games.',
    'error.bad-record': 'A game of the match has a record that cannot be read.',
    'error.seats-mismatch': 'A game of the match was played by other seats.',
    'error.match-over': 'The match was already over.',
    'error.game-unfinished': 'A game of a match must be played to its end.',
    'error.too-many-games': 'The match holds too many games.',
    'error.no-games': 'The match holds no game yet.',
  },
  pt: {
    matchSetting: 'Uma partida ou uma série',
    matchOne: 'Uma partida',
    ...choices((n) => `Série até ${n} pontos`, (n) => `Série de ${n} partidas`),
    matchTitlePoints: 'Série até {n} pontos',
    matchTitleGames: 'Série de {n} partidas',
    matchGameNow: 'partida {n}',
    matchGame: 'Partida {n}: {who} +{points}',
    matchGameDraw: 'Partida {n}: empate, sem pontos',
    matchAfter: 'A partida {n} acabou. Série: {first} {a} – {b} {second}.',
    matchNextTitle: 'Partida {n}: a mesa sorteou a semente',
    matchNextFingerprint: 'A impressão digital (SHA-256 da semente), mostrada antes de a partida começar',
    matchNext: 'Próxima partida',
    matchWon: 'Série vencida por {who}, {a} a {b}.',
    matchDrawn: 'A série terminou empatada, {a} a {b}.',
    matchCopy: 'Copiar o registro da série',
    matchDownload: 'Baixar o registro da série',
    matchVerify: 'Verificar a série',
    matchRated: 'Uma partida de uma série conta: sem dicas, sem desfazer.',
    // The engine's codes for a game that cannot join a match (match_status, match_record).
    'error.bad-match': 'Uma série vai até 16, 32, 64 ou 128 pontos, ou tem 2, 4, 6 ou 8 partidas.',
    'error.bad-record': 'Uma partida da série tem um registro que não se lê.',
    'error.seats-mismatch': 'Uma partida da série foi jogada por outros lugares.',
    'error.match-over': 'A série já tinha acabado.',
    'error.game-unfinished': 'Uma partida de uma série tem de ser jogada até o fim.',
    'error.too-many-games': 'A série tem partidas demais.',
    'error.no-games': 'A série ainda não tem nenhuma partida.',
  },
  it: {
    matchSetting: 'Una partita o una sfida',
    matchOne: 'Una partita',
    ...choices((n) => `Sfida a ${n} punti`, (n) => `Sfida di ${n} partite`),
    matchTitlePoints: 'Sfida a {n} punti',
    matchTitleGames: 'Sfida di {n} partite',
    matchGameNow: 'partita {n}',
    matchGame: 'Partita {n}: {who} +{points}',
    matchGameDraw: 'Partita {n}: patta, nessun punto',
    matchAfter: 'La partita {n} è finita. Sfida: {first} {a} – {b} {second}.',
    matchNextTitle: 'Partita {n}: il tavolo ha estratto il seme',
    matchNextFingerprint: 'La sua impronta (SHA-256 del seme), mostrata prima che la partita cominci',
    matchNext: 'Prossima partita',
    matchWon: 'Sfida vinta da {who}, {a} a {b}.',
    matchDrawn: 'La sfida finisce pari, {a} a {b}.',
    matchCopy: 'Copia il registro della sfida',
    matchDownload: 'Scarica il registro della sfida',
    matchVerify: 'Verifica la sfida',
    matchRated: 'Una partita di una sfida conta: niente suggerimenti, niente annullamenti.',
    // The engine's codes for a game that cannot join a match (match_status, match_record).
    'error.bad-match': 'Una sfida è a 16, 32, 64 o 128 punti, oppure di 2, 4, 6 o 8 partite.',
    'error.bad-record': 'Una partita della sfida ha un registro che non si legge.',
    'error.seats-mismatch': 'Una partita della sfida è stata giocata da altri posti.',
    'error.match-over': 'La sfida era già finita.',
    'error.game-unfinished': 'Una partita di una sfida va giocata fino alla fine.',
    'error.too-many-games': 'La sfida contiene troppe partite.',
    'error.no-games': 'La sfida non contiene ancora nessuna partita.',
  },
};
