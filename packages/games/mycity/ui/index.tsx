/**
 * My City's client side (`@skyline/mycity/ui`): its board (`Board.tsx` puts the parts together) and its log in words.
 * Shapes, their turning and the scores are the game's own (`src/`), never copied here.
 */
import type { GameUi, KitKey } from '@skyline/board-kit';
import type { MyCityView } from '@skyline/mycity';
import { MyCityBoard } from './Board.js';
import { describeEntry } from './log.js';
import { mycitySeat } from './seat.js';
import type { MyCityKey } from './words.js';

export { MyCityBoard } from './Board.js';
export type { MyCityView };

export const mycityUi: GameUi<MyCityKey | KitKey> = {
  Board: MyCityBoard,
  describe: (entry, names, t, _lang, context) => describeEntry(entry, names, t, context),
  rounds: (view) => (view as MyCityView).history,
  period: 'episode',
  together: true,
  seat: (view, seat, t) => mycitySeat(view as MyCityView, seat, t),
};
