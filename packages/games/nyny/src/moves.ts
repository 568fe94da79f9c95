import { TILE_IDS } from './tiles.js';

/** A seat's move (the JSON shapes below; the rules page says what each move does). */
export type NynyMove = { type: 'play'; tile: string } | { type: 'take'; tile: string } | { type: 'pass' };

/** The chance move that starts every round. */
export interface NynyDeal {
  type: 'deal';
  order: string[];
  first: number;
}

/** Move objects are shared and frozen, so listing legal moves allocates nothing but the list. */
export const PLAY_MOVES: readonly NynyMove[] = TILE_IDS.map((tile) => Object.freeze({ type: 'play', tile }));
export const TAKE_MOVES: readonly NynyMove[] = TILE_IDS.map((tile) => Object.freeze({ type: 'take', tile }));
export const PASS_MOVE: NynyMove = Object.freeze({ type: 'pass' });

/** The fields each move type has besides `type` (for `readMove`). */
export const MOVE_SHAPES = {
  play: { required: ['tile'] },
  take: { required: ['tile'] },
  pass: {},
} as const;

export const CHANCE_SHAPES = { deal: { required: ['order', 'first'] } } as const;
