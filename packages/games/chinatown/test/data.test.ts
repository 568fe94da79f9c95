import {
  BLOCK,
  ECONOMY_IDS,
  KIND_IDS,
  KIND_SIZE,
  LOT_COUNT,
  NEIGHBOURS,
  chinatown,
} from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { KIND_TILE_COUNTS, opening, openingTrade } from './helpers.js';

describe('components', () => {
  it('has 85 lots in 6 blocks; neighbours share a side inside one block, both ways (the square-grid board)', () => {
    expect(LOT_COUNT).toBe(85);
    expect(new Set(BLOCK.slice(1))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    for (let lot = 1; lot <= 85; lot++) {
      for (const next of NEIGHBOURS[lot]!) {
        expect(BLOCK[next]).toBe(BLOCK[lot]);
        expect(NEIGHBOURS[next]).toContain(lot);
      }
    }
    // block 6 of the square grid: 71 72 73 74 / 75 76 77 78 / 79 80 81 82 / 83 84 85
    expect(NEIGHBOURS[77]).toEqual([73, 76, 78, 81]);
    expect(NEIGHBOURS[82]).toEqual([78, 81]);
  });

  it('has 90 shop tiles of 12 kinds: sizes 3, 4, 5, 6 with 6, 7, 8, 9 tiles each', () => {
    expect(KIND_IDS).toHaveLength(12);
    KIND_IDS.forEach((id, kind) => expect(KIND_TILE_COUNTS[id]).toBe(KIND_SIZE[kind]! + 3));
    expect(Object.values(KIND_TILE_COUNTS).reduce((a, b) => a + b, 0)).toBe(90);
  });

  it('has the 9 economy cards of the data file (the project’s mix)', () => {
    expect(ECONOMY_IDS).toEqual([
      'none-1',
      'none-2',
      'none-3',
      'all-3',
      'all-4',
      'all-5',
      'all-6',
      'all-3-4',
      'all-5-6',
    ]);
  });

  it('starts every seat with $5,000 and no lot, card or tile', () => {
    const state = opening();
    expect(state.money).toEqual([5000, 5000, 5000]);
    expect(state.owner.filter((o) => o !== -1)).toEqual([]);
    expect(state.tiles.flat().every((n) => n === 0)).toBe(true);
  });

  it('deals shop tiles seat by seat from the front of the order; tiles in hand are public', () => {
    const state = openingTrade();
    const view = chinatown.view(state, 2);
    expect(view.tiles).toEqual([
      { seafood: 3, restaurant: 4 },
      { seafood: 3, radio: 4 },
      { teahouse: 3, antiques: 4 },
    ]);
    expect(view.shopDeckSize).toBe(90 - 21);
  });
});
