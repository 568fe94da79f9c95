/** How a figure is measured: repeated timed runs, reported by their median (the machines are shared and noisy). */

export interface Figure {
  /** `game.what.detail`, e.g. `nyny.playouts.classic.4p`; `npm run bench -- PREFIX` selects by prefix. */
  name: string;
  unit: string;
  /**
   * One run: does some work for about `ms` milliseconds and returns how much it did (games, moves...); the figure
   * is that amount per second. Runs are repeated and the median is reported.
   */
  run(ms: number): { amount: number; seconds: number; extra?: Record<string, number> };
  /** Higher is better (rates) unless this is false (latencies, sizes). */
  higherIsBetter?: boolean;
}

export interface FigureResult {
  name: string;
  value: number;
  unit: string;
  runs: number;
  min: number;
  max: number;
  [key: string]: unknown;
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A short warm-up (so the JIT has compiled the hot paths), then `runs` timed runs of `ms` each. */
export function measure(figure: Figure, runs = 5, ms = 1000): FigureResult {
  figure.run(Math.min(300, ms));
  const rates: number[] = [];
  for (let k = 0; k < runs; k++) {
    const { amount, seconds } = figure.run(ms);
    rates.push(amount / seconds);
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    name: figure.name,
    value: round(median(rates)),
    unit: figure.unit,
    runs,
    min: round(Math.min(...rates)),
    max: round(Math.max(...rates)),
  };
}

/** Repeats `work` until `ms` milliseconds have passed; returns how many times it ran and the seconds it took. */
export function repeatFor(ms: number, work: () => number): { amount: number; seconds: number } {
  const start = performance.now();
  let amount = 0;
  let now = start;
  while (now - start < ms) {
    amount += work();
    now = performance.now();
  }
  return { amount, seconds: (now - start) / 1000 };
}
