/**
 * The board kit's towers (New York's skyline, Manhattan's buildings) have windows: a grid of panes per floor, some lit,
 * inside the front face and the same at every render. Before, a floor had one dashed line.
 */
import { windowPanes } from '@skyline/board-kit';
import { describe, expect, it } from 'vitest';

describe("a tower's windows", () => {
  it('gives a New York floor (26 wide, 39 high) three columns and two rows of panes, all inside its front face', () => {
    const [x, width, base, floor] = [100, 26, 200, 39];
    const panes = windowPanes(x, width, base, 3, floor);
    expect(panes).toHaveLength(3 * 3 * 2);
    for (const pane of panes) {
      expect(pane.x).toBeGreaterThan(x);
      expect(pane.x + pane.w).toBeLessThan(x + width);
      expect(pane.y).toBeGreaterThan(base - 3 * floor);
      expect(pane.y + pane.h).toBeLessThan(base);
      expect(pane.w).toBeGreaterThan(2);
      expect(pane.h).toBeGreaterThan(2);
    }
    // No pane crosses from one floor into the next.
    for (const pane of panes) {
      const storey = Math.floor((base - pane.y) / floor);
      expect(base - (pane.y + pane.h)).toBeGreaterThan(storey * floor);
    }
  });

  it('gives a narrow or low floor fewer panes, and none where a floor is too small to show one', () => {
    expect(windowPanes(0, 12, 100, 2, 8)).toHaveLength(2 * 2 * 1);
    expect(windowPanes(0, 26, 100, 4, 3)).toEqual([]);
    expect(windowPanes(0, 5, 100, 4, 20)).toEqual([]);
  });

  it('lights about a third of the panes, the same ones at every render', () => {
    const panes = windowPanes(0, 26, 2000, 40, 39, 2);
    const lit = panes.filter((pane) => pane.lit).length / panes.length;
    expect(lit).toBeGreaterThan(0.2);
    expect(lit).toBeLessThan(0.5);
    expect(windowPanes(0, 26, 2000, 40, 39, 2)).toEqual(panes);
    // Another segment of the tower is lit otherwise.
    const other = windowPanes(0, 26, 2000, 40, 39, 3).map((pane) => pane.lit);
    expect(other).not.toEqual(panes.map((pane) => pane.lit));
  });
});
