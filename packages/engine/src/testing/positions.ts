/**
 * Positions for the tests of bots and heuristics (`@skyline/bots`' tests and the games' `./bot` facets' tests): a
 * game's options as it parses them, and a seeded position where a seat has a choice to make.
 */
import { CHANCE, type AnyGame, type Seat } from '../contract.js';
import { randomStep } from '../play.js';
import { SeededRng } from '../rng.js';

/** `options` as the game parses them for `players` seats (the defaults filled in); throws if it refuses them. */
export function optionsOf(game: AnyGame, players: number, options: unknown = {}): unknown {
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.options;
}

/** A position some way into a seeded random game, with a seat that has a choice to make. */
export function midGame(
  game: AnyGame,
  players: number,
  seed: number,
  steps: number,
): { state: unknown; seat: Seat } {
  const rng = new SeededRng(seed);
  const state = game.setup(players, optionsOf(game, players));
  for (let k = 0; k < steps; k++) if (randomStep(game, state, rng) === null) break;
  for (let k = 0; k < 10_000; k++) {
    const active = game.active(state);
    if (active.length === 0) throw new Error(`${game.id}: the game ended before a choice`);
    if (active[0] !== CHANCE) {
      for (const actor of active) {
        if (game.legalMoves(state, actor as Seat).length > 1) return { state, seat: actor as Seat };
      }
    }
    randomStep(game, state, rng);
  }
  throw new Error(`${game.id}: no choice found`);
}
