/**
 * New York, New York: the value of the skyline for each colour (the scores so far, runs included), plus the tiles in
 * hand — those of the seat's colour are points to come, the others are tiles to cover rivals with (and that they will
 * not get from the pool). A seat that passed keeps nothing of its hand.
 */
import { margin, type Heuristic, type Seat } from '@skyline/engine';
import type { NynyView } from '../index.js';

const OWN_TILE = 0.45;
const OTHER_TILE = 0.12;

export const nynyHeuristic: Heuristic = {
  evaluate(raw: unknown, seat: Seat): number {
    const view = raw as NynyView;
    let value = margin(view.scores, seat);
    if (view.phase === 'over' || view.passed[seat] || view.hand === null) return value;
    const own = view.options.colours[seat] as string;
    for (const tile of view.hand) {
      const number = Number(tile.slice(1));
      value += (tile[0] === own ? OWN_TILE : OTHER_TILE) * number;
    }
    return value;
  },
};
