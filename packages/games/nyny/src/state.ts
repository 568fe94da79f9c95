import type { PeriodParts } from '@skyline/engine';
import type { NynyOptions } from './options.js';
import { POSITIONS, type Tile } from './tiles.js';

/**
 * Where a game stands.
 * - `deal`: waiting for the round's deal (chance).
 * - `play`: classic, seat `turn` plays or passes.
 * - `take`: seat `turn` takes a pool tile (classic: after its play; simultaneous: the head of `takeQueue`).
 * - `choose`: simultaneous, every seat in play chooses at once.
 * - `over`: the last round has been scored.
 */
export type Phase = 'deal' | 'play' | 'take' | 'choose' | 'over';

/** A simultaneous choice not yet revealed: a tile, or `PASS_CHOICE`; `NO_CHOICE` when the seat has not chosen. */
export const NO_CHOICE = -2;
export const PASS_CHOICE = -1;

export interface NynyState {
  players: number;
  options: NynyOptions;
  /** Log entries applied so far (log indices of later entries start here). */
  step: number;
  /** The round being played or awaiting its deal, 1-based. */
  round: number;
  phase: Phase;
  /** The seat that plays first in the current round (the previous round's while awaiting a deal; -1 before any). */
  first: number;
  /** Classic: the seat whose turn it is. Simultaneous: the seat whose take is due (phase `take`). */
  turn: number;
  /** Each seat's hand, sorted. A simultaneous choice stays in the hand until it is revealed. */
  hands: Tile[][];
  /**
   * Per seat, the tiles of its hand that everyone saw it take from the face-up pool and that it has not played yet
   * (sorted): public, unlike the tiles dealt to it face down.
   */
  known: Tile[][];
  /** The face-up pool, in its slots' order. */
  pool: Tile[];
  /** The face-down deck; `deck[0]` is drawn next. */
  deck: Tile[];
  /** Position 1..12 at index 0..11: the stack of tiles played there, bottom first. */
  skyline: Tile[][];
  /** Tiles out of the game (simultaneous: numbers revealed more than once), in the order they went there. */
  box: Tile[];
  /** Seats that passed this round. */
  passed: boolean[];
  /** Simultaneous: each seat's hidden choice this turn (a tile, `PASS_CHOICE` or `NO_CHOICE`). */
  choices: number[];
  /** Simultaneous: the seats that still take a pool tile this turn, in order; the head is `turn`. */
  takeQueue: number[];
  /** Log index at which the current simultaneous choose step began (choices made since are still hidden). */
  turnStart: number;
  /** Log index of the current round's deal. */
  roundStart: number;
  /** Each finished round's scores, per seat. */
  history: number[][];
  /** Totals of the finished rounds, per seat. */
  totals: number[];
  /** Each finished round's score by term (`roundParts`): its tile sum and run bonuses, for the score breakdown. */
  historyParts: PeriodParts[];
}

export function emptySkyline(): Tile[][] {
  return Array.from({ length: POSITIONS }, () => []);
}

export function setup(players: number, options: NynyOptions): NynyState {
  return {
    players,
    options,
    step: 0,
    round: 1,
    phase: 'deal',
    first: -1,
    turn: -1,
    hands: Array.from({ length: players }, () => []),
    known: Array.from({ length: players }, () => []),
    pool: [],
    deck: [],
    skyline: emptySkyline(),
    box: [],
    passed: new Array<boolean>(players).fill(false),
    choices: new Array<number>(players).fill(NO_CHOICE),
    takeQueue: [],
    turnStart: 0,
    roundStart: 0,
    history: [],
    totals: new Array<number>(players).fill(0),
    historyParts: [],
  };
}

export function clone(state: NynyState): NynyState {
  return {
    ...state,
    options: { ...state.options, colours: [...state.options.colours] },
    hands: state.hands.map((hand) => hand.slice()),
    known: state.known.map((tiles) => tiles.slice()),
    pool: state.pool.slice(),
    deck: state.deck.slice(),
    skyline: state.skyline.map((stack) => stack.slice()),
    box: state.box.slice(),
    passed: state.passed.slice(),
    choices: state.choices.slice(),
    takeQueue: state.takeQueue.slice(),
    history: state.history.map((round) => round.slice()),
    totals: state.totals.slice(),
    historyParts: state.historyParts.slice(), // a finished period's parts are never changed: shared
  };
}

/** Whether a round is being played (its skyline counts in the scores). */
export function roundInProgress(state: Pick<NynyState, 'phase'>): boolean {
  return state.phase !== 'deal' && state.phase !== 'over';
}

/** Whether `seat` still takes part in the current round: it has not passed and holds a tile. */
export function inPlay(state: NynyState, seat: number): boolean {
  return !state.passed[seat] && (state.hands[seat] as Tile[]).length > 0;
}

/** Inserts a tile into a sorted hand. */
export function addToHand(hand: Tile[], tile: Tile): void {
  let at = hand.length;
  while (at > 0 && (hand[at - 1] as Tile) > tile) at--;
  hand.splice(at, 0, tile);
}
