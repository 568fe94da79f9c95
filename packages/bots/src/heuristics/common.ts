import type { Seat } from '@skyline/engine';

/** `values[seat]` minus the best of the others' values (what a seat needs to win). */
export function margin(values: readonly number[], seat: Seat): number {
  let best = -Infinity;
  values.forEach((value, other) => {
    if (other !== seat && value > best) best = value;
  });
  return (values[seat] as number) - (best === -Infinity ? 0 : best);
}
