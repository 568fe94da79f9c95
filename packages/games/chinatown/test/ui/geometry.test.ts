import { describe, expect, it } from 'vitest';
import { BLOCK_HEIGHT, BLOCK_WIDTH, NARROW_MAP, WIDE_MAP, lotCorner } from '../../ui/geometry.js';

const { blockOrigin, viewBox: MAP_VIEW_BOX, streetLines: STREET_LINES } = WIDE_MAP;

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

  it('lays the blocks two to a row on a phone, in the same order, with one street down and two across', () => {
    const [w, h] = [BLOCK_WIDTH + 16, BLOCK_HEIGHT + 16];
    expect([0, 1, 2, 3, 4, 5].map(NARROW_MAP.blockOrigin)).toEqual([
      { x: 8, y: 8 },
      { x: 8 + w, y: 8 },
      { x: 8, y: 8 + h },
      { x: 8 + w, y: 8 + h },
      { x: 8, y: 8 + 2 * h },
      { x: 8 + w, y: 8 + 2 * h },
    ]);
    expect(NARROW_MAP.viewBox).toBe(`0 0 ${2 * BLOCK_WIDTH + 16 + 16} ${3 * BLOCK_HEIGHT + 2 * 16 + 16}`);
    const [down, across1, across2] = NARROW_MAP.streetLines;
    expect(NARROW_MAP.streetLines).toHaveLength(3);
    expect(down).toEqual({ x1: 8 + BLOCK_WIDTH + 8, y1: 0, x2: 8 + BLOCK_WIDTH + 8, y2: NARROW_MAP.height });
    expect(across1!.y1).toBe(NARROW_MAP.blockOrigin(2).y - 8);
    expect(across2!.y1).toBe(NARROW_MAP.blockOrigin(4).y - 8);
    // On a 390-pixel phone (about 374 px for the map), a lot's square is half as big again as on the wide map.
    expect(374 / NARROW_MAP.width / (374 / WIDE_MAP.width)).toBeCloseTo(1.5, 1);
  });
});
