import {
  CHANCE,
  type Actor,
  type AnyGame,
  type ApplyResult,
  type Game,
  type Rng,
  type Seat,
} from './contract.js';
import { pick } from './rng.js';

/**
 * Applies a move the safe way: validates it, and on success returns a new state; the given state is never touched.
 * This is what the server, the replay tool and the tests use (OpenSpiel's `Child()`).
 */
export function applyMove<S, M, C>(
  game: Game<S, M, C>,
  state: S,
  actor: Actor,
  move: unknown,
): ApplyResult<S> {
  const reason = game.validate(state, actor, move);
  if (reason !== null) return { ok: false, reason };
  const next = game.clone(state);
  game.applyInPlace(next, actor, move as M | C);
  return { ok: true, state: next };
}

/** The seats with the best score, ascending (ties share the win). */
export function bestSeats(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  const winners: Seat[] = [];
  scores.forEach((score, seat) => {
    if (score === best) winners.push(seat);
  });
  return winners;
}

/**
 * A move chosen by the random player: the game's playout policy if it has one, else uniform. `moves` are the seat's
 * legal moves, when the caller has them already.
 */
export function randomMove<S, M>(
  game: Game<S, M>,
  state: S,
  seat: Seat,
  rng: Rng,
  moves: readonly M[] = game.legalMoves(state, seat),
): M {
  if (moves.length === 0) throw new Error(`seat ${seat} has no legal move`);
  return game.randomMove ? game.randomMove(state, seat, moves, rng) : pick(moves, rng);
}

/**
 * One step of a random game, in place: a chance move if one is awaited, else a random move of the lowest active
 * seat, or of the seat the game's `randomActor` picks (in simultaneous phases every active seat gets its turn, one
 * step each). Returns the entry it applied, or
 * `null` when the game is over.
 */
export function randomStep(
  game: AnyGame,
  state: unknown,
  rng: Rng,
): { chance: unknown } | { seat: Seat; move: unknown } | null {
  const active = game.active(state);
  if (active.length === 0) return null;
  const actor = game.randomActor ? game.randomActor(state, rng) : (active[0] as Actor);
  if (actor === CHANCE) {
    const chance = game.sampleChance(state, rng);
    game.applyInPlace(state, CHANCE, chance);
    return { chance };
  }
  const move = randomMove(game, state, actor, rng);
  game.applyInPlace(state, actor, move);
  return { seat: actor, move };
}

/** Plays at most `steps` random steps in place (fewer if the game ends first); returns how many it played. */
export function randomSteps(game: AnyGame, state: unknown, rng: Rng, steps: number): number {
  let played = 0;
  while (played < steps && randomStep(game, state, rng) !== null) played++;
  return played;
}

/** Plays random moves in place until the game is over; returns the number of steps. */
export function randomPlayout(game: AnyGame, state: unknown, rng: Rng, maxSteps = 1_000_000): number {
  let steps = 0;
  while (randomStep(game, state, rng) !== null) {
    if (++steps > maxSteps) throw new Error(`${game.id}: game not over after ${maxSteps} steps`);
  }
  return steps;
}
