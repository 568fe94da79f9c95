/** Place numbers on the end screen: ties share a place and skip the next (the absence of this was "1, 2, 3, 4"). */
import { describe, expect, it } from 'vitest';
import { places } from '../src/places.js';

describe('places', () => {
  it('gives tied seats the same place and skips the places they take (1, 2, 2, 4)', () => {
    // scores 50, 40, 40, 10 with seat 0 the winner
    expect(places([50, 40, 40, 10], [0])).toEqual([1, 2, 2, 4]);
    // the same seats in another order
    expect(places([40, 10, 50, 40], [2])).toEqual([2, 4, 1, 2]);
  });

  it('lets winners who share the win share first place', () => {
    expect(places([30, 30, 20], [0, 1])).toEqual([1, 1, 3]);
  });

  it('puts a winner by tie-break ahead of a seat with the same score', () => {
    // My City: equal totals, seat 1 wins on fewer empty grass squares
    expect(places([12, 12, 5], [1])).toEqual([2, 1, 3]);
  });

  it('puts a seat that resigned after those that did not, whatever its score', () => {
    expect(places([90, 20, 30], [2], [0])).toEqual([3, 2, 1]);
  });

  it('ranks by score alone when nobody won (an aborted game)', () => {
    expect(places([5, 9, 9], [])).toEqual([3, 1, 1]);
  });
});
