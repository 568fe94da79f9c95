/**
 * Manhattan's client side: its board (`Board.tsx`, made of the parts beside it), its log in words and its scores
 * per round. Loaded by the web client only, when a table of this game is first shown.
 */
import type { GameUi, KitKey } from '@skyline/board-kit';
import type { ManhattanMove, ManhattanView } from '@skyline/manhattan';
import { ManhattanBoard } from './Board.js';
import { describeEntry } from './log.js';
import { manhattanSeat } from './seat.js';
import type { ManhattanKey, T } from './words.js';

export type { ManhattanMove, ManhattanView };
export { ManhattanBoard };

export const manhattanUi: GameUi<ManhattanKey | KitKey> = {
  Board: ManhattanBoard,
  describe: (entry, names, t: T, _lang, context) => describeEntry(entry, names, t, context),
  rounds: (view) => (view as ManhattanView).history,
  seat: (view, seat, t: T) => manhattanSeat(view as ManhattanView, seat, t),
};
