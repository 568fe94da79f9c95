import { CHANCE, applyMove, type Actor } from '@skyline/engine';
import {
  CARDS_PER_NUMBER,
  DECK,
  LOTS,
  PIECES_PER_SEAT,
  manhattan,
  pieceFloors,
  pieceSeat,
  type ManhattanChance,
  type ManhattanOptions,
  type ManhattanState,
} from '@skyline/manhattan';
import { expect } from 'vitest';

/** Components are conserved: 45 cards (five of each number), 24 pieces per seat (11/6/4/3 by size). */
export function checkComponents(state: ManhattanState): void {
  const cards = [...state.hands.flat(), ...state.draw, ...state.discard];
  if (state.phase !== 'deal') {
    const counts = new Array<number>(9).fill(0);
    for (const card of cards) counts[card - 1] = (counts[card - 1] as number) + 1;
    if (counts.some((count, k) => count !== CARDS_PER_NUMBER[k])) {
      throw new Error(`cards not conserved: ${JSON.stringify(counts)}`);
    }
  } else if (cards.length !== 0) throw new Error('cards before the deal');
  for (let seat = 0; seat < state.players; seat++) {
    const counts = [0, 1, 2, 3].map(
      (k) =>
        (state.reserves[seat]?.[k] as number) +
        (state.chosen[seat]?.[k] as number) +
        (state.lost[seat]?.[k] as number),
    );
    for (const stack of state.stacks) {
      for (const piece of stack) if (pieceSeat(piece) === seat) counts[pieceFloors(piece) - 1]! += 1;
    }
    if (counts.some((count, k) => count !== PIECES_PER_SEAT[k])) {
      throw new Error(`pieces of seat ${seat} not conserved: ${JSON.stringify(counts)}`);
    }
    if ((state.hands[seat] as number[]).length > 4) throw new Error(`seat ${seat} holds more than 4 cards`);
  }
  if (state.stacks.length !== LOTS) throw new Error('the board lost lots');
}

export function newGame(players: number, options: Partial<ManhattanOptions> = {}): ManhattanState {
  const parsed = manhattan.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  return manhattan.setup(players, parsed.options);
}

/**
 * A deal giving each seat the hand listed (4 cards each) and putting `drawTop` on top of the draw pile; the cards
 * not named follow in number order.
 */
export function dealOf(hands: number[][], drawTop: number[] = [], first = 0): ManhattanChance {
  const rest = DECK.slice();
  for (const card of [...hands.flat(), ...drawTop]) {
    const at = rest.indexOf(card);
    if (at < 0) throw new Error(`dealOf: too many cards ${card}`);
    rest.splice(at, 1);
  }
  return { type: 'deal', order: [...hands.flat(), ...drawTop, ...rest], first };
}

/** Applies moves one after the other with the safe apply; fails the test on the first refusal. */
export function play(state: ManhattanState, ...steps: [Actor, unknown][]): ManhattanState {
  let current = state;
  for (const [actor, move] of steps) {
    const result = applyMove(manhattan, current, actor, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)} by ${actor} refused: ${result.reason}`);
    current = result.state;
  }
  return current;
}

/** The move is refused with exactly this reason (or one matching it), and the state is untouched. */
export function expectRefused(
  state: ManhattanState,
  actor: Actor,
  move: unknown,
  reason: string | RegExp,
): void {
  const before = JSON.stringify(state);
  const result = applyMove(manhattan, state, actor, move);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    if (typeof reason === 'string') expect(result.reason).toBe(reason);
    else expect(result.reason).toMatch(reason);
  }
  expect(JSON.stringify(state)).toBe(before);
}

export const select = (...pieces: number[]) => ({ type: 'select', pieces });
export const build = (card: number, city: number, piece: number) => ({ type: 'build', card, city, piece });
export const discard = (card: number) => ({ type: 'discard', card });
export const SKIP = { type: 'skip' };
export { CHANCE };
