import type { AnyGame, Seat } from '@skyline/engine';
import type { Heuristic } from '../greedy.js';
import { chinatownHeuristic } from './chinatown.js';
import { margin } from './common.js';
import { manhattanHeuristic } from './manhattan.js';
import { mycityHeuristic } from './mycity.js';
import { nynyHeuristic } from './nyny.js';

const HEURISTICS: ReadonlyMap<string, Heuristic> = new Map([
  ['nyny', nynyHeuristic],
  ['manhattan', manhattanHeuristic],
  ['mycity', mycityHeuristic],
  ['chinatown', chinatownHeuristic],
]);

/** For a game without a heuristic of its own: the margin of its `scores` field, when its views have one. */
const byScores: Heuristic = {
  evaluate(view: unknown, seat: Seat): number {
    const scores = (view as { scores?: unknown }).scores;
    return Array.isArray(scores) ? margin(scores as number[], seat) : 0;
  },
};

export function heuristicFor(game: AnyGame): Heuristic {
  return HEURISTICS.get(game.id) ?? byScores;
}
