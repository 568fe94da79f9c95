/** New York's score breakdown: worked skylines counted by hand, and the terms adding up over random games. */
import { breakdownTotals } from '@skyline/engine';
import { checkBreakdownThroughGame } from '@skyline/engine/testing';
import { nyny, roundParts, skylineScores, type NynyState } from '@skyline/nyny';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A skyline from `position: [tile ids, bottom first]` (positions 1..12). */
function skylineOf(stacks: Record<number, string[]>): number[][] {
  const tile = (id: string) => 'rbyg'.indexOf(id[0] as string) * 12 + Number(id.slice(1)) - 1;
  return Array.from({ length: 12 }, (_, k) => (stacks[k + 1] ?? []).map(tile));
}

describe('a round by term', () => {
  it('splits a skyline into the tile sum and each run bonus, the ring closing between 12 and 1', () => {
    // Red shows 12, 1, 2, 3 (one run of 4 across the seam: +10); blue shows 5, 6 (+3) and 8, 9 (+3; position 9's
    // red 9 is covered by blue 9); yellow 7 is neutral; position 4 is empty, position 10 and 11 too.
    const skyline = skylineOf({
      12: ['r12'],
      1: ['r1'],
      2: ['r2'],
      3: ['r3'],
      5: ['b5'],
      6: ['b6'],
      7: ['y7'],
      8: ['b8'],
      9: ['r9', 'b9'],
    });
    const parts = roundParts(skyline, ['r', 'b'], true);
    expect(parts).toEqual({
      tiles: [12 + 1 + 2 + 3, 5 + 6 + 8 + 9],
      run2: [0, 3 + 3],
      run3: [0, 0],
      run4: [10, 0],
      run5: [0, 0],
      run6: [0, 0],
    });
    // 18 + 10 = 28 and 28 + 6 = 34, as the game scores the skyline
    expect(skylineScores(skyline, ['r', 'b'], true)).toEqual([28, 34]);
  });

  it('counts a run of 7 or more as one +25, and all 12 positions as one run of 12', () => {
    const seven = skylineOf(Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((p) => [p, [`g${p}`]])));
    expect(roundParts(seven, ['g', 'y'], true).run6).toEqual([25, 0]);
    expect(roundParts(seven, ['g', 'y'], true).tiles).toEqual([28, 0]);
    const ring = skylineOf(Object.fromEntries(Array.from({ length: 12 }, (_, k) => [k + 1, [`y${k + 1}`]])));
    const parts = roundParts(ring, ['g', 'y'], true);
    expect([parts.tiles, parts.run6]).toEqual([
      [0, 78],
      [0, 25],
    ]);
  });

  it('has no bonus terms in the basic game (bonus off)', () => {
    const parts = roundParts(skylineOf({ 1: ['r1'], 2: ['r2'] }), ['r', 'b'], false);
    expect(parts).toEqual({ tiles: [3, 0] });
  });
});

const setups = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  variant: fc.constantFrom('classic', 'simultaneous'),
  bonus: fc.boolean(),
  rounds: fc.integer({ min: 1, max: 3 }),
});

describe('the breakdown of random games', () => {
  it('adds up to the score the game reports at every step and at the end, round by round', () => {
    fc.assert(
      fc.property(setups, ({ seed, players, ...options }) => {
        const end = checkBreakdownThroughGame(nyny, players, options, seed) as NynyState;
        const breakdown = nyny.scoreBreakdown!(end);
        // each finished round's terms add up to that round's score
        end.history.forEach((round, k) => {
          const terms = breakdown.terms.filter((term) => term.period === k + 1);
          expect(breakdownTotals({ period: 'round', terms }, players)).toEqual(round);
        });
        expect(new Set(breakdown.terms.map((term) => term.period)).size).toBe(options.rounds);
      }),
      { numRuns: 25 },
    );
  });
});
