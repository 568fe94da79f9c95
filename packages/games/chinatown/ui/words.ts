import type { KitKey, Translate } from '@skyline/board-kit';
import type en from '../text/en.json';

/** The keys of Chinatown's words (`text/<lang>.json`). */
export type ChinatownKey = keyof (typeof en)['words'];

/** What the board and its log may say: the game's words and the board kit's. */
export type T = Translate<ChinatownKey | KitKey>;
