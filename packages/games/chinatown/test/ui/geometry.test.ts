import { describe, expect, it } from 'vitest';
import { BLOCK_HEIGHT, BLOCK_WIDTH, MAP_VIEW_BOX, blockOrigin, lotCorner } from '../../ui/geometry.js';

describe("the city map's geometry", () => {
  it('lays the six blocks in two rows of three inside a margin of 3', () => {
    expect([0, 1, 2, 3, 4, 5].map(blockOrigin)).toEqual([
      { x: 3, y: 3 },
      { x: 3 + BLOCK_WIDTH, y: 3 },
      { x: 3 + 2 * BLOCK_WIDTH, y: 3 },
      { x: 3, y: 3 + BLOCK_HEIGHT },
      { x: 3 + BLOCK_WIDTH, y: 3 + BLOCK_HEIGHT },
      { x: 3 + 2 * BLOCK_WIDTH, y: 3 + BLOCK_HEIGHT },
    ]);
    expect(MAP_VIEW_BOX).toBe(`0 0 ${3 * BLOCK_WIDTH + 6} ${2 * BLOCK_HEIGHT + 6}`);
  });

  it('puts a lot square 34 units from the next, below the block name', () => {
    expect(lotCorner({ x: 3, y: 3 }, 0, 0)).toEqual({ x: 10, y: 25 });
    expect(lotCorner({ x: 3, y: 3 }, 2, 3)).toEqual({ x: 10 + 3 * 34, y: 25 + 2 * 34 });
  });

  it('keeps every lot square of a block inside the block', () => {
    const origin = blockOrigin(4);
    const last = lotCorner(origin, 4, 3);
    expect(last.x + 34).toBeLessThanOrEqual(origin.x + BLOCK_WIDTH);
    expect(last.y + 34).toBeLessThanOrEqual(origin.y + BLOCK_HEIGHT);
  });
});
