/** My City's score breakdown: boards counted by hand from the board's map, and the terms adding up over random games. */
import { breakdownTotals } from '@skyline/engine';
import { checkBreakdownThroughGame } from '@skyline/engine/testing';
import { episodeParts, mycity, type MyCityState } from '@skyline/mycity';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANCE, PASS, dealOf, newGame, play } from './helpers.js';

// Counted by hand on the board's map (`data/mycity.json`), row by row: trees 1+1+1+1+1+2+0+1+1+1 = 10, rocks
// 1+1+1+0+2+0+2+1+1+1 = 10, grass squares ('.') 5+7+6+9+8+8+8+6+7+5 = 69.
const TREES = 10;
const ROCKS = 10;
const GRASS = 69;

describe('an episode by term', () => {
  it('counts an empty board: marker 10, every tree and rock visible, every grass square empty', () => {
    const state = play(newGame(2), [CHANCE, dealOf()]);
    expect(mycity.scoreBreakdown!(state)).toEqual({
      period: 'episode',
      terms: [
        { term: 'marker', period: 1, values: [10, 10] },
        { term: 'trees', period: 1, values: [TREES, TREES] },
        { term: 'rocks', period: 1, values: [-ROCKS, -ROCKS] },
        { term: 'empty', period: 1, values: [-GRASS, -GRASS] },
      ],
    });
    expect(mycity.status(state).scores).toEqual([10 + 10 - 10 - 69, -59]);
  });

  it('moves the markers back for a pass and stops counting what a building covers', () => {
    let state = play(newGame(2), [CHANCE, dealOf()], [0, PASS], [1, PASS]);
    // Seat 1's board: row 0 column 4 (a tree), column 9 (a rock), columns 2 and 3 (grass) covered by a building.
    state = mycity.clone(state);
    for (const col of [2, 3, 4, 9]) (state.boards[1] as number[])[col] = 0;
    const parts = episodeParts(state.boards, state.markers);
    expect(parts).toEqual({
      marker: [9, 9],
      trees: [TREES, TREES - 1],
      rocks: [-ROCKS, -(ROCKS - 1)],
      empty: [-GRASS, -(GRASS - 2)],
    });
    // 9 + 10 − 10 − 69 = −60 and 9 + 9 − 9 − 67 = −58, as the game scores the boards
    expect(mycity.status(state).scores).toEqual([-60, -58]);
  });
});

const setups = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  episodes: fc.integer({ min: 1, max: 3 }),
});

describe('the breakdown of random games', () => {
  it('adds up to the score the game reports at every step and at the end, episode by episode', () => {
    fc.assert(
      fc.property(setups, ({ seed, players, episodes }) => {
        const end = checkBreakdownThroughGame(mycity, players, { episodes }, seed) as MyCityState;
        const breakdown = mycity.scoreBreakdown!(end);
        end.history.forEach((episode, k) => {
          const terms = breakdown.terms.filter((term) => term.period === k + 1);
          expect(breakdownTotals({ period: 'episode', terms }, players)).toEqual(episode);
        });
        expect(end.history).toHaveLength(episodes);
      }),
      { numRuns: 20 },
    );
  });
});
