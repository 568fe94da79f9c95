import type { KitKey, Translate } from '@skyline/board-kit';
import type en from '../text/en.json';

/** The keys of New York, New York's words (`text/<lang>.json`). */
export type NynyKey = keyof (typeof en)['words'];

/** What the board and its log may say: the game's words and the board kit's. */
export type T = Translate<NynyKey | KitKey>;
