import type { Key } from '../i18n.js';
import { chinatownUi } from './chinatown/index.js';
import { GenericBoard, type GameUi } from '@skyline/board-kit';
import { manhattanUi } from './manhattan.js';
import { mycityUi } from './mycity.js';
import { nynyUi } from '@skyline/nyny/ui';

/** Each game's client side: its board and its log in words (its options as form inputs: `form-options.ts`). */
export const GAME_UI: Record<string, GameUi<Key>> = {
  nyny: nynyUi,
  manhattan: manhattanUi,
  mycity: mycityUi,
  chinatown: chinatownUi,
};

export const uiOf = (game: string): GameUi<Key> => GAME_UI[game] ?? {};
export { GenericBoard };
