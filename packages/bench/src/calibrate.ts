/**
 * `node packages/bench/dist/calibrate.js [GAME...] [--seats N,...] [--positions P] [--iterations I]` (defaults 16, 2000): how many ISMCTS
 * iterations a time budget gives, per game and seat count, measured in **processor time** (`process.cpuUsage`), so
 * that a machine shared with other work still gives the figure of an idle core (wall-clock budgets measure the load).
 *
 * For each game and seat count it plays a seeded game between greedy bots and, at up to P positions spread over the
 * game where the search has a choice to make, runs the search twice: 1 iteration (the fixed cost of a move: the
 * greedy lookahead that orders the root, Chinatown's offer pricing) and I iterations. A 1 s budget searches until 85%
 * of it, so it gives (0.85 s − fixed cost) × iterations per second. Prints one JSON line per configuration with the
 * median, quartiles and extremes over the positions.
 */
import { parseArgs } from 'node:util';
import { SeededRng, type AnyGame } from '@skyline/engine';
import { search } from '@skyline/bots';
import { GAMES } from '@skyline/games';
import { searchPositions, type Position } from './positions.js';

/** Processor time of this process, in seconds. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Processor seconds of one search from the position with an iteration cap. */
function timed(game: AnyGame, position: Position, iterations: number): number {
  const start = cpuSeconds();
  search({
    game,
    view: position.view,
    seat: position.seat,
    legalMoves: position.moves,
    rng: new SeededRng(7),
    budget: { ms: 600_000, iterations },
  });
  return cpuSeconds() - start;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seats: { type: 'string' },
    positions: { type: 'string', default: '16' },
    iterations: { type: 'string', default: '2000' },
  },
});
const wantedPositions = Number(values.positions);
const iterations = Number(values.iterations);
const games = positionals.length > 0 ? positionals.map((id) => GAMES.get(id)) : [...GAMES.values()];
for (const game of games) {
  if (game === undefined) throw new Error(`unknown game; games: ${[...GAMES.keys()].join(', ')}`);
  const seatCounts = values.seats
    ? values.seats.split(',').map(Number)
    : Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, k) => game.minPlayers + k);
  for (const seats of seatCounts) {
    const all = searchPositions(game, seats, 2024 + seats);
    const step = Math.max(1, all.length / wantedPositions);
    const chosen = Array.from(
      { length: Math.min(wantedPositions, all.length) },
      (_, k) => all[Math.floor(k * step)]!,
    );
    const perSecond: number[] = [];
    const fixed: number[] = [];
    const oneSecond: number[] = [];
    // Warm the code paths first (the first searches of a process run before the compiler has optimised them).
    for (const position of chosen) timed(game, position, Math.ceil(iterations / 10));
    for (const position of chosen) {
      const base = timed(game, position, 1);
      const full = timed(game, position, iterations);
      const rate = (iterations - 1) / Math.max(1e-6, full - base);
      perSecond.push(rate);
      fixed.push(base);
      oneSecond.push(Math.max(0, 0.85 - base) * rate);
    }
    const sort = (list: number[]) => list.slice().sort((a, b) => a - b);
    const [rates, costs, budgets] = [sort(perSecond), sort(fixed), sort(oneSecond)];
    console.log(
      JSON.stringify({
        game: game.id,
        seats,
        positions: chosen.length,
        iterationsPerCpuSecond: Math.round(quantile(rates, 0.5)),
        fixedMs: Math.round(quantile(costs, 0.5) * 1000),
        iterationsIn1s: {
          median: Math.round(quantile(budgets, 0.5)),
          q25: Math.round(quantile(budgets, 0.25)),
          q75: Math.round(quantile(budgets, 0.75)),
          min: Math.round(budgets[0] ?? 0),
          max: Math.round(budgets[budgets.length - 1] ?? 0),
        },
      }),
    );
  }
}
