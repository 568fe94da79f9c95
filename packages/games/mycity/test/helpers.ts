import { CHANCE, type Actor } from '@skyline/engine';
import { gameHelpers } from '@skyline/engine/testing';
import {
  BUILDING_COUNT,
  BUILDING_IDS,
  EMPTY,
  PLACEMENTS,
  SQUARES,
  isGrass,
  mycity,
  type MyCityDeal,
  type MyCityState,
} from '@skyline/mycity';
import { expect } from 'vitest';

/** `newGame`, `play` and `expectRefused`, bound to this game (see `@skyline/engine/testing`). */
export const { newGame, play, expectRefused } = gameHelpers(mycity);

/**
 * Components are conserved: each seat's board shows exactly the squares of the buildings it has built, each of them a
 * revealed card built at most once, on grass; the deck is the 24 cards once each while an episode is played.
 */
export function checkComponents(state: MyCityState): void {
  if (state.phase !== 'deal') {
    const sorted = state.deck.slice().sort((a, b) => a - b);
    if (sorted.length !== BUILDING_COUNT || sorted.some((b, k) => b !== k))
      throw new Error('deck not conserved');
  } else if (state.deck.length !== 0) throw new Error('cards left over between episodes');
  state.boards.forEach((board, seat) => {
    const expected = new Array<number>(SQUARES).fill(EMPTY);
    const built = new Set<number>();
    for (const id of state.placed[seat] as number[]) {
      const p = PLACEMENTS[id];
      if (p === undefined) throw new Error(`seat ${seat}: unknown placement ${id}`);
      if (built.has(p.building)) throw new Error(`seat ${seat} built ${BUILDING_IDS[p.building]} twice`);
      built.add(p.building);
      if (!state.deck.slice(0, state.card + 1).includes(p.building)) {
        throw new Error(`seat ${seat} built a card not revealed`);
      }
      for (const sq of p.squares) {
        if (expected[sq] !== EMPTY) throw new Error(`seat ${seat}: two buildings on square ${sq}`);
        if (!isGrass(sq)) throw new Error(`seat ${seat}: building on square ${sq}, not grass`);
        expected[sq] = p.building;
      }
    }
    if (board.some((b, sq) => b !== expected[sq]))
      throw new Error(`seat ${seat}: board and buildings differ`);
    const marker = state.markers[seat] as number;
    if (marker < 0 || marker > 10) throw new Error(`seat ${seat}: marker ${marker} off the track`);
  });
}

/** A deal that reveals the named cards first, then the others in id order. */
export function dealOf(...first: string[]): MyCityDeal {
  return { type: 'deal', order: [...first, ...BUILDING_IDS.filter((id) => !first.includes(id))] };
}

/** The move is accepted. */
export function expectLegal(state: MyCityState, actor: Actor, move: unknown): void {
  expect(mycity.validate(state, actor, move)).toBeNull();
}

export const build = (...cells: [number, number][]) => ({ type: 'build', cells });
export const PASS = { type: 'pass' };
export const STOP = { type: 'stop' };
export { CHANCE };
