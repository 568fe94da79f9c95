import type { Key } from '../i18n.js';
import { chinatownUi } from '@skyline/chinatown/ui';
import { GenericBoard, type GameUi } from '@skyline/board-kit';
import { manhattanUi } from '@skyline/manhattan/ui';
import { mycityUi } from '@skyline/mycity/ui';
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
