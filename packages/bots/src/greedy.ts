import {
  CHANCE,
  SeededRng,
  pick,
  randomMove,
  type AnyGame,
  type Heuristic,
  type Rng,
  type Seat,
} from '@skyline/engine';
import { WAIT, type Bot, type BotInput } from './bot.js';
import { heuristicFor } from './facets.js';

/** A game's heuristic: the contract lives in the engine, where a game's `./bot` facet can import it. */
export type { Heuristic };

/** Whether a bot should answer `WAIT`: it may, and its game's heuristic says its seat has nothing to do. */
export function shouldWait(input: BotInput, heuristic: Heuristic = heuristicFor(input.game)): boolean {
  return input.mayWait === true && heuristic.idle?.(input.view, input.seat) === true;
}

/**
 * Lets the other seats of a simultaneous step make their (random) choices after `seat`'s, so that the position
 * judged is the one the step leads to (one choice per other seat at most); stops at chance, at the end, when `seat` is awaited again, or when a seat that
 * was not awaited with `seat` is (the next turn of a sequential game).
 */
function resolveStep(game: AnyGame, state: unknown, seat: Seat, before: ReadonlySet<Seat>, rng: Rng): void {
  // One choice per other seat at most (after a seat stops, the others may go on for long).
  for (let steps = 0; steps < before.size; steps++) {
    const active = game.active(state);
    if (active.length === 0 || active[0] === CHANCE) return;
    if (active.includes(seat)) return;
    if (!active.every((actor) => before.has(actor as Seat))) return;
    const actor = active[0] as Seat;
    game.applyInPlace(state, actor, randomMove(game, state, actor, rng));
  }
}

/**
 * The value of each of `moves` one move ahead: on one state sampled from the view (`determinize`), the move is made,
 * the other seats' simultaneous choices are made at random (the same for every move), and the heuristic judges the
 * position as `seat` would see it.
 */
export function lookahead(
  game: AnyGame,
  heuristic: Heuristic,
  view: unknown,
  seat: Seat,
  rng: Rng,
): (move: unknown) => number {
  const sampled = game.determinize(view, seat, rng);
  const before = new Set(game.active(sampled).filter((actor): actor is Seat => actor !== CHANCE));
  before.delete(seat);
  const seed = rng.int(2 ** 30);
  return (move) => {
    const state = game.clone(sampled);
    game.applyInPlace(state, seat, move);
    resolveStep(game, state, seat, before, new SeededRng(seed));
    return heuristic.evaluate(game.view(state, seat), seat);
  };
}

/** The index of the best value, ties broken at random. */
export function argmax(values: readonly number[], rng: Rng): number {
  let best = -Infinity;
  const ties: number[] = [];
  values.forEach((value, index) => {
    if (value > best + 1e-9) {
      best = value;
      ties.length = 0;
      ties.push(index);
    } else if (value >= best - 1e-9) ties.push(index);
  });
  return pick(ties, rng);
}

/** The move with the best heuristic value one move ahead (or the heuristic's own choice), or `WAIT`. */
export function greedyChoice(input: BotInput, heuristic: Heuristic): unknown {
  const { game, view, seat, legalMoves, rng } = input;
  if (legalMoves.length === 0) throw new Error(`seat ${seat} has no legal move`);
  if (shouldWait(input, heuristic)) return WAIT;
  const value = lookahead(game, heuristic, view, seat, rng);
  const chosen = heuristic.choose?.(input, value);
  if (chosen !== undefined) return chosen;
  if (legalMoves.length === 1) return legalMoves[0];
  return legalMoves[argmax(legalMoves.map(value), rng)];
}

export const greedyBot: Bot = {
  level: 'greedy',
  choose(input: BotInput): unknown {
    return greedyChoice(input, heuristicFor(input.game));
  },
};
