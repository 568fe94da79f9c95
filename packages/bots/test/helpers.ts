import type { AnyGame } from '@skyline/engine';
import { GAMES } from '@skyline/games';

/** The options as a game parses them, and a seeded position with a choice to make (shared with the games' `./bot` tests). */
export { midGame, optionsOf } from '@skyline/engine/testing';

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

export function seatCounts(game: AnyGame): number[] {
  return Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, k) => game.minPlayers + k);
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
