/**
 * What a review costs and how far its estimates and marks can be trusted (`npm run bench -- review`; the figures are
 * quoted in packages/bots/README.md, "Reviews"):
 *
 * - `review.seconds.GAME.Np`: a whole game's review at the server's budget per decision, median (and p95) over games
 *   the greedy bots played;
 * - `review.spread`: the same decision reviewed again with other samples, how far the move made's chance to win moves
 *   (median and p95 of the difference, in points);
 * - `review.marks.*`: for each marked move (a mistake or a blunder), the game played on from the position by greedy
 *   bots many times (from the true position, chance drawn anew) after the move made and after the move preferred:
 *   the seat's win share after each. Marks mean
 *   something when the share after the marked moves is clearly below the share after the preferred ones.
 */
import type { AnyGame, LogEntry, Seat } from '@skyline/engine';
import {
  decisionsOf,
  playGame,
  playOn,
  reviewDecision,
  type BotLevel,
  type ReviewedMove,
} from '@skyline/bots';
import { GAMES } from '@skyline/games';
import { median, type FigureResult } from '../measure.js';

export interface ReviewStudy {
  /** Games per game and seat count. */
  games: number;
  /** The budget per decision (the server's default). */
  ms: number;
  /** Games played on from each marked position, after each of the two moves. */
  continuations: number;
}

const CASES: { game: string; players: number }[] = [
  { game: 'nyny', players: 2 },
  { game: 'nyny', players: 4 },
  { game: 'manhattan', players: 2 },
  { game: 'manhattan', players: 4 },
  { game: 'mycity', players: 2 },
  { game: 'chinatown', players: 3 },
];

export const REVIEW_FIGURES = [
  ...CASES.map(({ game, players }) => `review.seconds.${game}.${players}p`),
  'review.spread',
  'review.marks.afterMarked',
  'review.marks.afterPreferred',
];

function quantile(values: number[], q: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** A game between greedy bots, as its log. */
function greedyGame(game: AnyGame, players: number, seed: number): { options: unknown; log: LogEntry[] } {
  const parsed = game.parseOptions(players, {});
  if (!parsed.ok) throw new Error(parsed.reason);
  const log: LogEntry[] = [];
  const levels = Array.from({ length: players }, (): BotLevel => 'greedy');
  playGame(game, levels, parsed.options, seed, {}, { onEntry: (entry) => log.push(entry) });
  return { options: parsed.options, log };
}

/** `seat`'s win share over games played on by greedy bots after `move` (shared wins split). */
function winShareAfter(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  move: unknown,
  players: number,
  continuations: number,
): number {
  let share = 0;
  const levels = Array.from({ length: players }, (): BotLevel => 'greedy');
  for (let k = 0; k < continuations; k++) {
    // The game's true position (what the seat could not see as it was): what the move really led to; chance
    // differs between continuations.
    const position = game.clone(state);
    game.applyInPlace(position, seat, move);
    const end = playOn(game, position, levels, 7 + k, {});
    const { winners } = game.status(end);
    if (winners.includes(seat)) share += 1 / winners.length;
  }
  return share / continuations;
}

export function reviewFigures(study: ReviewStudy): FigureResult[] {
  const results: FigureResult[] = [];
  const spreads: number[] = [];
  const afterMarked: number[] = [];
  const afterPreferred: number[] = [];
  for (const { game: id, players } of CASES) {
    const game = GAMES.get(id)!;
    const seconds: number[] = [];
    for (let g = 0; g < study.games; g++) {
      const { options, log } = greedyGame(game, players, 100 + g);
      const started = performance.now();
      const decisions = decisionsOf(game, players, options, log);
      const reviewed: (ReviewedMove & { state: unknown })[] = decisions.map((decision) => ({
        index: decision.index,
        state: decision.state,
        ...reviewDecision(
          game,
          decision.state,
          decision.seat,
          decision.move,
          { ms: study.ms },
          decision.index,
        ),
      }));
      seconds.push((performance.now() - started) / 1000);
      // Stability: every fifth judged decision of the game, again with other samples.
      reviewed
        .filter((move) => !move.forced)
        .filter((_, n) => n % 5 === 0)
        .forEach((move) => {
          const again = reviewDecision(
            game,
            move.state,
            move.seat,
            move.played.move,
            { ms: study.ms },
            move.index + 7919,
          );
          if (again.played.win !== null && move.played.win !== null)
            spreads.push(100 * Math.abs(again.played.win - move.played.win));
        });
      for (const move of reviewed) {
        if (move.mark !== 'mistake' && move.mark !== 'blunder') continue;
        afterMarked.push(
          winShareAfter(game, move.state, move.seat, move.played.move, players, study.continuations),
        );
        afterPreferred.push(
          winShareAfter(game, move.state, move.seat, move.best.move, players, study.continuations),
        );
      }
    }
    results.push({
      name: `review.seconds.${id}.${players}p`,
      value: median(seconds),
      unit: 's per game',
      runs: seconds.length,
      min: Math.min(...seconds),
      max: Math.max(...seconds),
      p95: quantile(seconds, 0.95),
      msPerDecision: study.ms,
    });
  }
  results.push({
    name: 'review.spread',
    value: median(spreads),
    unit: 'points of chance to win',
    runs: spreads.length,
    min: Math.min(...spreads),
    max: Math.max(...spreads),
    p95: quantile(spreads, 0.95),
  });
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  for (const [name, values] of [
    ['review.marks.afterMarked', afterMarked],
    ['review.marks.afterPreferred', afterPreferred],
  ] as const) {
    results.push({
      name,
      value: 100 * mean(values),
      unit: '% of wins (greedy bots playing on)',
      runs: values.length,
      min: 100 * Math.min(...values),
      max: 100 * Math.max(...values),
      continuations: study.continuations,
    });
  }
  return results;
}
