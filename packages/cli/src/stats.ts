/** Small statistics for simulation summaries. */

/**
 * The Wilson score interval (95%) for a proportion of `successes` out of `trials`. Shared wins count as fractions of
 * a win, which the interval takes as they are (a close approximation for the rare ties of these games).
 */
export function wilson95(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 1];
  const z = 1.959964;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - margin), Math.min(1, centre + margin)];
}

export function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}
