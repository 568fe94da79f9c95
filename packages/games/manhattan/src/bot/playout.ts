/**
 * Manhattan for the tree search: a playout policy that plays as the greedy bot does, on states, at a small fraction
 * of its cost, and a judge of cut playouts on states.
 *
 * Random playouts say little here: a random seat builds a 4-floor piece on an empty lot as often as it takes a
 * rival's building, so the search never sees the replies that matter (a rival taking its building or its majority).
 * The greedy bot sees them, but it judges every legal move (up to 96) on a fresh view. This policy chooses the same
 * move (the best margin of totals plus the board's score now, plus a little for the floors owned; ties at random)
 * from the board's figures, computing for each move only what it changes: the two owners of the lot, the majority
 * of its city, and the tallest building.
 */
import { margin, type AnyGame, type Rng, type Seat } from '@skyline/engine';
import {
  CITIES,
  LOTS,
  lotIndex,
  lotOfCard,
  scoreBoard,
  type ManhattanMove,
  type ManhattanState,
} from '../index.js';

const LOTS_PER_CITY = LOTS / CITIES;
/** Points of a city majority and of the tallest building (the rules page, "Scoring"). */
const MAJORITY_POINTS = 2;
const TALLEST_POINTS = 3;
/** The heuristic's weight of the floors a seat owns (`manhattan.ts`). */
export const FLOORS_WEIGHT = 0.05;

/** The board's figures that a build changes, per seat and per city. */
interface Figures {
  players: number;
  /** Totals plus the board's points now, per seat. */
  projected: number[];
  /** Floors of the buildings each seat owns. */
  owned: number[];
  /** `inCity[city * players + seat]`: the seat's buildings in that city (city 0..5). */
  inCity: number[];
  /** Per city, the seat with strictly most buildings, or -1. */
  majority: number[];
  /** The greatest height, how many buildings of it each seat owns, and the seat scoring it (or -1). */
  greatest: number;
  atGreatest: number[];
  atGreatestTotal: number;
  tallest: number;
}

function figuresOf(state: ManhattanState): Figures {
  const players = state.players;
  const { points, majorities, tallest } = scoreBoard(players, state.owners, state.heights);
  const owned = new Array<number>(players).fill(0);
  const inCity = new Array<number>(CITIES * players).fill(0);
  const atGreatest = new Array<number>(players).fill(0);
  let greatest = 0;
  let atGreatestTotal = 0;
  for (let lot = 0; lot < LOTS; lot++) {
    const owner = state.owners[lot] as number;
    if (owner < 0) continue;
    const height = state.heights[lot] as number;
    owned[owner] = (owned[owner] as number) + height;
    const at = Math.floor(lot / LOTS_PER_CITY) * players + owner;
    inCity[at] = (inCity[at] as number) + 1;
    if (height > greatest) {
      greatest = height;
      atGreatest.fill(0);
      atGreatestTotal = 0;
    }
    if (height === greatest) {
      atGreatest[owner] = (atGreatest[owner] as number) + 1;
      atGreatestTotal++;
    }
  }
  return {
    players,
    projected: state.totals.map((total, seat) => total + (points[seat] as number)),
    owned,
    inCity,
    majority: majorities,
    greatest,
    atGreatest,
    atGreatestTotal,
    tallest,
  };
}

/** The seat with strictly most buildings in `city` once `gain` has one more there and `loss` (or -1) one fewer. */
function majorityAfter(figures: Figures, city: number, gain: number, loss: number): number {
  const base = city * figures.players;
  let best = -1;
  let most = 0;
  let shared = false;
  for (let seat = 0; seat < figures.players; seat++) {
    let count = figures.inCity[base + seat] as number;
    if (seat === gain) count++;
    if (seat === loss) count--;
    if (count > most) [best, most, shared] = [seat, count, false];
    else if (count === most && count > 0) shared = true;
  }
  return shared ? -1 : best;
}

// Per-move deltas, shared by every call.
const points = new Array<number>(8).fill(0);
const floors = new Array<number>(8).fill(0);

/** The heuristic's value for `seat` of building `piece` floors on `lot`, from the board's figures before it. */
function valueOfBuild(
  state: ManhattanState,
  figures: Figures,
  seat: Seat,
  lot: number,
  piece: number,
): number {
  const players = figures.players;
  for (let s = 0; s < players; s++) {
    points[s] = figures.projected[s] as number;
    floors[s] = figures.owned[s] as number;
  }
  const previous = state.owners[lot] as number;
  const height = state.heights[lot] as number;
  const after = height + piece;
  if (previous === seat) floors[seat] = (floors[seat] as number) + piece;
  else {
    floors[seat] = (floors[seat] as number) + after;
    points[seat] = (points[seat] as number) + 1;
    if (previous >= 0) {
      floors[previous] = (floors[previous] as number) - height;
      points[previous] = (points[previous] as number) - 1;
    }
    const city = Math.floor(lot / LOTS_PER_CITY);
    const before = figures.majority[city] as number;
    const now = majorityAfter(figures, city, seat, previous);
    if (now !== before) {
      if (before >= 0) points[before] = (points[before] as number) - MAJORITY_POINTS;
      if (now >= 0) points[now] = (points[now] as number) + MAJORITY_POINTS;
    }
  }
  // The lot was below the greatest height before (or it is the tallest, grown); only reaching or passing it counts.
  let tallest = figures.tallest;
  if (after > figures.greatest) tallest = seat;
  else if (after === figures.greatest) {
    // Other buildings of that height: the seat scores it only if it owns them all.
    const others = figures.atGreatestTotal - (height === figures.greatest ? 1 : 0);
    const own =
      (figures.atGreatest[seat] as number) - (height === figures.greatest && previous === seat ? 1 : 0);
    tallest = others === own ? seat : -1;
  }
  if (tallest !== figures.tallest) {
    if (figures.tallest >= 0) points[figures.tallest] = (points[figures.tallest] as number) - TALLEST_POINTS;
    if (tallest >= 0) points[tallest] = (points[tallest] as number) + TALLEST_POINTS;
  }
  let best = -Infinity;
  let bestFloors = -Infinity;
  for (let s = 0; s < players; s++) {
    if (s === seat) continue;
    if ((points[s] as number) > best) best = points[s] as number;
    if ((floors[s] as number) > bestFloors) bestFloors = floors[s] as number;
  }
  return (points[seat] as number) - best + FLOORS_WEIGHT * (floors[seat] - bestFloors);
}

/**
 * The greedy bot's move for `seat` in `state`: the build of best value (ties at random); choices of pieces and
 * discards, which the heuristic cannot tell apart, at random.
 */
export function manhattanPlayoutMove(game: AnyGame, raw: unknown, seat: Seat, rng: Rng): unknown {
  const state = raw as ManhattanState;
  const moves = game.legalMoves(state, seat) as readonly ManhattanMove[];
  const first = moves[0] as ManhattanMove;
  if (moves.length === 1 || first.type !== 'build') return moves[rng.int(moves.length)];
  const figures = figuresOf(state);
  let chosen = first;
  let best = -Infinity;
  let ties = 0;
  for (const move of moves) {
    if (move.type !== 'build') continue;
    const lot = lotIndex(move.city, lotOfCard(state, seat, move.card));
    const value = valueOfBuild(state, figures, seat, lot, move.piece);
    if (value > best + 1e-9) [best, chosen, ties] = [value, move, 1];
    else if (value >= best - 1e-9 && rng.int(++ties) === 0) chosen = move;
  }
  return chosen;
}

/** The policy's value for `seat` of building `piece` floors on `lot` (0..53) in `state` (for tests). */
export function buildValue(state: ManhattanState, seat: Seat, lot: number, piece: number): number {
  return valueOfBuild(state, figuresOf(state), seat, lot, piece);
}

/** The heuristic's value (`manhattan.ts`) of `state` for `seat`, without building a view. */
export function judgeManhattan(_game: AnyGame, raw: unknown, seat: Seat): number {
  const state = raw as ManhattanState;
  if (state.phase === 'over') return margin(state.totals, seat);
  const figures = figuresOf(state);
  return margin(figures.projected, seat) + FLOORS_WEIGHT * margin(figures.owned, seat);
}
