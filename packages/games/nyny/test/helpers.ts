import { CHANCE } from '@skyline/engine';
import { gameHelpers } from '@skyline/engine/testing';
import { TILE_IDS, nyny, tileOf, type NynyDeal, type NynyMove, type NynyState } from '@skyline/nyny';

/** `newGame`, `play` and `expectRefused`, bound to this game (see `@skyline/engine/testing`). */
export const { newGame, play, expectRefused } = gameHelpers(nyny);

/** Every one of the 48 tiles is in exactly one place while a round is played. */
export function checkComponents(state: NynyState): void {
  if (state.phase === 'deal') {
    const anywhere = [
      ...state.hands.flat(),
      ...state.pool,
      ...state.deck,
      ...state.skyline.flat(),
      ...state.box,
    ];
    if (anywhere.length !== 0) throw new Error('tiles left over between rounds');
    return;
  }
  const all = [...state.hands.flat(), ...state.pool, ...state.deck, ...state.skyline.flat(), ...state.box];
  const sorted = all.slice().sort((a, b) => a - b);
  if (sorted.length !== 48 || sorted.some((tile, k) => tile !== k)) {
    throw new Error(`tiles not conserved: ${sorted.length} tiles`);
  }
  if (state.pool.length > 6) throw new Error('more than 6 tiles in the pool');
}

/**
 * A deal in which each seat's hand, the pool and the top of the deck are given by id; the tiles not named make up
 * the rest of the deck in id order.
 */
export function dealOf(
  players: number,
  hands: string[][],
  pool: string[],
  deckTop: string[] = [],
  first = 0,
): NynyDeal {
  const named = [...hands.flat(), ...pool, ...deckTop];
  if (hands.length !== players || hands.some((hand) => hand.length !== 6) || pool.length !== 6) {
    throw new Error('dealOf: 6 tiles per hand and 6 in the pool');
  }
  const rest = TILE_IDS.filter((id) => !named.includes(id));
  return { type: 'deal', order: [...named, ...rest], first };
}

/** A two-player deal: seat 0 holds red 1-6, seat 1 blue 1-6, the pool yellow 1-6; `first` begins. */
export const lowTilesDeal = (first: number): NynyDeal =>
  dealOf(
    2,
    [
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
      ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
    ],
    ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'],
    [],
    first,
  );

export const playTile = (tile: string): NynyMove => ({ type: 'play', tile });
export const takeTile = (tile: string): NynyMove => ({ type: 'take', tile });
export const PASS: NynyMove = { type: 'pass' };
export { CHANCE, tileOf };
