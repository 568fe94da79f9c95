/**
 * My City's score breakdown (the engine's `scoreBreakdown` facet): per episode, the marker's position, the trees
 * still visible, minus the rocks still visible, minus the grass squares left empty (the rules page, "Scoring").
 */
import { periodTerms, type PeriodParts, type ScoreBreakdown } from '@skyline/engine';
import type { Building } from './buildings.js';
import { visible } from './scoring.js';
import type { MyCityState } from './state.js';

/** Each seat's episode score by term: `marker`, `trees`, `rocks` (negative), `empty` (negative). */
export function episodeParts(
  boards: readonly (readonly Building[])[],
  markers: readonly number[],
): PeriodParts {
  const seen = boards.map(visible);
  return {
    marker: markers.slice(0, boards.length),
    trees: seen.map((s) => s.trees),
    rocks: seen.map((s) => 0 - s.rocks), // 0 - 0 is +0, where -0 would not equal 0 in tests
    empty: seen.map((s) => 0 - s.emptyGrass),
  };
}

/** The finished episodes' parts, then the episode being played as if it ended now (as `status` counts it). */
export function scoreBreakdown(state: MyCityState): ScoreBreakdown {
  const terms = state.historyParts.flatMap((parts, k) => periodTerms(parts, k + 1));
  if (state.phase === 'choose')
    terms.push(...periodTerms(episodeParts(state.boards, state.markers), state.historyParts.length + 1));
  return { period: 'episode', terms };
}
