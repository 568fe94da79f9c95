import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { Rng } from './contract.js';

/**
 * The 128-bit starting state for a 32-bit seed: four outputs of SplitMix32 (a counter stepped by the golden ratio,
 * through murmur3's finaliser), as xoroshiro's authors advise. pure-rand's own `xoroshiro128plus(seed)` puts the seed
 * in the state as it is, so its first output is `~seed`: for the small seeds people choose (1, 2, 3, …) every first
 * draw was near the top of its range, and the arena's bots never drew a low number first.
 */
function stateOf(seed: number): number[] {
  let counter = seed | 0;
  const next = (): number => {
    counter = (counter + 0x9e3779b9) | 0;
    let z = counter;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  return [next(), next(), next(), next()];
}

/**
 * A seeded generator (pure-rand's xoroshiro128+, its state spread from the seed by `stateOf`): the same seed gives
 * the same sequence everywhere. Only where a person chose the seed (simulations, tests, arenas, tournament pairings).
 */
export class SeededRng implements Rng {
  private readonly generator: RandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plusFromState(stateOf(seed));
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
