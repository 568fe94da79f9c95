/**
 * Where a building may go on the seat's board (the rules page, "A turn", build): the first building of the
 * episode shares a side with the river; every later one touches a building already built: a side shared, or two
 * squares facing each other across the river (same row or column, only river between; **Decision**).
 *
 *          col 0 1 2 3 4 5 6 7 8 9 10 11
 *     row 0    M M . . T . ~ . . R F  F
 *     row 1    M . . R . . ~ . T . .  F
 *     row 2    M . T . . ~ ~ . . . R  F
 *     row 3    . . . . . ~ . . T . .  F
 *     row 4    . R . . T ~ . R . . .  .
 *     row 5    . . . T . ~ ~ . . . T  .
 *     row 6    M . R . . . ~ . . R .  .
 *     row 7    M . . . R . ~ ~ . . T  F
 *     row 8    M T . . . . . ~ R . .  F
 *     row 9    M M . R . . T ~ . . F  F
 */
import type { MyCityState } from '@skyline/mycity';
import { describe, it } from 'vitest';
import { CHANCE, STOP, build, dealOf, expectLegal, expectRefused, newGame, play } from './helpers.js';

type Cells = [number, number][];

const FIRST_BY_THE_RIVER = 'your first building of the episode must share a side with the river';
const mustTouch = (id: string) =>
  `building ${id} must touch one of your buildings: share a side with it, or face it across the river`;

/** Seat 0 has built `first` (the first card) and now sees the second card; seat 1 stopped at once. */
function after(first: Cells, cards: string[]): MyCityState {
  return play(newGame(2), [CHANCE, dealOf(...cards)], [0, build(...first)], [1, STOP]);
}

describe('the first building of an episode', () => {
  const state = play(newGame(2), [CHANCE, dealOf('y3', 'y1')]);

  it('must share a side with a river square', () => {
    expectLegal(state, 0, build([3, 3], [3, 4], [4, 3], [4, 4])); // [3, 4] and [4, 4] are next to the river
    expectLegal(state, 0, build([8, 5], [8, 6], [9, 5], [9, 6])); // [8, 6] is below [7, 6], river
    expectRefused(state, 0, build([0, 2], [0, 3], [1, 2], [1, 3]), FIRST_BY_THE_RIVER);
  });

  it('a corner against the river is not enough', () => {
    // [1, 4] touches the river square [2, 5] by a corner only.
    const y1 = play(newGame(2), [CHANCE, dealOf('y1')]);
    expectRefused(y1, 0, build([1, 2], [1, 3], [1, 4]), FIRST_BY_THE_RIVER);
  });

  it('each seat has its own board: a building on another board does not count', () => {
    const both = play(
      newGame(2),
      [CHANCE, dealOf('y3', 'y1')],
      [0, build([3, 3], [3, 4], [4, 3], [4, 4])],
      [1, { type: 'pass' }],
    );
    // Above seat 0's y3, away from the river: a later building for seat 0, a first one for seat 1.
    expectLegal(both, 0, build([2, 1], [2, 2], [2, 3]));
    expectRefused(both, 1, build([2, 1], [2, 2], [2, 3]), FIRST_BY_THE_RIVER);
  });
});

describe('every later building touches an earlier one', () => {
  const withY3 = after(
    [
      [3, 3],
      [3, 4],
      [4, 3],
      [4, 4],
    ],
    ['y3', 'y1'],
  );

  it('a shared side is enough', () => {
    expectLegal(withY3, 0, build([5, 2], [5, 3], [5, 4])); // [5, 3] under [4, 3]
    expectLegal(withY3, 0, build([2, 2], [2, 3], [2, 4])); // over [3, 3] and [3, 4]
    expectLegal(withY3, 0, build([3, 0], [3, 1], [3, 2])); // left of [3, 3]
  });

  it('touching only by a corner is refused', () => {
    expectRefused(withY3, 0, build([5, 0], [5, 1], [5, 2]), mustTouch('y1')); // [5, 2] is diagonal to [4, 3]
    expectRefused(withY3, 0, build([0, 2], [1, 2], [2, 2]), mustTouch('y1')); // [2, 2] is diagonal to [3, 3]
  });

  it('touching the river is no longer enough', () => {
    expectRefused(withY3, 0, build([0, 7], [0, 8], [0, 9]), mustTouch('y1'));
  });

  it('buildings facing each other across the river touch (same row)', () => {
    // y3 covers [3, 4]; across the river square [3, 5] is [3, 6].
    const y3 = after(
      [
        [3, 2],
        [3, 3],
        [3, 4],
      ],
      ['y1', 'y3'],
    );
    expectLegal(y3, 0, build([3, 6], [3, 7], [4, 6], [4, 7]));
    // [2, 4] and [2, 7] face each other across two river squares, [2, 5] and [2, 6].
    const wide = after(
      [
        [2, 2],
        [2, 3],
        [2, 4],
      ],
      ['y1', 'y3'],
    );
    expectLegal(wide, 0, build([1, 7], [1, 8], [2, 7], [2, 8]));
  });

  it('buildings facing each other across the river touch (same column)', () => {
    // [1, 5] and [6, 5] face each other across the river squares [2, 5] to [5, 5].
    const y3 = after(
      [
        [1, 3],
        [1, 4],
        [1, 5],
      ],
      ['y1', 'y3'],
    );
    expectLegal(y3, 0, build([6, 4], [6, 5], [7, 4], [7, 5]));
    // [4, 6] and [8, 6] face each other across [5, 6], [6, 6] and [7, 6].
    const below = after(
      [
        [3, 6],
        [3, 7],
        [4, 6],
        [4, 7],
      ],
      ['y3', 'y1'],
    );
    expectLegal(below, 0, build([8, 4], [8, 5], [8, 6]));
  });

  it('a square that is not river between them blocks the contact', () => {
    // y2 covers [2, 3]; in row 2, between [2, 3] and [2, 7] lie [2, 4] (grass), [2, 5] and [2, 6] (river).
    const y2 = after(
      [
        [2, 3],
        [3, 3],
        [3, 4],
      ],
      ['y2', 'y3'],
    );
    expectRefused(y2, 0, build([1, 7], [1, 8], [2, 7], [2, 8]), mustTouch('y3'));
    // In column 6, between [3, 6] and [8, 6] lie [4, 6] (grass) and [5, 6] to [7, 6] (river).
    const y1 = after(
      [
        [3, 6],
        [3, 7],
        [3, 8],
      ],
      ['y1', 'y3'],
    );
    expectRefused(y1, 0, build([8, 5], [8, 6], [9, 5], [9, 6]), mustTouch('y3'));
  });

  it('facing across the river does not reach past the first square on the other bank', () => {
    // [3, 4] faces [3, 6] across [3, 5]; [3, 7] is one square further: no contact.
    const y1 = after(
      [
        [3, 2],
        [3, 3],
        [3, 4],
      ],
      ['y1', 'y2'],
    );
    expectRefused(y1, 0, build([2, 7], [3, 7], [3, 8]), mustTouch('y2'));
    expectLegal(y1, 0, build([3, 6], [4, 6], [4, 7]));
  });
});
