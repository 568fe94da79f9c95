import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { Rng } from './contract.js';

/** A seeded generator (pure-rand's xoroshiro128+): the same seed gives the same sequence everywhere. */
export class SeededRng implements Rng {
  private readonly generator: RandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  int(n: number): number {
    return uniformInt(this.generator, 0, n - 1);
  }
}

/** Shuffles `items` in place (Fisher–Yates) and returns it. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const swap = items[i] as T;
    items[i] = items[j] as T;
    items[j] = swap;
  }
  return items;
}

/** A uniformly chosen element of a non-empty array. */
export function pick<T>(items: readonly T[], rng: Rng): T {
  return items[rng.int(items.length)] as T;
}
