/**
 * Chinatown's `./bot` facet (read by `@skyline/bots` through the registry): its heuristic (with its priced offers,
 * `offers.ts`) and the tree search's settings, measured with the arena. The playouts use the fast policy of
 * `playout.ts` (random play places tiles anywhere and says nothing of the lots settled) and stop after about two
 * rounds, judged by each seat's potential (`Heuristic.judge`; see packages/bots/README.md, Chinatown).
 */
import type { GameBot } from '@skyline/engine';
import { chinatownHeuristic } from './heuristic.js';

export const bot: GameBot = {
  heuristic: chinatownHeuristic,
  search: { playout: 'policy', playoutDepth: 60, evalScale: 8000 },
};
