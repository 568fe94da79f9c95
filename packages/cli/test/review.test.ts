/** `skyline review` (docs/command-line.md): in process for what it computes, one spawned run for the streams. */
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { lastMoveBlunder, randomLog } from '../../bots/test/review-positions.js';
import { skyline, spawned } from './skyline.js';

interface Review {
  moves: { index: number; seat: number; loss: number; mark: string | null; forced: boolean }[];
  seats: { seat: number; decisions: number; blunders: number; worst: number[] }[];
}

/** A New York game (two seats, Ada and Bob) whose last move, Ada's or Bob's, lost a game the other move won. */
function blunderRecord() {
  const game = GAMES.get('nyny')!;
  const found = lastMoveBlunder(game, 2)!;
  return {
    record: { format: 'skyline-record/1', game: 'nyny', players: 2, names: ['Ada', 'Bob'], log: found.log },
    last: found,
  };
}

describe('skyline review', { timeout: 120_000 }, () => {
  it('finds the last move that threw a won game away, marks it, and counts it for its seat (JSON)', async () => {
    const { record, last } = blunderRecord();
    const result = await skyline(
      ['review', '-', '--iterations', '200', '--seed', '3', '--json'],
      JSON.stringify(record),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const review = JSON.parse(result.stdout) as Review;
    const final = review.moves.at(-1)!;
    expect([final.index, final.seat]).toEqual([record.log.length - 1, last.seat]);
    expect([final.loss, final.mark]).toEqual([1, 'blunder']);
    const seat = review.seats[last.seat]!;
    expect(seat.blunders).toBeGreaterThanOrEqual(1);
    // Nothing can lose more than the whole game: it is the seat's worst move.
    expect(review.moves[seat.worst[0]!]!.loss).toBe(1);
  });

  it('prints a table with the names, the marks and a summary per seat', async () => {
    const { record, last } = blunderRecord();
    const result = await skyline(
      ['review', '-', '--iterations', '200', '--seed', '3'],
      JSON.stringify(record),
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^nyny: 2 seats, \d+ decisions \(\d+ judged, the others forced\), 200 iterations each, seed 3/,
    );
    const name = ['Ada', 'Bob'][last.seat]!;
    expect(lines.find((line) => line.startsWith(`log[${record.log.length - 1}]`))).toMatch(
      new RegExp(`^log\\[\\d+\\]\\s+${name}\\s.*\\s0\\.0%\\s.*100\\.0%\\s+−100 blunder$`),
    );
    expect(
      lines.some((line) => line.startsWith(`${name} (seat ${last.seat}): `) && /\d+ blunders?/.test(line)),
    ).toBe(true);
  });

  it('refuses a game not over (its secrets are kept), and a budget given twice', async () => {
    const { log } = randomLog(GAMES.get('nyny')!, 2, 5);
    const unfinished = { format: 'skyline-record/1', game: 'nyny', players: 2, log: log.slice(0, 10) };
    const refused = await skyline(['review', '-'], JSON.stringify(unfinished));
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: 'record: the game is not over: a game in play is not reviewed (its secrets are kept)\n',
    });
    const twice = await skyline(['review', 'x.json', '--ms-per-move', '10', '--iterations', '5']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/^skyline: review takes --ms-per-move or --iterations, not both\n/);
  });

  it('as a user runs it: the review on stdout, nothing on stderr, exit 0; a missing file exits 1', () => {
    const { record } = blunderRecord();
    const result = spawned(
      ['review', '-', '--iterations', '20', '--seed', '1', '--json'],
      JSON.stringify(record),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Review).moves.length).toBeGreaterThan(0);
    const missing = spawned(['review', '/nonexistent/game.json']);
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr: 'record: cannot read /nonexistent/game.json (ENOENT)\n',
    });
  });
});
