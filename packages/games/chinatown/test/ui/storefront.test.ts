/**
 * A shop on the map is drawn as a shop's front (`ui/Lot.tsx`): an awning's scalloped edge under the roof and a pillar
 * on each side. Neither may cover the shop's icon, which says its kind where the colour does not, nor leave the tile.
 */
import { describe, expect, it } from 'vitest';
import { LOT_PITCH } from '../../ui/geometry.js';
import { pillarsPath, VALANCE_SCALLOPS, valancePath } from '../../ui/Lot.js';

/** The tile's side and where the icon's 16-unit box starts, for a tile at (0, 0): read off the drawing by hand. */
const SIDE = LOT_PITCH - 3;
const ICON = { left: (SIDE - 16) / 2, top: 14, right: (SIDE + 16) / 2 };

describe("a shop's front on the map", () => {
  it('hangs five equal scallops from pillar to pillar, their lowest points above the icon', () => {
    const path = valancePath(0, 0);
    const scallops = [...path.matchAll(/q([\d.]+) ([\d.]+) ([\d.]+) 0/g)];
    expect(scallops).toHaveLength(VALANCE_SCALLOPS);
    expect(path.startsWith('M2 11.5')).toBe(true);
    // Each scallop spans (31 - 4) / 5 = 5.4 units: together they reach the right pillar, 2 units inside the tile.
    const spans = scallops.map((m) => Number(m[3]));
    expect(spans.reduce((a, b) => a + b, 0)).toBeCloseTo(SIDE - 4, 6);
    // A quadratic curve between two ends on one line reaches half its control point's depth: 5 / 2 = 2.5 below 11.5.
    for (const m of scallops) expect(11.5 + Number(m[2]) / 2).toBeLessThanOrEqual(ICON.top);
  });

  it('stands its two pillars inside the tile, one each side of the icon', () => {
    const xs = [...pillarsPath(0, 0).matchAll(/M([\d.]+) [\d.]+h([\d.]+)/g)].map((m) => [
      Number(m[1]),
      Number(m[1]) + Number(m[2]),
    ]);
    expect(xs).toHaveLength(2);
    const [left, right] = xs as [number[], number[]];
    expect(left[0]).toBeGreaterThanOrEqual(0);
    expect(left[1]).toBeLessThanOrEqual(ICON.left);
    expect(right[0]).toBeGreaterThanOrEqual(ICON.right);
    expect(right[1]).toBeLessThanOrEqual(SIDE);
  });

  it('draws a shop on another lot at the same place within its tile', () => {
    expect(valancePath(100, 50)).toBe(
      valancePath(0, 0)
        .replace('M2 11.5', 'M102 61.5')
        .replace(/V11H2Z$/, 'V61H102Z'),
    );
  });
});
