/** Chinatown's client side: the board (Board.tsx), its pieces in words (shops.ts) and its log (log.ts). */
import type { ChinatownView } from '@skyline/chinatown';
import type { GameUi } from '../types.js';
import { ChinatownBoard } from './Board.js';
import { describeMove } from './log.js';

export { ChinatownBoard };
export const chinatownUi: GameUi = {
  Board: ChinatownBoard,
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
  describe: describeMove,
  rounds: (view) => (view as ChinatownView).income,
  money: true,
  together: true,
  restLabel: 'chinatown.restOfMoney',
};
