/**
 * New York, New York's `./bot` facet (read by `@skyline/bots` through the registry): its heuristic, and the tree
 * search's default settings (random playouts to the end suit it).
 */
import type { GameBot } from '@skyline/engine';
import { nynyHeuristic } from './heuristic.js';

export const bot: GameBot = { heuristic: nynyHeuristic, search: {} };
