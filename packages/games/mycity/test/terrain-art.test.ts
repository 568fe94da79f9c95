/**
 * The board's landscape (`ui/terrainArt.ts`): each thing drawn stays on its own square, each terrain draws only its
 * own things, the river, mountains and forests are each one area around their squares, and the same board always
 * draws the same picture.
 */
import { COLS, TERRAIN, type Terrain } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../ui/geometry.js';
import { outlinePath } from '../ui/outline.js';
import { gridLines, spot, terrainArt, type LandSquare } from '../ui/terrainArt.js';

const SIZE = 36;
const BOARD: LandSquare[] = TERRAIN.map((square, sq) => ({ square, r: Math.floor(sq / COLS), c: sq % COLS }));

/** The corners of a path made only of absolute moves and lines (`M x y L x y … Z`). */
function corners(path: string): [number, number][] {
  expect(path).toMatch(/^[MLZ\d .-]*$/);
  const numbers = path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const points: [number, number][] = [];
  for (let k = 0; k < numbers.length; k += 2) points.push([numbers[k] as number, numbers[k + 1] as number]);
  return points;
}

/** The parts drawn with polygons only (the others use curves and arcs). */
const POLYGON_PARTS = [
  'peaksLit',
  'peaksShaded',
  'snow',
  'firsShaded',
  'firsLit',
  'trunks',
  'rocks',
  'rockLights',
] as const;

describe('the landscape of My City', () => {
  it('draws each peak, fir, trunk and boulder inside its own square, wherever on the board the square is', () => {
    for (const land of BOARD) {
      const art = terrainArt([land], SIZE);
      for (const part of POLYGON_PARTS)
        for (const [x, y] of corners(art[part])) {
          expect(x).toBeGreaterThanOrEqual(land.c * SIZE);
          expect(x).toBeLessThanOrEqual((land.c + 1) * SIZE);
          expect(y).toBeGreaterThanOrEqual(land.r * SIZE);
          expect(y).toBeLessThanOrEqual((land.r + 1) * SIZE);
        }
    }
  });

  it('draws on each terrain only its own things: grass has tufts and nothing else', () => {
    const drawn = (square: Terrain) =>
      Object.entries(terrainArt([{ square, r: 3, c: 4 }], SIZE))
        .filter(([, path]) => path !== '')
        .map(([part]) => part)
        .sort();
    expect(drawn('.')).toEqual(['tufts']);
    expect(drawn('T')).toEqual(['crownLights', 'crowns', 'treeShadows', 'trunks', 'tufts']);
    expect(drawn('R')).toEqual(['rockLights', 'rockShadows', 'rocks', 'tufts']);
    expect(drawn('~')).toEqual(['river', 'waves']);
    expect(drawn('M')).toEqual(['mountains', 'peaksLit', 'peaksShaded', 'snow']);
    expect(drawn('F')).toEqual(['firsLit', 'firsShaded', 'forests']);
  });

  it('draws a peak on every mountain square and three firs on every forest square of the board', () => {
    const art = terrainArt(BOARD, SIZE);
    const count = (kind: Terrain) => BOARD.filter((land) => land.square === kind).length;
    // Each peak is one closed polygon in each of its faces; each fir one in each half.
    expect(art.peaksLit.split('Z').length - 1).toBe(count('M'));
    expect(art.snow.split('Z').length - 1).toBe(count('M'));
    expect(art.firsLit.split('Z').length - 1).toBe(3 * count('F'));
  });

  it('makes the river, the mountains and the forests each one area around exactly their squares', () => {
    const art = terrainArt(BOARD, SIZE);
    const cells = (kind: Terrain): Cell[] =>
      BOARD.filter((land) => land.square === kind).map((land) => [land.r, land.c] as Cell);
    expect(art.river).toBe(outlinePath(cells('~'), SIZE));
    expect(art.mountains).toBe(outlinePath(cells('M'), SIZE));
    expect(art.forests).toBe(outlinePath(cells('F'), SIZE));
    // The game's river runs unbroken from one edge to the other: one loop.
    expect(art.river.split('Z').length - 1).toBe(1);
  });

  it('draws the same board the same way every time, and two mountains differently', () => {
    expect(terrainArt(BOARD, SIZE)).toEqual(terrainArt(BOARD, SIZE));
    const peak = (r: number, c: number) => terrainArt([{ square: 'M', r, c }], SIZE).peaksLit;
    // The same peak moved one square right is a different peak, not the same one shifted.
    const shifted = corners(peak(2, 1)).map(([x, y]) => [x - SIZE, y]);
    expect(shifted).not.toEqual(corners(peak(2, 0)));
  });

  it('spreads its hash evenly: a thousand squares fall into each tenth about a hundred times', () => {
    const tenths = Array.from({ length: 10 }, () => 0);
    for (let r = 0; r < 40; r++) for (let c = 0; c < 25; c++) tenths[Math.floor(spot(r, c, 3) * 10)]! += 1;
    for (const n of tenths) {
      expect(n).toBeGreaterThan(60);
      expect(n).toBeLessThan(140);
    }
  });

  it("draws the grid between the squares and not along the board's edge", () => {
    expect(gridLines(2, 3, 10)).toBe('M0 10H30M10 0V20M20 0V20');
  });
});
