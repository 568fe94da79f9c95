import { describe, expect, it } from 'vitest';
import {
  BLOCK_HEIGHT,
  BLOCK_WIDTH,
  MAP_VIEW_BOX,
  STREET_LINES,
  blockOrigin,
  lotCorner,
} from '../../ui/geometry.js';

describe("the city map's geometry", () => {
  it('lays the six blocks in two rows of three, 16-unit streets between them and half a street around', () => {
    const [w, h] = [BLOCK_WIDTH + 16, BLOCK_HEIGHT + 16];
    expect([0, 1, 2, 3, 4, 5].map(blockOrigin)).toEqual([
      { x: 8, y: 8 },
      { x: 8 + w, y: 8 },
      { x: 8 + 2 * w, y: 8 },
      { x: 8, y: 8 + h },
      { x: 8 + w, y: 8 + h },
      { x: 8 + 2 * w, y: 8 + h },
    ]);
    expect(MAP_VIEW_BOX).toBe(`0 0 ${3 * BLOCK_WIDTH + 2 * 16 + 16} ${2 * BLOCK_HEIGHT + 16 + 16}`);
  });

  it("paints each street's lane line down its middle, between the blocks it separates", () => {
    expect(STREET_LINES).toHaveLength(3);
    const [first, second, across] = STREET_LINES;
    // The first street runs from the end of the first column of blocks to the start of the second.
    expect(first!.x1).toBe(8 + BLOCK_WIDTH + 8);
    expect(second!.x1).toBe(blockOrigin(2).x - 8);
    expect(across!.y1).toBe(blockOrigin(3).y - 8);
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
