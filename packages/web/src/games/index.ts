import { chinatownUi } from './chinatown/index.js';
import { GenericBoard } from './generic.js';
import { manhattanUi } from './manhattan.js';
import { mycityUi } from './mycity.js';
import { nynyUi } from './nyny.js';
import type { GameUi } from './types.js';

/** Each game's client side: its board and its log in words (its options as form inputs: `form-options.ts`). */
export const GAME_UI: Record<string, GameUi> = {
  nyny: nynyUi,
  manhattan: manhattanUi,
  mycity: mycityUi,
  chinatown: chinatownUi,
};

export const uiOf = (game: string): GameUi => GAME_UI[game] ?? {};
export { GenericBoard };
