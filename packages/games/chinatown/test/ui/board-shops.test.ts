/**
 * Shops on the board: a group of lots outlined as one (`outlines.ts`), how far a shop is in its lots' names, what each
 * seat would earn if the round ended now (the rules' income), and the log naming the lots settled and built on.
 */
import { LOT_COUNT } from '@skyline/chinatown';
import { shopIncomeOnBoard } from '@skyline/chinatown/shops';
import { describe, expect, it } from 'vitest';
import { describeMove } from '../../ui/log.js';
import { lotLabel } from '../../ui/lots.js';
import { NARROW_MAP, WIDE_MAP } from '../../ui/geometry.js';
import { outlinePath } from '../../ui/outlines.js';
import { t } from './english.js';

/** A view's board: `owner[lot]` and `shop[lot]` (kind ids). */
function viewBoard(entries: [lot: number, owner: number, kind: string][]) {
  const owner = new Array<number>(LOT_COUNT + 1).fill(-1);
  const shop = new Array<string | null>(LOT_COUNT + 1).fill(null);
  for (const [lot, seat, kind] of entries) [owner[lot], shop[lot]] = [seat, kind];
  return { owner, shop };
}

describe('a shop outlined on the map', () => {
  it('draws one line around two neighbouring lots, none between them (lots 1 and 2, the top row of block 1)', () => {
    // Block 1 starts at (8, 8) (half a street around the map): lot 1's square is at (49, 30), lot 2's at (83, 30),
    // 31 units wide on a pitch of 34: their cells run from 47.5 to 115.5 across and 28.5 to 62.5 down.
    expect(outlinePath([1, 2])).toBe(
      'M47.5 28.5H81.5M47.5 62.5H81.5M47.5 28.5V62.5' + 'M81.5 28.5H115.5M81.5 62.5H115.5M115.5 28.5V62.5',
    );
  });

  it('draws the four sides of a lone lot', () => {
    expect(outlinePath([1]).match(/M/g)).toHaveLength(4);
  });

  it("moves a shop's outline with its block on a phone's map (block 4 second in its row, 166 units further right)", () => {
    // Lots 43 and 44 start block 4. Wide, block 4 opens the second row at x = 8; on a phone it stands right of block
    // 3, one block (150) and one street (16) further right, on the same row height (its second row either way).
    const shifted = outlinePath([43, 44], WIDE_MAP).replace(
      /([MH])([\d.]+)/g,
      (_, command: string, x: string) => `${command}${Number(x) + 166}`,
    );
    expect(outlinePath([43, 44], NARROW_MAP)).toBe(shifted);
  });
});

describe('what each seat would earn if the round ended now', () => {
  it('pays the rules’ income: a complete seafood shop $5,000; two radios $2,000 and a lone restaurant $1,000', () => {
    // Lots 16 17 18 are neighbours in a row of block 2; 19 and 22 are neighbours in its first column; 1 is apart.
    const { owner, shop } = viewBoard([
      [16, 0, 'seafood'],
      [17, 0, 'seafood'],
      [18, 0, 'seafood'],
      [19, 1, 'radio'],
      [22, 1, 'radio'],
      [1, 1, 'restaurant'],
    ]);
    expect(shopIncomeOnBoard(3, owner, shop)).toEqual([5000, 3000, 0]);
  });
});

describe("a lot's name tells how far its shop is", () => {
  it('says 2 of 3 tiles of a seafood shop not yet complete, and only "complete shop" once it is', () => {
    const facts = { lot: 13, owner: 0, kind: 'seafood', complete: false, placedBy: null };
    expect(lotLabel({ ...facts, group: { tiles: 2, size: 3 } }, ['ann'], t, 'en')).toBe(
      'lot 13, ann, Seafood (2 of 3 tiles)',
    );
    expect(lotLabel({ ...facts, group: { tiles: 1, size: 3 } }, ['ann'], t, 'en')).toBe(
      'lot 13, ann, Seafood',
    );
    expect(lotLabel({ ...facts, complete: true, group: { tiles: 3, size: 3 } }, ['ann'], t, 'en')).toBe(
      'lot 13, ann, Seafood (complete shop)',
    );
  });
});

describe('the log names the lots', () => {
  it('of a settling once shown, and says only "has chosen" while it is hidden', () => {
    expect(describeMove({ seat: 0, move: { type: 'settle', lots: [19, 20, 22] } }, ['ann'], t)).toBe(
      'ann settles lots 19, 20, 22',
    );
    expect(describeMove({ seat: 0, move: { type: 'hidden' } }, ['ann'], t)).toBe('ann has chosen');
  });

  it('of a tile placed', () => {
    expect(
      describeMove({ seat: 1, move: { type: 'place', lot: 17, shop: 'radio' } }, ['ann', 'bob'], t),
    ).toBe('bob places Radio on lot 17');
  });
});
