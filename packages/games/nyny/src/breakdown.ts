/**
 * New York's score breakdown (the engine's `scoreBreakdown` facet): per round, the numbers of the seat's top tiles
 * and the bonus of its runs, by run length (the rules page, "Scoring"). Counted here on its own, apart from
 * `scoring.ts`, so that the tests comparing the two check something.
 */
import { periodTerms, type PeriodParts, type ScoreBreakdown } from '@skyline/engine';
import { roundInProgress, type NynyState } from './state.js';
import { COLOURS, POSITIONS, tileColour, tileNumber, type Colour, type Tile } from './tiles.js';

/** The bonus of a run by its length, 2 to 6 (6 or more: +25), as the rules page's table gives it. */
const BONUS: Readonly<Record<number, number>> = { 2: 3, 3: 6, 4: 10, 5: 15, 6: 25 };
const RUN_TERMS = ['run2', 'run3', 'run4', 'run5', 'run6'] as const;

/** The lengths of the maximal runs of `owned` positions on the ring of 12 (1 and 12 are neighbours). */
function runLengths(owned: readonly boolean[]): number[] {
  if (owned.every(Boolean)) return [POSITIONS];
  const start = owned.findIndex((own) => !own); // a position outside every run: no run crosses the seam after it
  const lengths: number[] = [];
  let run = 0;
  for (let k = 1; k <= POSITIONS; k++) {
    if (owned[(start + k) % POSITIONS]) run++;
    else if (run > 0) {
      lengths.push(run);
      run = 0;
    }
  }
  return lengths;
}

/** A skyline's score by term for each seat: `tiles`, then (with the bonus) `run2` … `run6`. */
export function roundParts(
  skyline: readonly (readonly Tile[])[],
  colours: readonly Colour[],
  bonus: boolean,
): PeriodParts {
  const tops = skyline.map((stack) => (stack.length === 0 ? -1 : (stack[stack.length - 1] as Tile)));
  const parts: PeriodParts = { tiles: colours.map(() => 0) };
  if (bonus) for (const term of RUN_TERMS) parts[term] = colours.map(() => 0);
  colours.forEach((letter, seat) => {
    const colour = COLOURS.indexOf(letter);
    const owned = tops.map((tile) => tile >= 0 && tileColour(tile) === colour);
    (parts.tiles as number[])[seat] = tops.reduce(
      (sum, tile, k) => sum + (owned[k] ? tileNumber(tile) : 0),
      0,
    );
    if (!bonus) return;
    for (const length of runLengths(owned)) {
      if (length < 2) continue;
      const capped = Math.min(length, 6);
      const values = parts[`run${capped}`] as number[];
      values[seat] = (values[seat] as number) + (BONUS[capped] as number);
    }
  });
  return parts;
}

/** The finished rounds' parts, then the round being played as if it ended now (as `status` counts it). */
export function scoreBreakdown(state: NynyState): ScoreBreakdown {
  const terms = state.historyParts.flatMap((parts, k) => periodTerms(parts, k + 1));
  if (roundInProgress(state))
    terms.push(
      ...periodTerms(
        roundParts(state.skyline, state.options.colours, state.options.bonus),
        state.historyParts.length + 1,
      ),
    );
  return { period: 'round', terms };
}
