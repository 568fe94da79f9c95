import type { AnyGame } from '@skyline/engine';
import { manhattan } from '@skyline/manhattan';
import { mycity } from '@skyline/mycity';
import { chinatown } from '@skyline/chinatown';
import { nyny } from '@skyline/nyny';

/** Every game of the platform, by id. Adding a game: write its package, then list it here. */
export const GAMES: ReadonlyMap<string, AnyGame> = new Map<string, AnyGame>([
  [nyny.id, nyny],
  [manhattan.id, manhattan],
  [mycity.id, mycity],
  [chinatown.id, chinatown],
]);

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}
