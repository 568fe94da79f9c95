/**
 * The operator's page's move figures (`moderation/move-figures.ts`): the percentiles read from a histogram's buckets
 * as Prometheus reads them, a window that forgets what is older than five minutes, and processes added up — worked
 * out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { Metrics } from '../src/metrics.js';
import { combineMoves, MoveWindow, quantile, WINDOW_MS } from '../src/moderation/move-figures.js';

/** Cumulative buckets by bound, as `le` strings (the histogram's own bounds, then `+Inf`). */
const buckets = (counts: Record<string, number>) =>
  Object.entries(counts).map(([le, count]) => ({ le, count }));

describe('the move figures', () => {
  it('read the percentiles inside the bucket where the rank falls, not at its bound', () => {
    // 10 moves: 4 under 5 ms, 6 between 5 and 10 ms. Median: rank 5, the 1st of the 6 → 5 + 5 × 1/6 = 5.833 ms.
    // 95th: rank 9.5 → 5 + 5 × 5.5/6 = 9.583 ms.
    const figures = combineMoves(
      [{ seconds: 60, accepted: 10, buckets: buckets({ '0.001': 0, '0.005': 4, '0.01': 10, '+Inf': 10 }) }],
      true,
    );
    expect(figures).toEqual({
      perMinute: 10,
      answered: 10,
      medianMs: 5.8,
      p95Ms: 9.6,
      windowSeconds: 60,
      everyProcess: true,
    });
  });

  it('say the highest finite bound for moves slower than every bucket, and nothing when there was no move', () => {
    const bounds = [
      { bound: 0.5, count: 1 },
      { bound: 1, count: 1 },
      { bound: Infinity, count: 4 },
    ];
    expect(quantile(0.5, bounds)).toBe(1);
    expect(quantile(0.1, bounds)).toBe(0.2); // rank 0.4 of the first bucket's 1: 0 + 0.5 × 0.4
    expect(quantile(0.5, [{ bound: Infinity, count: 0 }])).toBeNull();
    expect(combineMoves([], false)).toMatchObject({ perMinute: 0, answered: 0, medianMs: null, p95Ms: null });
  });

  it('add the processes up: rates summed over each one’s own window, buckets summed before the percentiles', () => {
    // One process up 5 minutes with 50 moves (10 a minute), one up 30 seconds with 10 (20 a minute): 30 a minute.
    // Buckets: 40 + 0 under 1 ms, 50 + 10 under 2.5 ms. Median of 60: rank 30, in the first bucket → 30/40 × 1 ms.
    const figures = combineMoves(
      [
        { seconds: 300, accepted: 50, buckets: buckets({ '0.001': 40, '0.0025': 50, '+Inf': 50 }) },
        { seconds: 30, accepted: 10, buckets: buckets({ '0.001': 0, '0.0025': 10, '+Inf': 10 }) },
      ],
      true,
    );
    expect(figures).toMatchObject({ perMinute: 30, answered: 60, medianMs: 0.8, windowSeconds: 300 });
    // p95: rank 57 in the second bucket (40 below, 20 in it): 1 + 1.5 × 17/20 = 2.275 ms.
    expect(figures.p95Ms).toBe(2.3);
  });

  it('forget the moves older than the window: a burst an hour ago is not today’s rate', async () => {
    let now = 1_000_000;
    const metrics = new Metrics();
    const window = new MoveWindow(metrics.registry, () => now);
    await window.sample();
    // 30 moves answered in 4 ms, then the process idles for an hour, sampled every 15 s.
    for (let k = 0; k < 30; k++) {
      metrics.moves.inc({ outcome: 'accepted' });
      metrics.moveSeconds.observe(0.004);
    }
    metrics.moves.inc({ outcome: 'refused' });
    metrics.moveSeconds.observe(0.004);
    now += 60_000;
    expect(combineMoves([await window.figures()], true)).toMatchObject({
      perMinute: 30,
      answered: 31,
      windowSeconds: 60,
    });
    for (let t = 0; t < 240; t++) {
      now += 15_000;
      await window.sample();
    }
    const later = combineMoves([await window.figures()], true);
    expect(later).toMatchObject({
      perMinute: 0,
      answered: 0,
      medianMs: null,
      windowSeconds: WINDOW_MS / 1000,
    });
    // Two moves now: 2 in 5 minutes is 0.4 a minute; both between 2.5 and 5 ms.
    metrics.moves.inc({ outcome: 'accepted' }, 2);
    metrics.moveSeconds.observe(0.003);
    metrics.moveSeconds.observe(0.003);
    expect(combineMoves([await window.figures()], true)).toMatchObject({
      perMinute: 0.4,
      answered: 2,
      medianMs: 3.8,
    });
  });
});
