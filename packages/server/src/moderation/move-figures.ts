/**
 * The operator's page's move figures: moves per minute and the time to answer a move, over the last few minutes, read
 * from what the server already counts with prom-client (`metrics.ts`: `skyline_moves_total`,
 * `skyline_move_duration_seconds`) and never counted twice. Both are counted since the process started; a sample kept
 * every 15 seconds lets each process answer what changed over the window instead. Every process answers its own
 * window (asked through socket.io's adapter, as `Presence.online` asks for the people online), and the one asked adds
 * them up: the rates summed, the histograms' buckets summed before the percentiles are read from them.
 */
import type { MoveFigures } from '@skyline/protocol';
import type { Registry } from 'prom-client';
import { z } from 'zod';

/** How far back the figures look; a process started more recently looks back to its start. */
export const WINDOW_MS = 5 * 60_000;
const SAMPLE_MS = 15_000;
const MOVES = 'skyline_moves_total';
const DURATION = 'skyline_move_duration_seconds';

/** One process's moves over its window: what changed between its oldest kept sample and now. */
export const MoveWindowFigures = z
  .object({
    seconds: z.number().nonnegative(),
    accepted: z.number().nonnegative(),
    /** The histogram's cumulative buckets, by upper bound (`le`, as Prometheus writes it: `0.005`, `+Inf`). */
    buckets: z.array(z.object({ le: z.string().max(24), count: z.number().nonnegative() })).max(64),
  })
  .strict();
export type MoveWindowFigures = z.infer<typeof MoveWindowFigures>;

interface Sample {
  at: number;
  accepted: number;
  buckets: Map<string, number>;
}

/** What the registry counts now. */
async function read(registry: Registry, at: number): Promise<Sample> {
  const moves = await registry.getSingleMetric(MOVES)?.get();
  // A histogram's values are its buckets, count and sum, told apart by their names.
  const duration = (await registry.getSingleMetric(DURATION)?.get()) as
    { values: { value: number; labels: Record<string, string | number>; metricName?: string }[] } | undefined;
  const accepted = moves?.values.find((value) => value.labels.outcome === 'accepted')?.value ?? 0;
  const buckets = new Map<string, number>();
  for (const value of duration?.values ?? [])
    if (value.metricName === `${DURATION}_bucket`) buckets.set(String(value.labels.le), value.value);
  return { at, accepted, buckets };
}

/** This process's samples of its move counts, and its window. */
export class MoveWindow {
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly registry: Registry,
    private readonly now: () => number = Date.now,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Takes the first sample (the counts at the start) and one every 15 seconds. */
  start(): void {
    void this.sample();
    this.timer = setInterval(() => void this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Keeps what the registry counts now; drops the samples no longer needed (the oldest kept is the window's start). */
  async sample(): Promise<void> {
    const sample = await read(this.registry, this.now());
    this.samples.push(sample);
    const start = sample.at - this.windowMs;
    while (this.samples.length > 1 && (this.samples[1] as Sample).at <= start) this.samples.shift();
  }

  /** What changed since the window's start. */
  async figures(): Promise<MoveWindowFigures> {
    const current = await read(this.registry, this.now());
    const base = this.samples[0] ?? current;
    return {
      seconds: Math.max(0, (current.at - base.at) / 1000),
      accepted: current.accepted - base.accepted,
      buckets: [...current.buckets].map(([le, count]) => ({
        le,
        count: count - (base.buckets.get(le) ?? 0),
      })),
    };
  }
}

/** The processes' windows as one: moves per minute summed, buckets summed, then the percentiles. */
export function combineMoves(parts: readonly MoveWindowFigures[], everyProcess: boolean): MoveFigures {
  // A process started under a second ago counts as a second: its moves are not multiplied into a rate.
  const perMinute = parts.reduce((sum, part) => sum + (part.accepted / Math.max(part.seconds, 1)) * 60, 0);
  const buckets = new Map<string, number>();
  for (const part of parts)
    for (const { le, count } of part.buckets) buckets.set(le, (buckets.get(le) ?? 0) + count);
  const sorted = [...buckets]
    .map(([le, count]) => ({ bound: le === '+Inf' ? Infinity : Number(le), count }))
    .filter(({ bound }) => !Number.isNaN(bound))
    .sort((a, b) => a.bound - b.bound);
  const answered = sorted.at(-1)?.count ?? 0;
  const ms = (q: number) => {
    const seconds = quantile(q, sorted);
    return seconds === null ? null : Math.round(seconds * 10_000) / 10;
  };
  return {
    perMinute: Math.round(perMinute * 10) / 10,
    answered,
    medianMs: ms(0.5),
    p95Ms: ms(0.95),
    windowSeconds: Math.round(Math.max(0, ...parts.map((part) => part.seconds))),
    everyProcess,
  };
}

/**
 * The `q` quantile of a histogram's cumulative buckets (sorted by bound, `+Inf` last), as Prometheus's
 * `histogram_quantile` estimates it: the bucket where the rank falls, and a straight line across it from the bound
 * below (0 for the first); in the `+Inf` bucket, the highest finite bound. Null when nothing was counted.
 */
export function quantile(q: number, buckets: readonly { bound: number; count: number }[]): number | null {
  const total = buckets.at(-1)?.count ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let below = 0;
  let lower = 0;
  for (const { bound, count } of buckets) {
    if (count >= rank) {
      if (bound === Infinity) return lower;
      const within = count - below;
      return within <= 0 ? bound : lower + ((bound - lower) * (rank - below)) / within;
    }
    below = count;
    lower = bound;
  }
  return lower;
}
