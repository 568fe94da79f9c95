import { CHANCE, applyMove, type Actor } from '@skyline/engine';
import {
  TILE_IDS,
  nyny,
  tileOf,
  type NynyDeal,
  type NynyMove,
  type NynyOptions,
  type NynyState,
} from '@skyline/nyny';
import { expect } from 'vitest';

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

export function newGame(players: number, options: Partial<NynyOptions> = {}): NynyState {
  const parsed = nyny.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  return nyny.setup(players, parsed.options);
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

/** Applies moves one after the other with the safe apply; fails the test on the first refusal. */
export function play(state: NynyState, ...steps: [Actor, unknown][]): NynyState {
  let current = state;
  for (const [actor, move] of steps) {
    const result = applyMove(nyny, current, actor, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)} by ${actor} refused: ${result.reason}`);
    current = result.state;
  }
  return current;
}

/** The move is refused with exactly this reason, and the state is untouched. */
export function expectRefused(state: NynyState, actor: Actor, move: unknown, reason: string | RegExp): void {
  const before = JSON.stringify(state);
  const result = applyMove(nyny, state, actor, move);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    if (typeof reason === 'string') expect(result.reason).toBe(reason);
    else expect(result.reason).toMatch(reason);
  }
  expect(JSON.stringify(state)).toBe(before);
}

export const playTile = (tile: string): NynyMove => ({ type: 'play', tile });
export const takeTile = (tile: string): NynyMove => ({ type: 'take', tile });
export const PASS: NynyMove = { type: 'pass' };
export { CHANCE, tileOf };
