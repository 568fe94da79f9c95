/**
 * New York, New York's client side: its board (`Board.tsx`, made of the parts beside it), its log in words and its
 * scores per round. Loaded by the web client only, when a table of this game is first shown.
 */
import type { GameUi, KitKey } from '@skyline/board-kit';
import type { NynyMove, NynyView } from '@skyline/nyny';
import { NynyBoard } from './Board.js';
import { describeEntry } from './log.js';
import { nynySeat } from './seat.js';
import type { NynyKey, T } from './words.js';

export type { NynyMove, NynyView };
export { NynyBoard };

export const nynyUi: GameUi<NynyKey | KitKey> = {
  Board: NynyBoard,
  describe: (entry, names, t: T, _lang, context) => describeEntry(entry, names, t, context),
  rounds: (view) => (view as NynyView).history,
  seat: (view, seat, t: T) => nynySeat(view as NynyView, seat, t),
};
