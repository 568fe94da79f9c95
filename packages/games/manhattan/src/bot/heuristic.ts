/**
 * Manhattan: the totals plus what the board would score now (a point per building, majorities in each city, the
 * tallest building), as a margin over the best rival; pieces and cards left are what the search looks at.
 */
import { margin, type Heuristic, type Seat } from '@skyline/engine';
import { scoreBoard, type ManhattanView } from '../index.js';
import { FLOORS_WEIGHT, judgeManhattan, manhattanPlayoutMove } from './playout.js';

/** Owners (-1: empty) and heights of the board's lots, in `scoreBoard`'s order. */
export function ownersAndHeights(view: ManhattanView): { owners: number[]; heights: number[] } {
  const owners: number[] = [];
  const heights: number[] = [];
  for (const city of view.board) {
    for (const stack of city) {
      const top = stack[stack.length - 1];
      owners.push(top === undefined ? -1 : top.seat);
      heights.push(stack.reduce((sum, piece) => sum + piece.floors, 0));
    }
  }
  return { owners, heights };
}

export const manhattanHeuristic: Heuristic = {
  evaluate(raw: unknown, seat: Seat): number {
    const view = raw as ManhattanView;
    if (view.phase === 'over') return margin(view.totals, seat);
    const { owners, heights } = ownersAndHeights(view);
    const board = scoreBoard(view.players, owners, heights).points;
    const projected = view.totals.map((total, s) => total + (board[s] as number));
    // Tall buildings are hard to take: a little for the floors a seat owns.
    const floors = new Array<number>(view.players).fill(0);
    owners.forEach((owner, lot) => {
      if (owner >= 0) floors[owner] = (floors[owner] as number) + (heights[lot] as number);
    });
    return margin(projected, seat) + FLOORS_WEIGHT * margin(floors, seat);
  },
  judge: judgeManhattan,
  playout: manhattanPlayoutMove,
};
