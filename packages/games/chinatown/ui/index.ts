/** Chinatown's client side: the board (Board.tsx), its pieces in words (pieces.ts) and its log (log.ts). */
import type { ChinatownView } from '@skyline/chinatown';
import type { GameUi, KitKey } from '@skyline/board-kit';
import type { ChinatownKey } from './words.js';
import { ChinatownBoard } from './Board.js';
import { describeMove } from './log.js';
import { chinatownSeat } from './seat.js';

export { ChinatownBoard };
export const chinatownUi: GameUi<ChinatownKey | KitKey> = {
  Board: ChinatownBoard,
  describe: describeMove,
  rounds: (view) => (view as ChinatownView).income,
  money: true,
  together: true,
  restLabel: 'chinatown.restOfMoney',
  seat: (view, seat, t, lang) => chinatownSeat(view as ChinatownView, seat, t, lang),
};
