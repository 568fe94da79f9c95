/**
 * Manhattan's part of the seats' panels (`ui/seat.tsx`): a seat's score, how many cards it holds (never which), its
 * pieces in reserve and those chosen for the round, from a view.
 */
import { manhattan } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { piecesSpoken } from '../../ui/Piece.js';
import { manhattanSeat, piecesInWords } from '../../ui/seat.js';
import type { T } from '../../ui/words.js';
import { startBuild } from '../helpers.js';

const t: T = (key, params) => (params ? `${key}(${Object.values(params).join(',')})`.replace('()', '') : key);
const HANDS = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 1, 2, 3],
];

describe("a Manhattan seat's panel", () => {
  it('writes pieces by size, and a dash for none', () => {
    expect(piecesInWords([2, 0, 1, 0])).toBe('1▮×2 3▮×1');
    expect(piecesInWords([0, 0, 0, 0])).toBe('—');
  });

  it("says a seat's score, its cards as a count, its reserve and the pieces it chose", () => {
    // Three seats start with 11, 6, 4 and 3 pieces of 1 to 4 floors; each chose 1, 1, 2, 2, 3, 4.
    const state = startBuild(3, HANDS);
    const facts = manhattanSeat(manhattan.view(state, 0), 1, t);
    expect(facts.score).toBe('0');
    expect(facts.holds?.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'manhattan.cardsCount', value: '4' },
      { label: 'manhattan.reserve', value: '1▮×9 2▮×4 3▮×3 4▮×2' },
      { label: 'manhattan.chosen', value: '1▮×2 2▮×2 3▮×1 4▮×1' },
    ]);
    // The reserve and the chosen pieces are drawn (small pieces by size, in the seat's colour), the cards' count not.
    expect(facts.holds?.map((holding) => holding.picture !== undefined)).toEqual([false, true, true]);
  });

  it('says the drawn pieces to screen readers as counts of pieces of so many floors', () => {
    expect(piecesSpoken([9, 4, 0, 2], t)).toBe(
      '9 × manhattan.floors(1), 4 × manhattan.floors(2), 2 × manhattan.floors(4)',
    );
    expect(piecesSpoken([0, 0, 0, 0], t)).toBe('—');
  });

  it("reads the same whatever another seat's cards are: they never show", () => {
    const other = [HANDS[0]!, [9, 9, 8, 8], HANDS[2]!];
    const words = (hands: number[][]) =>
      manhattanSeat(manhattan.view(startBuild(3, hands), 0), 1, t).holds?.map(({ label, value }) => ({
        label,
        value,
      }));
    expect(words(other)).toEqual(words(HANDS));
  });
});
