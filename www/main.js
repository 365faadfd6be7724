// @ts-check
// The Othello page: wiring only. The table controller (table.js) with
// Othello's rules adapter (othello-game.js) and the table's words.

import { ready } from './engine.js';
import { addWords } from './i18n.js';
import { TABLE_WORDS } from './table-text.js';
import { ERROR_WORDS } from './error-text.js';
import { bootTable } from './table.js';
import { othello } from './othello-game.js';

addWords(TABLE_WORDS);
addWords(ERROR_WORDS);
bootTable(othello, { ready });
