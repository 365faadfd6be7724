// The Othello page: wiring only. The table controller (table.js) with
// Othello's rules adapter (othello-game.js) and the table's words.

import { ready } from './engine.js';
import { addWords } from './i18n.js';
import { TABLE_WORDS } from './table-text.js';
import { ONLINE_WORDS } from './online-text.js';
import { bootTable } from './table-boot.js';
import { othello } from './othello-game.js';

addWords(TABLE_WORDS);
addWords(ONLINE_WORDS);
bootTable(othello, { ready });
