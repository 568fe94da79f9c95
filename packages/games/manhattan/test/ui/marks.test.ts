/**
 * What the board marks (`ui/marks.ts`): each city's majority and the tallest building, from the rules' own scoring of
 * the board. Owners and heights are indexed `(city - 1) * 9 + (lot - 1)`; the expected marks are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { boardMarks } from '../../ui/marks.js';

/** An empty board of 54 lots, then `[lot index, owner, height]` built on. */
function board(...built: [number, number, number][]): { owners: number[]; heights: number[] } {
  const owners = new Array<number>(54).fill(-1);
  const heights = new Array<number>(54).fill(0);
  for (const [lot, owner, height] of built) [owners[lot], heights[lot]] = [owner, height];
  return { owners, heights };
}

describe('the marks on the board', () => {
  it('marks the seat with strictly the most buildings of a city, nobody on a tie or an empty city', () => {
    // City 1 (lots 0..8): seat 0 owns two, seat 1 one. City 2 (9..17): one each. City 6 (45..53): seat 1 alone.
    const { owners, heights } = board([0, 0, 1], [4, 0, 2], [8, 1, 3], [9, 0, 1], [10, 1, 1], [50, 1, 2]);
    expect(boardMarks(2, owners, heights).majorities).toEqual([0, -1, -1, -1, -1, 1]);
  });

  it('marks the tallest building, and every one of that height when one seat owns them all', () => {
    const single = board([0, 0, 3], [20, 1, 5], [30, 0, 4]);
    expect(boardMarks(2, single.owners, single.heights)).toMatchObject({
      tallest: 1,
      tallestLots: new Set([20]),
    });
    const two = board([3, 1, 5], [20, 1, 5], [30, 0, 4]);
    expect(boardMarks(2, two.owners, two.heights)).toMatchObject({
      tallest: 1,
      tallestLots: new Set([3, 20]),
    });
  });

  it('marks no tallest building when seats share the greatest height (it scores for nobody), nor on an empty board', () => {
    const shared = board([3, 0, 5], [20, 1, 5], [30, 0, 4]);
    expect(boardMarks(2, shared.owners, shared.heights)).toMatchObject({
      tallest: -1,
      tallestLots: new Set(),
    });
    const empty = board();
    expect(boardMarks(3, empty.owners, empty.heights)).toMatchObject({
      majorities: [-1, -1, -1, -1, -1, -1],
      tallest: -1,
      tallestLots: new Set(),
    });
  });
});
