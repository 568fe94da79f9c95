/**
 * Manhattan's score breakdown (the engine's `scoreBreakdown` facet): per round, a point per building, the
 * majorities of the cities and the tallest building (the rules page, "Scoring"). The score counts finished rounds
 * only, so the breakdown is the finished rounds' parts.
 */
import { periodTerms, type PeriodParts, type ScoreBreakdown } from '@skyline/engine';
import { pointsBySource, type RoundScore } from './scoring.js';
import type { ManhattanState } from './state.js';

/** A round's scoring by term: `buildings`, `majorities`, `tallest`. */
export function roundParts(round: RoundScore): PeriodParts {
  const { buildings, majorities, tallest } = pointsBySource(round);
  return { buildings, majorities, tallest };
}

export function scoreBreakdown(state: ManhattanState): ScoreBreakdown {
  return { period: 'round', terms: state.historyParts.flatMap((parts, k) => periodTerms(parts, k + 1)) };
}
