import {
  KIND_SIZE,
  economyIncome,
  groupIncome,
  groups,
  shopIncome,
  shopsOnBoard,
  ECONOMY_IDS,
  KIND_IDS,
} from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { board } from './helpers.js';

const YELLOW = 0;
const RED = 1;
const VIOLET = 2;

/** The income of each of 3 seats on a board. */
const incomeOf = (entries: [number, number, string][]) => {
  const { owner, shop } = board(entries);
  return shopIncome(3, owner, shop);
};

describe('the income table', () => {
  it('pays incomplete shops $1,000 $2,000 $4,000 $6,000 $8,000 and complete ones $5,000 $8,000 $11,000 $14,000', () => {
    expect([1, 2].map((n) => groupIncome(n, 3))).toEqual([1000, 2000]);
    expect([1, 2, 3].map((n) => groupIncome(n, 4))).toEqual([1000, 2000, 4000]);
    expect([1, 2, 3, 4, 5].map((n) => groupIncome(n, 6))).toEqual([1000, 2000, 4000, 6000, 8000]);
    expect([3, 4, 5, 6].map((m) => groupIncome(m, m))).toEqual([5000, 8000, 11000, 14000]);
  });

  it('counts n div m complete shops and one incomplete one of n mod m tiles', () => {
    // the spec's examples: a restaurant (size 4) group of 3 tiles, of 4, of 6; a seafood (size 3) group of 3
    expect(KIND_SIZE[KIND_IDS.indexOf('restaurant')]).toBe(4);
    expect(groupIncome(3, 4)).toBe(4000);
    expect(groupIncome(4, 4)).toBe(8000);
    expect(groupIncome(6, 4)).toBe(8000 + 2000);
    expect(groupIncome(3, 3)).toBe(5000);
    // 7 seafood tiles in one group: 2 complete shops and 1 tile
    expect(groupIncome(7, 3)).toBe(5000 + 5000 + 1000);
  });
});

describe('shops on the board', () => {
  it('joins tiles of one kind and one owner on neighbouring lots of a block', () => {
    // block 2: 19-22-24 is a column; 20 neighbours 19; 15 (block 1) is not a neighbour of anything in block 2
    const { owner, shop } = board([
      [19, YELLOW, 'restaurant'],
      [22, YELLOW, 'restaurant'],
      [24, YELLOW, 'restaurant'],
      [20, RED, 'restaurant'],
      [15, YELLOW, 'restaurant'],
    ]);
    expect(groups(owner, shop).map((g) => [g.owner, g.lots])).toEqual([
      [YELLOW, [15]],
      [YELLOW, [19, 22, 24]],
      [RED, [20]],
    ]);
  });

  it('never joins lots of different blocks, even with consecutive numbers', () => {
    // 15 is in block 1, 16 in block 2
    expect(
      incomeOf([
        [15, YELLOW, 'seafood'],
        [16, YELLOW, 'seafood'],
      ]),
    ).toEqual([2000, 0, 0]);
  });
});

describe('shops on the board as a view shows it', () => {
  /** The board of `board(entries)` as a view has it: kinds by id, `null` where there is no shop. */
  const viewed = (entries: [number, number, string][]) => {
    const { owner, shop } = board(entries);
    return { owner, shop: shop.map((k) => (k < 0 ? null : (KIND_IDS[k] as string))) };
  };

  it('are the groups the income is paid on, by kind id, complete once they count one complete shop', () => {
    // restaurant is of size 4: 19-22-24 are three tiles of it, one short; seafood (size 3) 16-17-18 is complete
    const { owner, shop } = viewed([
      [19, YELLOW, 'restaurant'],
      [22, YELLOW, 'restaurant'],
      [24, YELLOW, 'restaurant'],
      [20, RED, 'restaurant'],
      [16, RED, 'seafood'],
      [17, RED, 'seafood'],
      [18, RED, 'seafood'],
    ]);
    expect(shopsOnBoard(owner, shop)).toEqual([
      { owner: RED, kind: 'seafood', lots: [16, 17, 18], complete: true },
      { owner: YELLOW, kind: 'restaurant', lots: [19, 22, 24], complete: false },
      { owner: RED, kind: 'restaurant', lots: [20], complete: false },
    ]);
  });

  it('count a group larger than its kind as complete (example 5: a shop of 4 and a shop of 2)', () => {
    const lots = [19, 22, 23, 24, 25, 26];
    const { owner, shop } = viewed(lots.map((lot) => [lot, YELLOW, 'restaurant']));
    expect(shopsOnBoard(owner, shop)).toEqual([{ owner: YELLOW, kind: 'restaurant', lots, complete: true }]);
  });

  it('are none on an empty board, or on a view before the setup (no lots yet)', () => {
    const { owner, shop } = viewed([]);
    expect(shopsOnBoard(owner, shop)).toEqual([]);
    expect(shopsOnBoard([], [])).toEqual([]);
  });
});

/**
 * The six examples of the rule text (its pictures are of the 1999 board, not available: each is laid out here on
 * the square-grid board of block 2, with lots that reproduce the situation the text describes; example 3 and 4 keep
 * the rule text's lots 22 and 26). Block 2:
 *
 *     16 17 18
 *     19 20 21
 *     22 23
 *     24 25
 *     26 27
 */
describe('the rule text examples', () => {
  it('example 1: two restaurants of different players are two shops (1 x $1,000; 2 x $1,000)', () => {
    // yellow 19; red 20 (next to yellow's 19) and 27
    expect(
      incomeOf([
        [19, YELLOW, 'restaurant'],
        [20, RED, 'restaurant'],
        [27, RED, 'restaurant'],
      ]),
    ).toEqual([1000, 2000, 0]);
  });

  const example2: [number, number, string][] = [
    [19, YELLOW, 'restaurant'],
    [24, YELLOW, 'restaurant'],
    [20, RED, 'restaurant'],
    [21, RED, 'restaurant'],
    [27, RED, 'restaurant'],
  ];

  it('example 2: no shop is complete (2 x $1,000; $1,000 + $2,000)', () => {
    expect(incomeOf(example2)).toEqual([2000, 1000 + 2000, 0]);
  });

  it('example 3: a third restaurant on lot 22 joins yellow two 1-tile restaurants into one of 3 ($4,000)', () => {
    expect(incomeOf([...example2, [22, YELLOW, 'restaurant']])).toEqual([4000, 3000, 0]);
  });

  it('example 4: a fourth restaurant on lot 26 completes yellow restaurant ($8,000)', () => {
    expect(incomeOf([...example2, [22, YELLOW, 'restaurant'], [26, YELLOW, 'restaurant']])).toEqual([
      8000, 3000, 0,
    ]);
  });

  it('example 5: 6 restaurant tiles are a complete shop of 4 and a shop of 2 ($8,000 + $2,000); 3 seafood $5,000', () => {
    const position: [number, number, string][] = [
      [19, YELLOW, 'restaurant'],
      [22, YELLOW, 'restaurant'],
      [23, YELLOW, 'restaurant'],
      [24, YELLOW, 'restaurant'],
      [25, YELLOW, 'restaurant'],
      [26, YELLOW, 'restaurant'],
      [16, RED, 'seafood'],
      [17, RED, 'seafood'],
      [18, RED, 'seafood'],
    ];
    expect(incomeOf(position)).toEqual([8000 + 2000, 5000, 0]);
  });

  it('example 6: seafood and tea house tiles side by side are two shops, not a complete one', () => {
    // yellow: 5 antiques (size 5) 43 44 45 46 47 in block 4: complete, $11,000
    // violet: seafood 71 72 and tea house 73, all neighbours: $2,000 + $1,000
    // red: one radio tile, $1,000
    const position: [number, number, string][] = [
      [43, YELLOW, 'antiques'],
      [44, YELLOW, 'antiques'],
      [45, YELLOW, 'antiques'],
      [46, YELLOW, 'antiques'],
      [47, YELLOW, 'antiques'],
      [71, VIOLET, 'seafood'],
      [72, VIOLET, 'seafood'],
      [73, VIOLET, 'teahouse'],
      [76, RED, 'radio'],
    ];
    expect(incomeOf(position)).toEqual([11000, 1000, 2000 + 1000]);
  });
});

describe('economy cards', () => {
  it('pay $1,000 for every tile of a size the card names, complete or not', () => {
    const { owner, shop } = board([
      [19, YELLOW, 'restaurant'], // size 4
      [22, YELLOW, 'restaurant'],
      [16, RED, 'seafood'], // size 3
      [71, VIOLET, 'radio'], // size 6
    ]);
    const card = (id: string) => ECONOMY_IDS.indexOf(id);
    expect(economyIncome(3, card('none-1'), owner, shop)).toEqual([0, 0, 0]);
    expect(economyIncome(3, card('all-4'), owner, shop)).toEqual([2000, 0, 0]);
    expect(economyIncome(3, card('all-3-4'), owner, shop)).toEqual([2000, 1000, 0]);
    expect(economyIncome(3, card('all-5-6'), owner, shop)).toEqual([0, 0, 1000]);
  });
});
