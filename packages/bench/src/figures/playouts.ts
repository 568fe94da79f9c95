import { CHANCE, SeededRng, randomMove, type Actor, type AnyGame } from '@skyline/engine';
import type { Figure } from '../measure.js';

/**
 * Complete random games per second, through the engine contract as the bots use it: `active`, `legalMoves`, the
 * game's random policy, `applyInPlace` and `sampleChance`, on a fresh state per game.
 */
export function playoutFigure(
  name: string,
  game: AnyGame,
  players: number,
  options: Record<string, unknown>,
): Figure {
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.reason}`);
  const rng = new SeededRng(12345);
  return {
    name,
    unit: 'games/s',
    run(ms) {
      const start = performance.now();
      let games = 0;
      let moves = 0;
      while (performance.now() - start < ms) {
        const state = game.setup(players, parsed.options);
        for (;;) {
          const active = game.active(state);
          if (active.length === 0) break;
          const actor = game.randomActor ? game.randomActor(state, rng) : (active[0] as Actor);
          if (actor === CHANCE) game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
          else game.applyInPlace(state, actor, randomMove(game, state, actor, rng));
          moves++;
        }
        games++;
      }
      const seconds = (performance.now() - start) / 1000;
      return { amount: games, seconds, extra: { moves } };
    },
  };
}

/** Moves (chance moves included) per second over complete random games. */
export function moveRateFigure(
  name: string,
  game: AnyGame,
  players: number,
  options: Record<string, unknown>,
): Figure {
  const games = playoutFigure(name, game, players, options);
  return {
    name,
    unit: 'moves/s',
    run(ms) {
      const { seconds, extra } = games.run(ms);
      return { amount: extra?.moves ?? 0, seconds };
    },
  };
}
