// Every text the table shows, in Portuguese (pt-BR), English and Italian.
// `t(key, params)` fills `{name}` slots; `discs(n)` and colour names agree in number.

const STRINGS = {
  en: {
    title: 'Virada',
    tagline: 'Othello at one table',
    dark: 'Dark',
    light: 'Light',
    darkLower: 'dark',
    lightLower: 'light',
    darkPlural: 'dark',
    lightPlural: 'light',
    disc1: '1 disc',
    discN: '{n} discs',
    sqEmpty: 'empty',
    sqDark: 'dark disc',
    sqLight: 'light disc',
    sqLegal: 'legal move, flips {discs}',
    sqPreview: 'preview',
    sqWouldFlip: 'would flip',
    sqLast: 'last move',
    sqCorner: 'corner',
    boardLabel: 'Board, a1 at the top left',
    place: 'Place',
    allMoves: 'All my moves',
    newGame: 'New game',
    sound: 'Sound',
    mute: 'Mute',
    unmute: 'Unmute',
    copyRecord: 'Copy record',
    verify: 'Verify a game',
    language: 'Language',
    person: 'Person',
    you: 'you',
    player: 'player {n}',
    bot: 'bot',
    botLevel: 'bot, level {n}',
    toPlay: '{color} to play ({who})',
    thinking: 'The bot is thinking…',
    boxTurn: '▸ to play',
    clock: '{s} s',
    clockOff: 'no clock',
    clockLabel: 'Clock',
    played: '{color} played {sq} and flipped {discs}.',
    yourTurn: 'Your turn: {color}.',
    passed: '{color} has no legal square and passes. {other} plays again.',
    timeout: 'Time ran out for {color}: the table placed {sq} (flips {discs}).',
    timeoutPass: 'Time ran out for {color}: the table passed.',
    win: '{color} wins, {a} to {b}.',
    draw: 'A draw, {a} to {b}.',
    gameOver: 'Game over',
    started: 'New game. {color} plays first ({who}).',
    preview: 'Preview {sq}: flips {discs}. Tap again or press Place.',
    previewKey: 'Preview {sq}: flips {discs}. Enter again places it.',
    notLegal: '{sq} is not a legal square.',
    onBoard: 'on the board',
    toPlaceN: '{n} to place',
    boxHelp:
      'The number counts the {plural} discs on the board. The row shows the discs {side} still has to place: 30 at the start, one per move. If a side runs out while it can still move, the other gives it one.',
    cornerHelp: 'A corner: no line can close a corner, so a disc here is never flipped.',
    movesTitle: 'All my moves',
    moveEntry: '{sq} — {discs}',
    noMoves: 'No legal square: the table passes.',
    history: 'Moves',
    byTable: 'placed by the table',
    fairTitle: 'Why it is fair',
    fairText:
      'Nothing is hidden and nothing depends on luck except who plays dark. A secret seed decides that. You see its fingerprint when the game starts and the seed itself when it ends, so you can check.',
    fingerprint: 'Fingerprint (SHA-256 of the seed)',
    seed: 'Seed',
    seedLater: 'shown when the game ends',
    seedChosen: 'This seed was chosen in the address, not drawn in secret.',
    abandoned: 'Game abandoned. Its seed was {seed}.',
    settings: 'Settings (for the next game)',
    seats: 'Seats',
    seatsPB: 'Person vs bot',
    seatsPP: 'Two people',
    seatsBB: 'Bot vs bot',
    clockSetting: 'Clock per turn',
    clockNone: 'None',
    level: 'Bot level',
    storeBroken: 'The saved game could not be read, so a fresh game has started.',
    startFailed: 'The table could not start: {msg}',
    botFailed: 'The bot could not move: {msg}',
    copied: 'Record copied.',
    copyFailed: 'Could not copy; the record is shown below.',
    downloadRecord: 'Download the record',
    downloadGgf: 'Download as GGF',
    shareRecord: 'Link that checks this game',
    record: 'Record',
    muted: 'Sound off.',
    unmuted: 'Sound on.',
    keysHelp: 'Arrows move, Enter previews then places, M mutes.',
  },
  pt: {
    title: 'Virada',
    tagline: 'Othello em uma mesa',
    dark: 'Escuro',
    light: 'Claro',
    darkLower: 'escuro',
    lightLower: 'claro',
    darkPlural: 'escuros',
    lightPlural: 'claros',
    disc1: '1 disco',
    discN: '{n} discos',
    sqEmpty: 'vazia',
    sqDark: 'disco escuro',
    sqLight: 'disco claro',
    sqLegal: 'jogada possível, vira {discs}',
    sqPreview: 'prévia',
    sqWouldFlip: 'viraria',
    sqLast: 'última jogada',
    sqCorner: 'canto',
    boardLabel: 'Tabuleiro, a1 no canto superior esquerdo',
    place: 'Colocar',
    allMoves: 'Todas as minhas jogadas',
    newGame: 'Novo jogo',
    sound: 'Som',
    mute: 'Silenciar',
    unmute: 'Ativar som',
    copyRecord: 'Copiar registro',
    verify: 'Verificar um jogo',
    language: 'Idioma',
    person: 'Pessoa',
    you: 'você',
    player: 'jogador {n}',
    bot: 'bot',
    botLevel: 'bot, nível {n}',
    toPlay: 'Vez do {color} ({who})',
    thinking: 'O bot está pensando…',
    boxTurn: '▸ joga agora',
    clock: '{s} s',
    clockOff: 'sem cronômetro',
    clockLabel: 'Cronômetro',
    played: '{color} jogou {sq} e virou {discs}.',
    yourTurn: 'Sua vez: {color}.',
    passed: '{color} não tem casa para jogar e passa. {other} joga de novo.',
    timeout: 'O tempo do {color} acabou: a mesa colocou {sq} (vira {discs}).',
    timeoutPass: 'O tempo do {color} acabou: a mesa passou.',
    win: '{color} vence, {a} a {b}.',
    draw: 'Empate, {a} a {b}.',
    gameOver: 'Fim de jogo',
    started: 'Novo jogo. {color} joga primeiro ({who}).',
    preview: 'Prévia em {sq}: vira {discs}. Toque de novo ou em Colocar.',
    previewKey: 'Prévia em {sq}: vira {discs}. Enter de novo coloca.',
    notLegal: '{sq} não é uma casa possível.',
    onBoard: 'no tabuleiro',
    toPlaceN: '{n} para colocar',
    boxHelp:
      'O número conta os discos {plural} no tabuleiro. A fileira mostra os discos que o {side} ainda tem para colocar: 30 no início, um por jogada. Se um lado ficar sem discos e ainda puder jogar, o outro lhe dá um.',
    cornerHelp: 'Um canto: nenhuma linha pode fechar um canto, então um disco aqui nunca é virado.',
    movesTitle: 'Todas as minhas jogadas',
    moveEntry: '{sq} — {discs}',
    noMoves: 'Nenhuma casa possível: a mesa passa.',
    history: 'Jogadas',
    byTable: 'colocada pela mesa',
    fairTitle: 'Por que é justo',
    fairText:
      'Nada fica escondido e nada depende da sorte, exceto quem joga com o escuro. Uma semente secreta decide isso. Você vê a impressão digital dela quando o jogo começa, e a própria semente quando ele termina, e assim pode conferir.',
    fingerprint: 'Impressão digital (SHA-256 da semente)',
    seed: 'Semente',
    seedLater: 'mostrada quando o jogo termina',
    seedChosen: 'Esta semente foi escolhida no endereço, não sorteada em segredo.',
    abandoned: 'Jogo abandonado. A semente era {seed}.',
    settings: 'Ajustes (para o próximo jogo)',
    seats: 'Lugares',
    seatsPB: 'Pessoa contra bot',
    seatsPP: 'Duas pessoas',
    seatsBB: 'Bot contra bot',
    clockSetting: 'Cronômetro por vez',
    clockNone: 'Nenhum',
    level: 'Nível do bot',
    storeBroken: 'O jogo salvo não pôde ser lido; um jogo novo começou.',
    startFailed: 'A mesa não pôde começar: {msg}',
    botFailed: 'O bot não conseguiu jogar: {msg}',
    copied: 'Registro copiado.',
    copyFailed: 'Não foi possível copiar; o registro aparece abaixo.',
    downloadRecord: 'Baixar o registro',
    downloadGgf: 'Baixar em GGF',
    shareRecord: 'Link que verifica este jogo',
    record: 'Registro',
    muted: 'Som desligado.',
    unmuted: 'Som ligado.',
    keysHelp: 'Setas percorrem as casas, Enter mostra e depois coloca, M desliga o som.',
  },
  it: {
    title: 'Virada',
    tagline: 'Othello a un tavolo',
    dark: 'Scuro',
    light: 'Chiaro',
    darkLower: 'scuro',
    lightLower: 'chiaro',
    darkPlural: 'scuri',
    lightPlural: 'chiari',
    disc1: '1 disco',
    discN: '{n} dischi',
    sqEmpty: 'vuota',
    sqDark: 'disco scuro',
    sqLight: 'disco chiaro',
    sqLegal: 'mossa possibile, gira {discs}',
    sqPreview: 'anteprima',
    sqWouldFlip: 'verrebbe girato',
    sqLast: 'ultima mossa',
    sqCorner: 'angolo',
    boardLabel: 'Tavoliere, a1 in alto a sinistra',
    place: 'Posiziona',
    allMoves: 'Tutte le mie mosse',
    newGame: 'Nuova partita',
    sound: 'Suono',
    mute: 'Silenzia',
    unmute: 'Riattiva suono',
    copyRecord: 'Copia registrazione',
    verify: 'Verifica una partita',
    language: 'Lingua',
    person: 'Persona',
    you: 'tu',
    player: 'giocatore {n}',
    bot: 'bot',
    botLevel: 'bot, livello {n}',
    toPlay: 'Turno di {color} ({who})',
    thinking: 'Il bot sta pensando…',
    boxTurn: '▸ gioca ora',
    clock: '{s} s',
    clockOff: 'senza orologio',
    clockLabel: 'Orologio',
    played: '{color} ha giocato {sq} e girato {discs}.',
    yourTurn: 'Tocca a te: {color}.',
    passed: '{color} non ha caselle possibili e passa. {other} gioca di nuovo.',
    timeout: 'Tempo scaduto ({color}): il tavolo ha posizionato {sq} (gira {discs}).',
    timeoutPass: 'Tempo scaduto ({color}): il tavolo ha passato.',
    win: 'Vince {color}, {a} a {b}.',
    draw: 'Pareggio, {a} a {b}.',
    gameOver: 'Partita finita',
    started: 'Nuova partita. Inizia {color} ({who}).',
    preview: 'Anteprima su {sq}: gira {discs}. Tocca di nuovo o premi Posiziona.',
    previewKey: 'Anteprima su {sq}: gira {discs}. Invio di nuovo la posiziona.',
    notLegal: '{sq} non è una casella possibile.',
    onBoard: 'sul tavoliere',
    toPlaceN: '{n} da posizionare',
    boxHelp:
      'Il numero conta i dischi {plural} sul tavoliere. La fila mostra i dischi {plural} ancora da posizionare: 30 all’inizio, uno per mossa. Se un giocatore li finisce e può ancora muovere, l’altro gliene dà uno.',
    cornerHelp: 'Un angolo: nessuna linea può chiudere un angolo, quindi un disco qui non viene mai girato.',
    movesTitle: 'Tutte le mie mosse',
    moveEntry: '{sq} — {discs}',
    noMoves: 'Nessuna casella possibile: il tavolo passa.',
    history: 'Mosse',
    byTable: 'posizionata dal tavolo',
    fairTitle: 'Perché è equo',
    fairText:
      'Niente è nascosto e niente dipende dalla fortuna, tranne chi gioca con lo scuro. Lo decide un seme segreto. Ne vedi l’impronta quando la partita inizia e il seme stesso quando finisce, così puoi controllare.',
    fingerprint: 'Impronta (SHA-256 del seme)',
    seed: 'Seme',
    seedLater: 'mostrato a fine partita',
    seedChosen: 'Questo seme è stato scelto nell’indirizzo, non estratto in segreto.',
    abandoned: 'Partita abbandonata. Il seme era {seed}.',
    settings: 'Impostazioni (per la prossima partita)',
    seats: 'Posti',
    seatsPB: 'Persona contro bot',
    seatsPP: 'Due persone',
    seatsBB: 'Bot contro bot',
    clockSetting: 'Orologio per turno',
    clockNone: 'Nessuno',
    level: 'Livello del bot',
    storeBroken: 'La partita salvata non era leggibile: è iniziata una partita nuova.',
    startFailed: 'Il tavolo non è potuto partire: {msg}',
    botFailed: 'Il bot non è riuscito a muovere: {msg}',
    copied: 'Registrazione copiata.',
    copyFailed: 'Impossibile copiare; la registrazione è qui sotto.',
    downloadRecord: 'Scarica la registrazione',
    downloadGgf: 'Scarica in GGF',
    shareRecord: 'Link che verifica questa partita',
    record: 'Registrazione',
    muted: 'Suono spento.',
    unmuted: 'Suono acceso.',
    keysHelp: 'Le frecce si muovono, Invio mostra e poi posiziona, M silenzia.',
  },
};

/** The languages offered, with their names in themselves. */
export const LANGUAGES = [
  ['pt', 'Português'],
  ['en', 'English'],
  ['it', 'Italiano'],
];

const HTML_LANG = { pt: 'pt-BR', en: 'en', it: 'it' };

let current = 'en';

/** Picks a language: `?lang=` forces one, then the remembered choice, then the browser's. */
export function chooseLanguage(query, remembered, browserLanguages) {
  const known = (code) => {
    const short = String(code || '').toLowerCase().slice(0, 2);
    return STRINGS[short] ? short : null;
  };
  return known(query) || known(remembered) || (browserLanguages || []).map(known).find(Boolean) || 'en';
}

/** Sets the language used by `t` and the page's `lang` attribute. */
export function setLanguage(code) {
  current = STRINGS[code] ? code : 'en';
  document.documentElement.lang = HTML_LANG[current];
}

/** The language in use. */
export function language() {
  return current;
}

/** The text for `key` with `{slots}` filled from `params`. */
export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** "1 disc" / "3 discs" in the current language. */
export function discs(n) {
  return n === 1 ? t('disc1') : t('discN', { n });
}

/** "Dark"/"Light" (capitalised) or "dark"/"light" for a colour name `dark`|`light`. */
export function colorName(color, lower = false) {
  return t(color + (lower ? 'Lower' : ''));
}

/** Fills every element with `data-i18n="key"` (text) and `data-i18n-label` (aria-label). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  }
}
