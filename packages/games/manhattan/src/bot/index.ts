/**
 * Manhattan's `./bot` facet (read by `@skyline/bots` through the registry): its heuristic and the tree search's
 * settings, measured with the arena. Random games say little about a position (random seats seldom take a rival's
 * building), so the playouts use a fast policy that plays as the greedy bot does (`playout.ts`), and are short and
 * judged by the heuristic.
 */
import type { GameBot } from '@skyline/engine';
import { manhattanHeuristic } from './heuristic.js';

export const bot: GameBot = {
  heuristic: manhattanHeuristic,
  search: { playout: 'policy', playoutDepth: 12, evalScale: 6 },
};
