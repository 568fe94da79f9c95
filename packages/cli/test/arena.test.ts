/** `skyline arena`: in process, and one wrong command line spawned as a user runs the built command. */
import { describe, expect, it } from 'vitest';
import { skyline, spawned } from './skyline.js';

interface Summary {
  games: number;
  players: number;
  bots: { level: string; wins: number; share: number; moves: number; p95Ms: number }[];
  ci95: [number, number][];
}

describe('skyline arena', { timeout: 60_000 }, () => {
  it('plays bots against each other, rotating seats, and summarises each bot (JSON)', async () => {
    const args = ['arena', 'nyny', '--bots', 'ismcts,greedy,random', '--games', '6', '--iterations', '10'];
    const result = await skyline([...args, '--seed', '4', '--json']);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary.games).toBe(6);
    expect(summary.bots.map((bot) => bot.level)).toEqual(['ismcts', 'greedy', 'random']);
    expect(summary.bots.reduce((sum, bot) => sum + bot.wins, 0)).toBeCloseTo(6);
    for (const [k, bot] of summary.bots.entries()) {
      expect(bot.moves).toBeGreaterThan(0);
      const [low, high] = summary.ci95[k] as [number, number];
      expect(low).toBeLessThanOrEqual(bot.share);
      expect(high).toBeGreaterThanOrEqual(bot.share);
    }
    // The same seed and an iteration cap give the same games.
    expect(
      (await skyline([...args, '--seed', '4', '--json'])).stdout.replace(
        /"(seconds|averageMs|p95Ms|maxMs)":[\d.e-]+/g,
        '',
      ),
    ).toBe(result.stdout.replace(/"(seconds|averageMs|p95Ms|maxMs)":[\d.e-]+/g, ''));
  });

  it('prints a table, and fills missing seats with the last bot', async () => {
    const result = await skyline([
      'arena',
      'manhattan',
      '--bots',
      'greedy,random',
      '--players',
      '4',
      '--games',
      '2',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/manhattan: 2 games, 4 seats rotating/);
    expect(result.stdout.match(/ random /g)).toHaveLength(3);
    expect(result.stdout).toMatch(/95% CI/);
  });

  it('explains a wrong command line and exits 2', async () => {
    expect((await skyline(['arena', 'nyny', '--games', '1'])).stderr).toMatch(/arena needs --bots/);
    expect((await skyline(['arena', 'nyny', '--bots', 'genius', '--games', '1'])).stderr).toMatch(
      /unknown bot level "genius"/,
    );
    expect(spawned(['arena', 'nyny', '--bots', 'random'])).toMatchObject({ code: 2, stdout: '' });
    expect((await skyline(['arena', 'chinatown', '--bots', 'random,random', '--games', '1'])).stderr).toMatch(
      /3 to 5 seats/,
    );
  });
});
