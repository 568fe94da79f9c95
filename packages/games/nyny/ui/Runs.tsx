/**
 * Under the city, in words: the runs that score a bonus now (each marked under the towers in its owner's colour), or
 * that none does yet, or that the game is played without the bonus.
 */
import type { ScoringRun } from '@skyline/nyny/board';
import type { T } from './words.js';

export function Runs({
  runs,
  colours,
  bonus,
  over,
  t,
}: {
  runs: readonly ScoringRun[];
  colours: readonly string[];
  bonus: boolean;
  /** Whether the game is over (then no run "yet"). */
  over: boolean;
  t: T;
}) {
  const said = runs.map((run) =>
    t('nyny.run', {
      colour: t(`colour.${colours[run.seat] ?? 'r'}` as 'colour.r'),
      from: run.start + 1,
      to: ((run.start + run.length - 1) % 12) + 1,
      bonus: run.bonus,
    }),
  );
  return (
    <p className="nyny-runs" data-testid="runs">
      {!bonus
        ? t('nyny.noBonus')
        : said.length
          ? t('nyny.runs', { runs: said.join(' · ') })
          : t(over ? 'nyny.noRunsOver' : 'nyny.noRuns')}
    </p>
  );
}
