import type { AnyGame } from '@skyline/engine';
import { mycity } from '@skyline/mycity';
import { nyny } from '@skyline/nyny';

/** Every game of the platform, by id. Adding a game: write its package, then list it here. */
export const GAMES: ReadonlyMap<string, AnyGame> = new Map<string, AnyGame>([
  [nyny.id, nyny],
  [mycity.id, mycity],
]);

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}
