// @ts-check
// The engine's errors in the page's language. The engine (the wasm
// GameTable, games/engine.js's `coded()`) throws errors whose message is
// `code: English sentence`; each stable code has a sentence here in every
// language, added by the page with `addWords(ERROR_WORDS)`. A code without
// one shows the engine's English.

import { t } from './i18n.js';

/** @type {import('./i18n.js').Dictionary} */
export const ERROR_WORDS = {
  en: {
    // Setting up a table
    'error.bad-game': 'The games are Othello and Nabucodonosor.',
    'error.bad-size': 'A Nabucodonosor board is 5 to 15 cells a side.',
    'error.bad-seats': 'Each of the two seats is a person or a bot.',
    'error.bad-level': 'That bot level does not exist for this game.',
    'error.bad-clock': 'Write minutes+seconds, like 3+2, seconds a move, like 30s, or days, like 2d.',
    'error.correspondence-online-only': 'Correspondence (days a move) is played online only.',
    'error.bad-word': 'The word is too long: at most 256 bytes fit in a record.',
    'error.bad-seed': 'A seed is 64 hexadecimal characters (0–9, a–f).',
    'error.no-random': 'This browser has no secure random source to draw a seed.',
    'error.bad-handicap': 'A handicap is seat1 or seat2, then :first and/or corners such as :a1,h8.',
    'error.bad-corner': 'A handicap’s discs go on the corners a1, h1, a8 and h8, each at most once.',
    'error.empty-handicap': 'A handicap gives the first move, a corner or both: choose at least one.',
    'error.handicap-othello-only': 'A handicap is for Othello only.',
    'error.handicap-after-start': 'A handicap is set before the first move.',
    // Moves
    'error.bad-move': 'That is not a move this table can read.',
    'error.table-move-mismatch': 'A stored move marked as the table’s is not the move the table makes when time runs out.',
    'error.game-over': 'The game is over.',
    'error.rated': 'Hints and undos are off at a rated table.',
    'error.nothing-to-undo': 'There is no move of yours to take back.',
    'error.bad-assists': 'The record’s hints and undos cannot be read.',
    'error.occupied': 'That square already holds a disc.',
    'error.no-flips': 'A disc there would turn over no disc of the other colour.',
    'error.pass-with-moves': 'You may pass only when you have no legal move.',
    'error.placement': 'A disc cannot be placed on that cell.',
    'error.capture': 'That rectangle is not a capture here.',
    'error.superko': 'That capture would repeat an earlier position.',
    'error.swap': 'The swap is only offered on the game’s second turn.',
    'error.pass': 'You may pass only when you have no other move.',
    // Other
    'error.wrong-game': 'That is not available for this game.',
    'error.bad-weights': 'The bot’s evaluation file was refused; it plays on its built-in weights.',
    'error.weights-in-use': 'The bot’s evaluation is already in use.',
    'error.bad-book': 'The bot’s opening book was refused; it plays its openings by search.',
    'error.book-in-use': 'The bot’s opening book is already in use.',
    'error.bad-position': 'That is not a position the bot can read.',
    'error.bad-split-job': 'A helper of the bot was given work it cannot read.',
    'error.bad-split-result': 'A helper of the bot answered in a way the bot cannot read.',
    'error.stopped': 'The search was stopped.',
  },
  pt: {
    'error.bad-game': 'Os jogos são Othello e Nabucodonosor.',
    'error.bad-size': 'Um tabuleiro de Nabucodonosor tem de 5 a 15 casas de lado.',
    'error.bad-seats': 'Cada um dos dois lugares é uma pessoa ou um bot.',
    'error.bad-level': 'Esse nível de bot não existe neste jogo.',
    'error.bad-clock': 'Escreva minutos+segundos, como 3+2, segundos por lance, como 30s, ou dias, como 2d.',
    'error.correspondence-online-only': 'A partida por correspondência (dias por lance) só se joga online.',
    'error.bad-word': 'A palavra é longa demais: cabem no máximo 256 bytes num registro.',
    'error.bad-handicap': 'Uma vantagem é seat1 ou seat2, depois :first e/ou cantos como :a1,h8.',
    'error.bad-corner': 'Os discos de uma vantagem vão nos cantos a1, h1, a8 e h8, cada um no máximo uma vez.',
    'error.empty-handicap': 'Uma vantagem dá a primeira jogada, um canto ou os dois: escolha ao menos um.',
    'error.handicap-othello-only': 'A vantagem é só para Othello.',
    'error.handicap-after-start': 'A vantagem é dada antes da primeira jogada.',
    'error.bad-seed': 'Uma semente tem 64 caracteres hexadecimais (0–9, a–f).',
    'error.no-random': 'Este navegador não tem fonte aleatória segura para sortear uma semente.',
    'error.bad-move': 'Essa não é uma jogada que a mesa consiga ler.',
    'error.table-move-mismatch': 'Uma jogada salva marcada como da mesa não é a jogada que a mesa faz quando o tempo acaba.',
    'error.game-over': 'A partida terminou.',
    'error.rated': 'Numa mesa que conta não há dicas nem desfazer.',
    'error.nothing-to-undo': 'Não há jogada sua para desfazer.',
    'error.bad-assists': 'Não é possível ler as dicas e os desfazer do registo.',
    'error.occupied': 'Essa casa já tem uma peça.',
    'error.no-flips': 'Uma peça ali não viraria nenhuma peça da outra cor.',
    'error.pass-with-moves': 'Só se pode passar quando não há jogada válida.',
    'error.placement': 'Não se pode colocar uma peça nessa casa.',
    'error.capture': 'Esse retângulo não é uma captura aqui.',
    'error.superko': 'Essa captura repetiria uma posição anterior.',
    'error.swap': 'A troca só é oferecida na segunda jogada da partida.',
    'error.pass': 'Só se pode passar quando não há outra jogada.',
    'error.wrong-game': 'Isso não existe neste jogo.',
    'error.bad-weights': 'O arquivo de avaliação do bot foi recusado; ele joga com os pesos embutidos.',
    'error.weights-in-use': 'A avaliação do bot já está em uso.',
    'error.bad-book': 'O livro de aberturas do bot foi recusado; ele joga as aberturas pela busca.',
    'error.book-in-use': 'O livro de aberturas do bot já está em uso.',
    'error.bad-position': 'Essa não é uma posição que o bot consiga ler.',
    'error.bad-split-job': 'Um ajudante do bot recebeu um trabalho que não consegue ler.',
    'error.bad-split-result': 'Um ajudante do bot respondeu de um jeito que o bot não consegue ler.',
    'error.stopped': 'A busca foi interrompida.',
  },
  it: {
    'error.bad-game': 'I giochi sono Othello e Nabucodonosor.',
    'error.bad-size': 'Una scacchiera di Nabucodonosor ha da 5 a 15 caselle per lato.',
    'error.bad-seats': 'Ciascuno dei due posti è una persona o un bot.',
    'error.bad-level': 'Quel livello del bot non esiste per questo gioco.',
    'error.bad-clock': 'Scrivi minuti+secondi, come 3+2, secondi a mossa, come 30s, o giorni, come 2d.',
    'error.correspondence-online-only': 'La partita per corrispondenza (giorni a mossa) si gioca solo online.',
    'error.bad-word': 'La parola è troppo lunga: in un registro stanno al massimo 256 byte.',
    'error.bad-handicap': 'Un vantaggio è seat1 o seat2, poi :first e/o angoli come :a1,h8.',
    'error.bad-corner': 'I dischi di un vantaggio vanno sugli angoli a1, h1, a8 e h8, ciascuno al massimo una volta.',
    'error.empty-handicap': 'Un vantaggio dà la prima mossa, un angolo o entrambi: scegline almeno uno.',
    'error.handicap-othello-only': 'Il vantaggio è solo per Othello.',
    'error.handicap-after-start': 'Il vantaggio si dà prima della prima mossa.',
    'error.bad-seed': 'Un seme è di 64 caratteri esadecimali (0–9, a–f).',
    'error.no-random': 'Questo browser non ha una fonte casuale sicura per estrarre un seme.',
    'error.bad-move': 'Non è una mossa che il tavolo sappia leggere.',
    'error.table-move-mismatch': 'Una mossa salvata come del tavolo non è la mossa che il tavolo fa allo scadere del tempo.',
    'error.game-over': 'La partita è finita.',
    'error.rated': 'A un tavolo che conta non ci sono suggerimenti né annullamenti.',
    'error.nothing-to-undo': 'Non c’è una tua mossa da annullare.',
    'error.bad-assists': 'I suggerimenti e gli annullamenti del registro non si leggono.',
    'error.occupied': 'Quella casella ha già una pedina.',
    'error.no-flips': 'Una pedina lì non girerebbe nessuna pedina dell’altro colore.',
    'error.pass-with-moves': 'Si può passare solo senza mosse valide.',
    'error.placement': 'Non si può mettere una pedina in quella casella.',
    'error.capture': 'Quel rettangolo qui non è una cattura.',
    'error.superko': 'Quella cattura ripeterebbe una posizione precedente.',
    'error.swap': 'Lo scambio è offerto solo al secondo turno della partita.',
    'error.pass': 'Si può passare solo senza altre mosse.',
    'error.wrong-game': 'Non è disponibile per questo gioco.',
    'error.bad-weights': 'Il file di valutazione del bot è stato rifiutato; gioca con i pesi incorporati.',
    'error.weights-in-use': 'La valutazione del bot è già in uso.',
    'error.bad-book': 'Il libro delle aperture del bot è stato rifiutato; gioca le aperture con la ricerca.',
    'error.book-in-use': 'Il libro delle aperture del bot è già in uso.',
    'error.bad-position': 'Non è una posizione che il bot sappia leggere.',
    'error.bad-split-job': 'Un aiutante del bot ha ricevuto un lavoro che non sa leggere.',
    'error.bad-split-result': 'Un aiutante del bot ha risposto in un modo che il bot non sa leggere.',
    'error.stopped': 'La ricerca è stata interrotta.',
  },
};

/**
 * An engine error in the page's language: the sentence of its code (an
 * Error's `code`, or the text before the first colon of its message), else
 * the engine's own message.
 * @param {unknown} error an Error from the engine, or an engine message
 * @returns {string}
 */
export function errorText(error) {
  const e = /** @type {{message?: unknown, code?: unknown}|null|undefined} */ (error);
  const message = String(e?.message ?? error);
  const code = typeof e?.code === 'string' ? e.code : /^([a-z0-9-]+):/.exec(message)?.[1];
  const key = `error.${code}`;
  const text = code ? t(key) : key;
  return text === key ? message : text;
}
