import { CHANCE, SeededRng, type AnyGame, type Seat } from '@skyline/engine';
import { greedyBot, search } from '@skyline/bots';
import { GAMES } from '@skyline/games';
import type { Figure } from '../measure.js';

/** One step of a game between greedy bots (they play like people more than random players do). */
function greedyStep(game: AnyGame, state: unknown, rng: SeededRng): boolean {
  const active = game.active(state);
  if (active.length === 0) return false;
  const actor = game.randomActor ? game.randomActor(state, rng) : active[0];
  if (actor === CHANCE) {
    game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
    return true;
  }
  const seat = actor as Seat;
  const legalMoves = game.legalMoves(state, seat);
  game.applyInPlace(
    state,
    seat,
    greedyBot.choose({ game, view: game.view(state, seat), seat, legalMoves, rng, budget: {} }),
  );
  return true;
}

/**
 * A mid-game position of a seeded 4-seat game between greedy bots (a third of the way in) where the seat to move has
 * a choice that the search makes (not one the heuristic makes directly, as Chinatown's trading).
 */
function midGame(game: AnyGame): { view: unknown; seat: Seat; moves: readonly unknown[] } {
  const parsed = game.parseOptions(4, {});
  if (!parsed.ok) throw new Error(parsed.reason);
  const probe = game.setup(4, parsed.options);
  let length = 0;
  for (const rng = new SeededRng(2024); greedyStep(game, probe, rng);) length++;
  const rng = new SeededRng(2024);
  const state = game.setup(4, parsed.options);
  for (let step = 0; step < length; step++) {
    const active = game.active(state);
    if (step >= length / 3 && active.length > 0 && active[0] !== CHANCE) {
      for (const actor of active) {
        const seat = actor as Seat;
        const moves = game.legalMoves(state, seat);
        if (moves.length < 2) continue;
        const view = game.view(state, seat);
        const probeRun = search({
          game,
          view,
          seat,
          legalMoves: moves,
          rng: new SeededRng(1),
          budget: { iterations: 1 },
        });
        if (probeRun.iterations > 0) return { view, seat, moves };
      }
    }
    greedyStep(game, state, rng);
  }
  throw new Error(`${game.id}: no mid-game position for the search`);
}

/** ISMCTS iterations per second (determinize, select, expand, play out, back up) from a mid-game 4-seat position. */
function ismctsFigure(game: AnyGame): Figure {
  const position = midGame(game);
  const rng = new SeededRng(7);
  return {
    name: `bots.ismcts.${game.id}`,
    unit: 'iterations/s',
    run(ms) {
      const start = performance.now();
      let iterations = 0;
      while (performance.now() - start < ms) {
        const { view, seat, moves } = position;
        iterations += search({
          game,
          view,
          seat,
          legalMoves: moves,
          rng,
          budget: { ms: Math.min(250, ms) },
        }).iterations;
      }
      return { amount: iterations, seconds: (performance.now() - start) / 1000 };
    },
  };
}

export const botFigures: Figure[] = [...GAMES.values()].map(ismctsFigure);
