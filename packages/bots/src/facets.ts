/**
 * What the bots know of each game comes from its package's `./bot` facet, read through the registry
 * (`@skyline/games`): its heuristic and the tree search's settings. A game without an entry (the throwaway games of
 * tests) gets `byScores` and the search's defaults.
 */
import { margin, type AnyGame, type Heuristic, type IsmctsSettings, type Seat } from '@skyline/engine';
import { entryOf } from '@skyline/games';

/** For a game without a heuristic of its own: the margin of its `scores` field, when its views have one. */
const byScores: Heuristic = {
  evaluate(view: unknown, seat: Seat): number {
    const scores = (view as { scores?: unknown }).scores;
    return Array.isArray(scores) ? margin(scores as number[], seat) : 0;
  },
};

export function heuristicFor(game: AnyGame): Heuristic {
  return entryOf(game.id)?.bot.heuristic ?? byScores;
}

/** The tree search's settings that `game` sets over the defaults (none for a game without an entry). */
export function searchSettingsFor(game: AnyGame): Readonly<Partial<IsmctsSettings>> {
  return entryOf(game.id)?.bot.search ?? {};
}
