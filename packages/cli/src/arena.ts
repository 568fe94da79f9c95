import { arena, type ArenaSettings, type ArenaSummary } from '@skyline/bots';
import { percent, wilson95 } from './stats.js';

export interface ArenaReport extends ArenaSummary {
  /** Per bot of the list: the 95% confidence interval of its share of wins (Wilson). */
  ci95: [number, number][];
}

/** Plays the arena and adds the confidence intervals. */
export function runArena(settings: ArenaSettings): ArenaReport {
  const summary = arena(settings);
  return { ...summary, ci95: summary.bots.map((bot) => wilson95(bot.wins, summary.games)) };
}

export function formatArena(report: ArenaReport, options: Record<string, unknown>): string {
  const budget =
    report.budget.iterations !== undefined
      ? `${report.budget.iterations} iterations per move`
      : `${report.budget.ms ?? 1000} ms per move`;
  const lines = [
    `${report.game}: ${report.games} games, ${report.players} seats rotating, options ${JSON.stringify(options)}, ismcts ${budget}, seed ${report.seed} (${report.seconds.toFixed(1)} s)`,
    '',
    'bot  level      wins    share    95% CI            avg score    avg ms    p95 ms',
    ...report.bots.map((bot, k) => {
      const [low, high] = report.ci95[k] as [number, number];
      return (
        `${String(bot.index).padEnd(3)}  ${bot.level.padEnd(8)} ${bot.wins.toFixed(1).padStart(6)}  ${percent(bot.share).padStart(6)}   [${percent(low)}, ${percent(high)}]`.padEnd(
          53,
        ) +
        `${bot.averageScore.toFixed(2).padStart(11)}  ${bot.averageMs.toFixed(2).padStart(8)}  ${bot.p95Ms.toFixed(2).padStart(8)}`
      );
    }),
    '',
    `fair share: ${percent(1 / report.players)}; a shared win counts 1/k for each of its k winners`,
  ];
  return lines.join('\n');
}
