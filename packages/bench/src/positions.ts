/** Positions of seeded games between greedy bots, for the figures of the search (`figures/bots.ts`, `calibrate.ts`). */
import { CHANCE, SeededRng, type AnyGame, type Seat } from '@skyline/engine';
import { greedyBot, search } from '@skyline/bots';

/** A position as the seat to move sees it, with its legal moves. */
export interface Position {
  view: unknown;
  seat: Seat;
  moves: readonly unknown[];
}

/** A new game of `seats` seats with the default options. */
function setupGame(game: AnyGame, seats: number): unknown {
  const parsed = game.parseOptions(seats, {});
  if (!parsed.ok) throw new Error(parsed.reason);
  return game.setup(seats, parsed.options);
}

/**
 * One step of a game between greedy bots (they play like people more than random players do); false once it is over.
 * `beforeMove` sees the seat about to move (not chance), before its move.
 */
function greedyStep(
  game: AnyGame,
  state: unknown,
  rng: SeededRng,
  beforeMove?: (seat: Seat) => void,
): boolean {
  const active = game.active(state);
  if (active.length === 0) return false;
  const actor = game.randomActor ? game.randomActor(state, rng) : active[0];
  if (actor === CHANCE) {
    game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
    return true;
  }
  const seat = actor as Seat;
  beforeMove?.(seat);
  const legalMoves = game.legalMoves(state, seat);
  game.applyInPlace(
    state,
    seat,
    greedyBot.choose({ game, view: game.view(state, seat), seat, legalMoves, rng, budget: {} }),
  );
  return true;
}

/**
 * `seat`'s position in `state` if the search has a choice to make there: more than one move, and not one that the
 * heuristic makes directly, as Chinatown's trading (the search then runs no iteration); null otherwise.
 */
function searchChoice(game: AnyGame, state: unknown, seat: Seat): Position | null {
  const moves = game.legalMoves(state, seat);
  if (moves.length < 2) return null;
  const view = game.view(state, seat);
  const probe = search({
    game,
    view,
    seat,
    legalMoves: moves,
    rng: new SeededRng(1),
    budget: { iterations: 1 },
  });
  return probe.iterations > 0 ? { view, seat, moves } : null;
}

/** Positions of a seeded game between greedy bots where the search has a choice to make (iterations > 0). */
export function searchPositions(game: AnyGame, seats: number, seed: number): Position[] {
  const state = setupGame(game, seats);
  const rng = new SeededRng(seed);
  const found: Position[] = [];
  const look = (seat: Seat) => {
    const position = searchChoice(game, state, seat);
    if (position) found.push(position);
  };
  for (let steps = 0; steps < 200_000 && greedyStep(game, state, rng, look); steps++);
  return found;
}

/**
 * A mid-game position of a seeded 4-seat game between greedy bots (a third of the way in) where the seat to move has
 * a choice that the search makes (not one the heuristic makes directly, as Chinatown's trading).
 */
export function midGame(game: AnyGame): Position {
  const probe = setupGame(game, 4);
  let length = 0;
  for (const rng = new SeededRng(2024); greedyStep(game, probe, rng);) length++;
  const rng = new SeededRng(2024);
  const state = setupGame(game, 4);
  for (let step = 0; step < length; step++) {
    const active = game.active(state);
    if (step >= length / 3 && active.length > 0 && active[0] !== CHANCE) {
      for (const actor of active) {
        const position = searchChoice(game, state, actor as Seat);
        if (position) return position;
      }
    }
    greedyStep(game, state, rng);
  }
  throw new Error(`${game.id}: no mid-game position for the search`);
}
