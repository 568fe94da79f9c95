import { GenericBoard } from './generic.js';
import { manhattanUi } from './manhattan.js';
import { mycityUi } from './mycity.js';
import { nynyUi } from './nyny.js';
import type { GameUi } from './types.js';

/** Each game's client side: its board, its options with plain-language labels, its log in words. */
export const GAME_UI: Record<string, GameUi> = {
  nyny: nynyUi,
  manhattan: manhattanUi,
  mycity: mycityUi,
  chinatown: {
    options: [
      { name: 'economy', label: 'chinatown.opt.economy', kind: 'boolean', default: true },
      { name: 'streetAccess', label: 'chinatown.opt.streetAccess', kind: 'boolean', default: false },
      { name: 'keepLotCards', label: 'chinatown.opt.keepLotCards', kind: 'boolean', default: false },
      { name: 'drawMax', label: 'chinatown.opt.drawMax', kind: 'boolean', default: false },
      {
        name: 'sequentialPlacement',
        label: 'chinatown.opt.sequentialPlacement',
        kind: 'boolean',
        default: false,
      },
    ],
  },
};

export const uiOf = (game: string): GameUi => GAME_UI[game] ?? { options: [] };
export { GenericBoard };
