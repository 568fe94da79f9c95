import { CHANCE, SeededRng, randomMove, type AnyGame } from '@skyline/engine';
import type { mycity as MyCity, MyCityState } from '@skyline/mycity';
import type { Figure } from '../measure.js';
import { playoutFigure } from './playouts.js';

/**
 * Positions where seats choose, taken from seeded random 4-seat games at every stage of an episode (empty boards,
 * crowded ones), with the seat to list moves for.
 */
function samplePositions(mycity: typeof MyCity, count: number): { state: MyCityState; seat: number }[] {
  const rng = new SeededRng(2020);
  const out: { state: MyCityState; seat: number }[] = [];
  const parsed = mycity.parseOptions(4, {});
  if (!parsed.ok) throw new Error(parsed.reason);
  while (out.length < count) {
    const state = mycity.setup(4, parsed.options);
    for (;;) {
      const actor = mycity.active(state)[0];
      if (actor === undefined) break;
      if (actor === CHANCE) {
        mycity.applyInPlace(state, CHANCE, mycity.sampleChance(state, rng));
        continue;
      }
      out.push({ state: mycity.clone(state), seat: actor });
      mycity.applyInPlace(state, actor, randomMove(mycity, state, actor, rng));
    }
  }
  return out.slice(0, count);
}

/** Legal placements listed per second by `legalMoves` (the build moves; pass and stop are not counted). */
function placementsFigure(name: string, mycity: typeof MyCity): Figure {
  const positions = samplePositions(mycity, 1000);
  return {
    name,
    unit: 'placements/s',
    run(ms) {
      const start = performance.now();
      let placements = 0;
      let now = start;
      while (now - start < ms) {
        for (const { state, seat } of positions) {
          const moves = mycity.legalMoves(state, seat);
          for (const move of moves) if (move.type === 'build') placements++;
        }
        now = performance.now();
      }
      return { amount: placements, seconds: (now - start) / 1000 };
    },
  };
}

/** My City's own figures: random games, and its placements (`figures/games.ts` gives it the game from the registry). */
export function mycityFigures(game: AnyGame): Figure[] {
  // The registry's entry is this package's game: its moves and states have My City's types.
  const mycity = game as unknown as typeof MyCity;
  return [playoutFigure('mycity.playouts.4p', game, 4, {}), placementsFigure('mycity.placements', mycity)];
}
