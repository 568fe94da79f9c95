import type { PeriodParts } from '@skyline/engine';
import { SQUARES, START_MARKER } from './board.js';
import type { Building } from './buildings.js';
import type { MyCityOptions } from './options.js';

/**
 * Where a game stands.
 * - `deal`: waiting for the episode's deal (chance).
 * - `choose`: a card is revealed; every seat that has not stopped chooses at once, in secret.
 * - `over`: the last episode has been scored.
 */
export type Phase = 'deal' | 'choose' | 'over';

/** A choice not yet revealed: a placement id (`buildings.ts`), `PASS_CHOICE` or `STOP_CHOICE`; `NO_CHOICE` before. */
export const NO_CHOICE = -3;
export const STOP_CHOICE = -2;
export const PASS_CHOICE = -1;

/** A square of a board nobody has built on. */
export const EMPTY = -1;

export interface MyCityState {
  players: number;
  options: MyCityOptions;
  /** Log entries applied so far (log indices of later entries start here). */
  step: number;
  /** The episode being played or awaiting its deal, 1-based. */
  episode: number;
  phase: Phase;
  /** The episode's deck in the order of its deal: `deck[card]` is revealed now, later ones are face down. */
  deck: Building[];
  /** Index in `deck` of the revealed card (phase `choose`). */
  card: number;
  /** Each seat's board: per square, the building on it or `EMPTY`. */
  boards: Building[][];
  /** Each seat's buildings this episode as placement ids (`buildings.ts`), in the order they were built. */
  placed: number[][];
  markers: number[];
  /** Seats that have stopped for the rest of the episode. */
  stopped: boolean[];
  /** Each seat's hidden choice for the revealed card (a placement id, `PASS_CHOICE`, `STOP_CHOICE` or `NO_CHOICE`). */
  choices: number[];
  /** Log index at which the choices on the revealed card began (choices made since are still hidden). */
  turnStart: number;
  /** Log index of the current episode's deal. */
  episodeStart: number;
  /** Each finished episode's scores, per seat. */
  history: number[][];
  /** Totals of the finished episodes, per seat. */
  totals: number[];
  /** Each finished episode's score by term, for the score breakdown (`breakdown.ts`). */
  historyParts: PeriodParts[];
}

export function emptyBoard(): Building[] {
  return new Array<Building>(SQUARES).fill(EMPTY);
}

export function setup(players: number, options: MyCityOptions): MyCityState {
  return {
    players,
    options,
    step: 0,
    episode: 1,
    phase: 'deal',
    deck: [],
    card: -1,
    boards: Array.from({ length: players }, emptyBoard),
    placed: Array.from({ length: players }, () => []),
    markers: new Array<number>(players).fill(START_MARKER),
    stopped: new Array<boolean>(players).fill(false),
    choices: new Array<number>(players).fill(NO_CHOICE),
    turnStart: 0,
    episodeStart: 0,
    history: [],
    totals: new Array<number>(players).fill(0),
    historyParts: [],
  };
}

export function clone(state: MyCityState): MyCityState {
  return {
    ...state,
    options: { ...state.options },
    deck: state.deck.slice(),
    boards: state.boards.map((board) => board.slice()),
    placed: state.placed.map((list) => list.slice()),
    markers: state.markers.slice(),
    stopped: state.stopped.slice(),
    choices: state.choices.slice(),
    history: state.history.map((episode) => episode.slice()),
    totals: state.totals.slice(),
    historyParts: state.historyParts.slice(), // a finished period's parts are never changed: shared
  };
}

/** Whether `seat` is awaited: a card is revealed, the seat exists, has not stopped and has not chosen yet. */
export function awaits(state: MyCityState, seat: number): boolean {
  return state.phase === 'choose' && state.choices[seat] === NO_CHOICE && state.stopped[seat] === false;
}
