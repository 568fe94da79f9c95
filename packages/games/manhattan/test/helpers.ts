import { CHANCE } from '@skyline/engine';
import { gameHelpers } from '@skyline/engine/testing';
import {
  CARDS_PER_NUMBER,
  DECK,
  LOTS,
  PIECES_PER_SEAT,
  boardFromStacks,
  lotIndex,
  manhattan,
  pieceFloors,
  pieceSeat,
  placedPiece,
  type ManhattanChance,
  type ManhattanOptions,
  type ManhattanState,
} from '@skyline/manhattan';

/** `newGame`, `play` and `expectRefused`, bound to this game (see `@skyline/engine/testing`). */
export const { newGame, play, expectRefused } = gameHelpers(manhattan);

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

export const select = (...pieces: number[]) => ({ type: 'select', pieces });
export const build = (card: number, city: number, piece: number) => ({ type: 'build', card, city, piece });
export const discard = (card: number) => ({ type: 'discard', card });
export const SKIP = { type: 'skip' };
export { CHANCE };

/**
 * A game dealt with `hands` (and `drawTop` on the draw pile) in which every seat has chosen `pieces` (default: the
 * spec's example [1, 1, 2, 2, 3, 4], or [1, 2, 3, 4] with `sixrounds`): the start seat `first` is to build.
 */
export function startBuild(
  players: number,
  hands: number[][],
  options: Partial<ManhattanOptions> = {},
  first = 0,
  drawTop: number[] = [],
  pieces?: number[],
): ManhattanState {
  let state = play(newGame(players, options), [CHANCE, dealOf(hands, drawTop, first)]);
  const chosen = pieces ?? (options.sixrounds ? [1, 2, 3, 4] : [1, 1, 2, 2, 3, 4]);
  for (let k = 0; k < players; k++) state = play(state, [(first + k) % players, select(...chosen)]);
  return state;
}

/** One stack: `[city, lot, [seat, floors], ...]` (bottom first). */
export type StackSpec = [number, number, ...[number, number][]];

/**
 * A copy of `state` with these stacks added on empty lots (the board's derived arrays follow). Pieces come out of
 * their seat's reserve while it has them, so that ordinary positions keep every component; crafted extreme boards
 * (more pieces than a reserve holds) are allowed too.
 */
export function withStacks(state: ManhattanState, stacks: StackSpec[]): ManhattanState {
  const next = manhattan.clone(state);
  for (const [city, lot, ...pieces] of stacks) {
    const at = lotIndex(city, lot);
    if ((next.stacks[at] as number[]).length > 0)
      throw new Error(`withStacks: lot ${lot} of city ${city} is taken`);
    next.stacks[at] = pieces.map(([seat, floors]) => {
      const reserve = next.reserves[seat] as number[];
      if ((reserve[floors - 1] as number) > 0) reserve[floors - 1]! -= 1;
      return placedPiece(seat, floors);
    });
  }
  Object.assign(next, boardFromStacks(next.players, next.stacks));
  return next;
}

/** The stack on lot `lot` of city `city`, as `[seat, floors]` pairs. */
export function stackAt(state: ManhattanState, city: number, lot: number): [number, number][] {
  return (state.stacks[lotIndex(city, lot)] as number[]).map((piece) => [
    pieceSeat(piece),
    pieceFloors(piece),
  ]);
}

/**
 * Plays on with each seat's first legal move, reshuffles keeping the discard pile's order, until `stop` says so or
 * the game is over. Returns the states passed through (after each move).
 */
export function playFirstLegal(
  state: ManhattanState,
  stop: (state: ManhattanState) => boolean = () => false,
): ManhattanState[] {
  const states: ManhattanState[] = [];
  let current = state;
  while (!stop(current)) {
    const actor = manhattan.active(current)[0];
    if (actor === undefined) break;
    const move =
      actor === CHANCE
        ? { type: 'shuffle', order: current.discard.slice() }
        : manhattan.legalMoves(current, actor)[0];
    current = play(current, [actor, move]);
    states.push(current);
  }
  return states;
}
