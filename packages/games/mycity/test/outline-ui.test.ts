/**
 * A building drawn as one outlined polyomino (`ui/outline.ts`): drawn square by square, two buildings side by side
 * merged into one blob. Each outline is checked by hand on small shapes, then on every building of the game.
 */
import { BUILDING_SHAPES, turnShape } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../ui/geometry.js';
import { insetLoop, loopArea, outlineLoops, outlinePath } from '../ui/outline.js';

describe('the outline of a building', () => {
  it('goes round a single square by its four corners, clockwise', () => {
    expect(outlineLoops([[2, 3]])).toEqual([
      [
        [3, 2],
        [4, 2],
        [4, 3],
        [3, 3],
      ],
    ]);
  });

  it('draws a domino as one rectangle, not two squares (no corner in the middle of a side)', () => {
    const [loop, ...more] = outlineLoops([
      [0, 0],
      [0, 1],
    ]);
    expect(more).toEqual([]);
    expect(loop).toEqual([
      [0, 0],
      [2, 0],
      [2, 1],
      [0, 1],
    ]);
  });

  it('draws an L of four squares with its six corners', () => {
    // [0,0],[1,0],[2,0],[2,1]: a column of three and one square right of its foot.
    const loops = outlineLoops([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
    ]);
    expect(loops).toHaveLength(1);
    expect(new Set(loops[0]?.map(String))).toEqual(new Set(['0,0', '1,0', '1,2', '2,2', '2,3', '0,3']));
  });

  it('keeps two squares that touch only at a corner as two loops', () => {
    const loops = outlineLoops([
      [0, 0],
      [1, 1],
    ]);
    expect(loops).toHaveLength(2);
    expect(loops.map(loopArea)).toEqual([1, 1]);
  });

  it('writes one path in the board’s units, moved inside the squares by the inset', () => {
    expect(outlinePath([[0, 0]], 36)).toBe('M0 0L36 0L36 36L0 36Z');
    expect(outlinePath([[1, 0]], 36, 2)).toBe('M2 38L34 38L34 70L2 70Z');
    // Outwards for a mark around a building just built.
    expect(outlinePath([[0, 0]], 10, -1)).toBe('M-1 -1L11 -1L11 11L-1 11Z');
  });

  it('moves a concave corner inwards along both sides (an L inset by 0.1)', () => {
    const [loop] = outlineLoops([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    // The inner corner of this L is (1, 1), the building left of x = 1 above it and below y = 1 right of it: the side
    // x = 1 moves left to 0.9, the side y = 1 down to 1.1, so the corner goes to (0.9, 1.1), into the building.
    const inset = insetLoop(loop ?? [], 0.1).map(([x, y]) => [
      Math.round(x * 10) / 10,
      Math.round(y * 10) / 10,
    ]);
    expect(inset).toContainEqual([0.9, 1.1]);
    expect(inset).toContainEqual([0.1, 0.1]);
  });

  it('encloses exactly its squares, as one loop, for every building of the game in every turn', () => {
    for (const shape of BUILDING_SHAPES) {
      const cells = shape.map(([r, c]) => [r, c] as Cell);
      for (let turns = 0; turns < 4; turns++) {
        const turned = turnShape(cells, turns).map(([r, c]) => [r + 3, c + 5] as Cell);
        const loops = outlineLoops(turned);
        expect(loops).toHaveLength(1);
        expect(loopArea(loops[0] ?? [])).toBe(turned.length);
        // Every corner turns: no two sides in a row are one straight side.
        expect(outlinePath(turned, 1).match(/L/g)?.length).toBe((loops[0]?.length ?? 0) - 1);
      }
    }
  });
});
