import { SeededRng, type AnyGame } from '@skyline/engine';
import { search } from '@skyline/bots';
import { GAMES } from '@skyline/games';
import type { Figure } from '../measure.js';
import { midGame } from '../positions.js';

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
