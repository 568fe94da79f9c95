import { CHANCE, SeededRng, randomStep, type AnyGame, type Seat } from '@skyline/engine';
import { GAMES } from '@skyline/games';

export const ALL_GAMES: AnyGame[] = [...GAMES.values()];

/** Option sets other than the defaults, per game. */
export const VARIANTS: Record<string, Record<string, unknown>[]> = {
  nyny: [{ variant: 'simultaneous' }, { bonus: false, rounds: 2 }],
  manhattan: [{ sixrounds: true, perspective: true }],
  mycity: [{ episodes: 2 }],
  chinatown: [
    { sequentialPlacement: true, economy: false },
    { keepLotCards: true, drawMax: true, streetAccess: true },
  ],
};

export function optionsOf(game: AnyGame, players: number, options: unknown = {}): unknown {
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.options;
}

export function seatCounts(game: AnyGame): number[] {
  return Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, k) => game.minPlayers + k);
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

/** Every object and array reachable from `value`. */
export function objectsOf(value: unknown, out = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || out.has(value)) return out;
  out.add(value);
  for (const item of Object.values(value)) objectsOf(item, out);
  return out;
}

export function stringLeaves(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringLeaves(item, out);
  return out;
}
