/** Manhattan's score breakdown: a board counted by hand, and the terms adding up over random games. */
import { breakdownTotals } from '@skyline/engine';
import { checkBreakdownThroughGame } from '@skyline/engine/testing';
import { manhattan, roundParts, scoreBoard, type ManhattanState } from '@skyline/manhattan';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newGame, withStacks } from './helpers.js';

describe('a round by term', () => {
  it('gives a point per building, 2 per city majority and 3 for the tallest building', () => {
    // City 1: seat 0 owns lots 1 and 2, seat 1 lot 3: seat 0 holds the majority (+2). City 2: one building each,
    // a tie (nobody). Seat 1's 4-floor building in city 2 is the only tallest (+3).
    const board = withStacks(newGame(2), [
      [1, 1, [0, 1]],
      [1, 2, [0, 1]],
      [1, 3, [1, 1]],
      [2, 1, [0, 1]],
      [2, 2, [1, 4]],
    ]);
    const parts = roundParts(scoreBoard(2, board.owners, board.heights));
    expect(parts).toEqual({ buildings: [3, 2], majorities: [2, 0], tallest: [0, 3] });
  });

  it('gives the tallest building to nobody when two seats share the greatest height', () => {
    const board = withStacks(newGame(3), [
      [3, 1, [0, 3]],
      [4, 1, [2, 3]],
      [5, 1, [1, 2]],
    ]);
    // three cities with one building each: each its owner's majority
    expect(roundParts(scoreBoard(3, board.owners, board.heights))).toEqual({
      buildings: [1, 1, 1],
      majorities: [2, 2, 2],
      tallest: [0, 0, 0],
    });
  });
});

const setups = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  sixrounds: fc.boolean(),
  perspective: fc.boolean(),
});

describe('the breakdown of random games', () => {
  it('adds up to the score the game reports at every step and at the end, round by round', () => {
    fc.assert(
      fc.property(setups, ({ seed, players, ...options }) => {
        const end = checkBreakdownThroughGame(manhattan, players, options, seed) as ManhattanState;
        const breakdown = manhattan.scoreBreakdown!(end);
        end.history.forEach((round, k) => {
          const terms = breakdown.terms.filter((term) => term.period === k + 1);
          expect(terms.map((term) => term.term)).toEqual(['buildings', 'majorities', 'tallest']);
          expect(breakdownTotals({ period: 'round', terms }, players)).toEqual(round);
        });
        expect(end.history).toHaveLength(options.sixrounds ? 6 : 4);
      }),
      { numRuns: 20 },
    );
  });
});
