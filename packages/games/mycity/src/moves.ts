/** A seat's move (the rules page says what each does): cells are `[row, col]` squares of its own board. */
export interface BuildMove {
  type: 'build';
  cells: [number, number][];
}
export type MyCityMove = BuildMove | { type: 'pass' } | { type: 'stop' };

/** The chance move that starts every episode: the deck, revealed in this order. */
export interface MyCityDeal {
  type: 'deal';
  order: string[];
}

/** Move objects are shared and frozen (build moves live with their placements, `buildings.ts`). */
export const PASS_MOVE: MyCityMove = Object.freeze({ type: 'pass' });
export const STOP_MOVE: MyCityMove = Object.freeze({ type: 'stop' });

/** The fields each move type has besides `type` (for `readMove`). */
export const MOVE_SHAPES = {
  build: { required: ['cells'] },
  pass: {},
  stop: {},
} as const;

export const CHANCE_SHAPES = { deal: { required: ['order'] } } as const;
