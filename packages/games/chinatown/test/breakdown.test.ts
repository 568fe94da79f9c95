/** Chinatown's score breakdown: a board's income counted by hand, and the terms adding up over random games. */
import { breakdownTotals } from '@skyline/engine';
import { checkBreakdownThroughGame } from '@skyline/engine/testing';
import { ECONOMY_IDS, chinatown, roundParts, type ChinatownState } from '@skyline/chinatown';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { board } from './helpers.js';

const YELLOW = 0;
const RED = 1;

describe('a round by term', () => {
  // Yellow: seafood (size 3) on 19, 22, 24 — one group, complete: $5,000; a restaurant (size 4) alone on 15,
  // incomplete: $1,000. Red: a restaurant on 20 (next to yellow's 19, another owner): incomplete, $1,000.
  const lots = board([
    [19, YELLOW, 'seafood'],
    [22, YELLOW, 'seafood'],
    [24, YELLOW, 'seafood'],
    [15, YELLOW, 'restaurant'],
    [20, RED, 'restaurant'],
  ]);

  it('splits the income between complete and incomplete shops', () => {
    expect(roundParts({ players: 3, ...lots }, null)).toEqual({
      complete: [5000, 0, 0],
      incomplete: [1000, 1000, 0],
    });
  });

  it('adds the economy card: $1,000 per tile of the sizes it names', () => {
    // "all 3 and 4": yellow's 3 seafood and 1 restaurant tiles, red's 1 restaurant tile
    const card = ECONOMY_IDS.indexOf('all-3-4');
    expect(roundParts({ players: 3, ...lots }, card).economy).toEqual([4000, 1000, 0]);
    expect(roundParts({ players: 3, ...lots }, ECONOMY_IDS.indexOf('none-1')).economy).toEqual([0, 0, 0]);
  });
});

const setups = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 3, max: 5 }),
  economy: fc.boolean(),
  sequentialPlacement: fc.boolean(),
});

describe('the breakdown of random games', () => {
  it('adds up to the money the game reports at every step and at the end; trades only move money', () => {
    fc.assert(
      fc.property(setups, ({ seed, players, economy, sequentialPlacement }) => {
        const options = { economy, sequentialPlacement };
        const end = checkBreakdownThroughGame(chinatown, players, options, seed) as ChinatownState;
        const breakdown = chinatown.scoreBreakdown!(end);
        // each round's terms add up to the income the game paid that round
        end.income.forEach((income, k) => {
          const terms = breakdown.terms.filter((term) => term.period === k + 1);
          expect(terms.map((term) => term.term)).toEqual(
            economy ? ['complete', 'incomplete', 'economy'] : ['complete', 'incomplete'],
          );
          expect(breakdownTotals({ period: 'round', terms }, players)).toEqual(income);
        });
        expect(end.income).toHaveLength(6);
        // money given in a trade is money received: the trades of all seats add up to nothing
        const trades = breakdown.terms.find((term) => term.term === 'trades')!.values;
        expect(trades.reduce((sum, value) => sum + value, 0)).toBe(0);
        // every seat starts with $5,000 (the rules page, "Components")
        expect(breakdown.terms[0]).toEqual({ term: 'start', values: new Array(players).fill(5000) });
      }),
      { numRuns: 12 },
    );
  });
});
