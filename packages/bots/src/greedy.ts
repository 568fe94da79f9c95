import { CHANCE, SeededRng, pick, randomMove, type AnyGame, type Rng, type Seat } from '@skyline/engine';
import { WAIT, type Bot, type BotInput } from './bot.js';
import { heuristicFor } from './heuristics/index.js';

/**
 * A game's heuristic, written from its strategy (one module per game under `heuristics/`). It judges positions as
 * the seat sees them: a view, never a state.
 */
export interface Heuristic {
  /** How good the position `view` (what `seat` sees) is for `seat`: higher is better; only differences matter. */
  evaluate(view: unknown, seat: Seat): number;
  /**
   * Optional: a move chosen directly for positions where looking one move ahead says little (Chinatown's trading),
   * or `undefined` to let the lookahead (or the tree search) choose. `value(move)` is the lookahead's value of a
   * move. `deep`: the tree-search bot asks, and may be given a costlier choice than the greedy bot's (where the move
   * space is open, even a move outside `legalMoves` that `validate` accepts).
   */
  choose?(input: BotInput, value: (move: unknown) => number, deep?: boolean): unknown;
  /**
   * Optional, for simultaneous steps where a seat stays awaited after it has decided: whether the seat (seeing
   * `view`) has nothing left to do, so that the game goes on without it (Chinatown's trading: it is ready and no
   * offer awaits its answer). A bot at a table then waits (`WAIT`) rather than undo its decision.
   */
  idle?(view: unknown, seat: Seat): boolean;
  /**
   * Optional, for the tree search: adds to a state sampled from `view` (`determinize`) what the seat can believe
   * beyond the game's sampling (Chinatown: the rivals' money, from their announced incomes).
   */
  refine?(state: unknown, view: unknown, seat: Seat): void;
  /**
   * Optional, for the tree search's playouts cut after `playoutDepth` moves: how good `state` is for `seat` (in the
   * units of `evalScale`), judged on the sampled state rather than `evaluate` on the seat's view (so that it may weigh
   * the rivals' sampled secrets too). Without it the search judges `evaluate(view(state, seat), seat)`.
   */
  judge?(game: AnyGame, state: unknown, seat: Seat): number;
  /** Optional, for the tree search's `playout: 'policy'`: a fast policy's move for awaited `seat` in `state`. */
  playout?(game: AnyGame, state: unknown, seat: Seat, rng: Rng): unknown;
}

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
