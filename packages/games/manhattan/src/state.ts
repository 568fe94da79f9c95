import type { PeriodParts } from '@skyline/engine';
import { LOTS, LOT_SEEN_FROM, MAX_FLOORS, PIECES_PER_SEAT, sideOf } from './components.js';
import type { ManhattanOptions } from './options.js';

/**
 * Where a game stands.
 * - `deal`: waiting for the deal (chance), once at the start.
 * - `select`: seat `turn` chooses its pieces for the round.
 * - `build`: seat `turn` builds (or discards, or skips).
 * - `shuffle`: seat `turn` must draw but the draw pile is empty: waiting for the reshuffle (chance).
 * - `over`: the last round has been scored.
 */
export type Phase = 'deal' | 'select' | 'build' | 'shuffle' | 'over';

/**
 * A piece on the board is one number, `seat * 10 + floors`, so that the board stays flat JSON and clones by slicing.
 */
export type PlacedPiece = number;

export function placedPiece(seat: number, floors: number): PlacedPiece {
  return seat * 10 + floors;
}
export function pieceSeat(piece: PlacedPiece): number {
  return Math.floor(piece / 10);
}
export function pieceFloors(piece: PlacedPiece): number {
  return piece % 10;
}

export interface ManhattanState {
  players: number;
  options: ManhattanOptions;
  /** Log entries applied so far. */
  step: number;
  /** The round being played, 1-based. */
  round: number;
  phase: Phase;
  /** The start seat of round 1 (from the deal); -1 before the deal. */
  first: number;
  /** The seat awaited in `select` and `build`; in `shuffle`, the seat whose draw waits; -1 otherwise. */
  turn: number;
  /** What follows the draw a `shuffle` waits for: the turn passes (after a build) or stays (after a discard). */
  afterDraw: 'pass' | 'stay';
  /**
   * Reshuffles forced by the current seat's discards since it last built or skipped. At the second one, every card
   * it could ever draw has been through its hand without allowing a build: it may then skip (see `rules.ts`).
   */
  discardShuffles: number;
  /** Each seat's hand of cards, sorted. */
  hands: number[][];
  /** The draw pile; `draw[0]` is drawn next. */
  draw: number[];
  /** The discard pile, in the order the cards were discarded. */
  discard: number[];
  /** Per seat, how many pieces of each size (index size - 1) are still in its reserve. */
  reserves: number[][];
  /** Per seat, its chosen pieces of the round not yet placed, by size. */
  chosen: number[][];
  /** Per seat, the pieces that left the game by a skip, by size. */
  lost: number[][];
  /** The stack on each lot (`lotIndex(city, lot)`), bottom first. */
  stacks: PlacedPiece[][];
  /** Derived from `stacks`, kept for fast rules: each lot's owner (-1 when empty) and height. */
  owners: number[];
  heights: number[];
  /** Derived from `stacks`: `floors[lot * players + seat]`, the seat's floors in the building on that lot. */
  floors: number[];
  /** Each finished round's scores, per seat. */
  history: number[][];
  /** Totals of the finished rounds, per seat. */
  totals: number[];
  /** Each finished round's score by term, for the score breakdown (`breakdown.ts`). */
  historyParts: PeriodParts[];
}

export function setup(players: number, options: ManhattanOptions): ManhattanState {
  const perSeat = <T>(make: () => T): T[] => Array.from({ length: players }, make);
  return {
    players,
    options: { ...options },
    step: 0,
    round: 1,
    phase: 'deal',
    first: -1,
    turn: -1,
    afterDraw: 'pass',
    discardShuffles: 0,
    hands: perSeat(() => []),
    draw: [],
    discard: [],
    reserves: perSeat(() => PIECES_PER_SEAT.slice()),
    chosen: perSeat(() => new Array<number>(MAX_FLOORS).fill(0)),
    lost: perSeat(() => new Array<number>(MAX_FLOORS).fill(0)),
    stacks: Array.from({ length: LOTS }, () => []),
    owners: new Array<number>(LOTS).fill(-1),
    heights: new Array<number>(LOTS).fill(0),
    floors: new Array<number>(LOTS * players).fill(0),
    history: [],
    totals: new Array<number>(players).fill(0),
    historyParts: [],
  };
}

export function clone(state: ManhattanState): ManhattanState {
  return {
    ...state,
    options: { ...state.options },
    hands: state.hands.map((hand) => hand.slice()),
    draw: state.draw.slice(),
    discard: state.discard.slice(),
    reserves: state.reserves.map((counts) => counts.slice()),
    chosen: state.chosen.map((counts) => counts.slice()),
    lost: state.lost.map((counts) => counts.slice()),
    stacks: state.stacks.map((stack) => stack.slice()),
    owners: state.owners.slice(),
    heights: state.heights.slice(),
    floors: state.floors.slice(),
    history: state.history.map((round) => round.slice()),
    totals: state.totals.slice(),
    historyParts: state.historyParts.slice(), // a finished period's parts are never changed: shared
  };
}

/** Puts a piece on a lot and keeps the derived board arrays in step. */
export function placePiece(state: ManhattanState, lot: number, seat: number, floors: number): void {
  (state.stacks[lot] as PlacedPiece[]).push(placedPiece(seat, floors));
  state.owners[lot] = seat;
  state.heights[lot] = (state.heights[lot] as number) + floors;
  const at = lot * state.players + seat;
  state.floors[at] = (state.floors[at] as number) + floors;
}

/** Recomputes the derived board arrays from the stacks (for states rebuilt from a view). */
export function boardFromStacks(
  players: number,
  stacks: PlacedPiece[][],
): Pick<ManhattanState, 'owners' | 'heights' | 'floors'> {
  const owners = new Array<number>(LOTS).fill(-1);
  const heights = new Array<number>(LOTS).fill(0);
  const floors = new Array<number>(LOTS * players).fill(0);
  stacks.forEach((stack, lot) => {
    for (const piece of stack) {
      owners[lot] = pieceSeat(piece);
      heights[lot] = (heights[lot] as number) + pieceFloors(piece);
      const at = lot * players + pieceSeat(piece);
      floors[at] = (floors[at] as number) + pieceFloors(piece);
    }
  });
  return { owners, heights, floors };
}

/**
 * The lot (1..9) that `card` means for `seat`: as printed, or read from the seat's side with `perspective`. Takes
 * the state or any seat's view (both say the players and the options), so that boards read cards as the rules do.
 */
export function lotOfCard(
  table: Pick<ManhattanState, 'players' | 'options'>,
  seat: number,
  card: number,
): number {
  if (!table.options.perspective) return card;
  return (LOT_SEEN_FROM[sideOf(table.players, seat)] as readonly number[])[card - 1] as number;
}

/**
 * The smallest piece `seat` may put on `lot` (0..53): 1 on an empty lot or its own building; on another seat's
 * building, enough floors to reach the owner's (the seed: "at least as many floors as the previous owner"). More
 * than 4 means never. (The owner always has the most floors in its building, so this is never below 1.)
 */
export function smallestPieceFor(state: ManhattanState, seat: number, lot: number): number {
  const owner = state.owners[lot] as number;
  if (owner < 0 || owner === seat) return 1;
  const base = lot * state.players;
  return Math.max(1, (state.floors[base + owner] as number) - (state.floors[base + seat] as number));
}

/** Removes one card of number `card` from a hand (it is there). */
export function removeCard(hand: number[], card: number): void {
  hand.splice(hand.indexOf(card), 1);
}

/** Inserts a card into a sorted hand. */
export function addCard(hand: number[], card: number): void {
  let at = hand.length;
  while (at > 0 && (hand[at - 1] as number) > card) at--;
  hand.splice(at, 0, card);
}
