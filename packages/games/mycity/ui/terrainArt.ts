/**
 * The board's landscape as drawn paths: the river, the mountains and the forests each one area with its own edge
 * (a sandy bank, a rocky foot, a forest's edge), so that the river reads as a river rather than a run of blue squares;
 * on them waves, peaks with a lit face and a snow cap, and conifers; on the grass, tufts, single trees and boulders.
 * Pure: squares in, SVG path strings out, so that a whole board costs a few paths per kind of thing, not a few per
 * square, and the same board always draws the same.
 *
 * Where a peak stands and how tall, where a tuft grows: a hash of the square, not chance, so that the picture never
 * changes between two renders or two machines.
 */
import type { Terrain } from '@skyline/mycity';
import type { Cell } from './geometry.js';
import { outlinePath, polygonPath as polygon, svgNumber as n } from './outline.js';

/** One square of the landscape: its terrain, row and column. */
export interface LandSquare {
  square: Terrain;
  r: number;
  c: number;
}

/** Everything the landscape draws, each a path (empty when there is none of it). */
export interface TerrainArt {
  /** The river's area, its mountains', its forests' (each one outline around all its squares). */
  river: string;
  mountains: string;
  forests: string;
  /** Light marks on the water. */
  waves: string;
  /** Each peak's lit (left) face, shaded (right) face and snow cap. */
  peaksLit: string;
  peaksShaded: string;
  snow: string;
  /** Each conifer's shaded (left) and lit (right) half. */
  firsShaded: string;
  firsLit: string;
  /** Blades of grass. */
  tufts: string;
  /** The lone trees: shadow, trunk, crown and the crown's light. */
  treeShadows: string;
  trunks: string;
  crowns: string;
  crownLights: string;
  /** The boulders: shadow, body, lit facet. */
  rockShadows: string;
  rocks: string;
  rockLights: string;
}

/**
 * A number in [0, 1) fixed by a square and a salt: integer mixing (an xorshift-multiply hash), so that neighbouring
 * squares get unrelated values.
 */
export function spot(r: number, c: number, salt: number): number {
  let h = Math.imul(r + 1, 0x9e3779b1) ^ Math.imul(c + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** An ellipse as a path (two arcs), so that many of them are one path. */
const ellipse = (cx: number, cy: number, rx: number, ry: number): string =>
  `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0Z`;

/** The landscape of `squares` drawn in squares of `size`. */
export function terrainArt(squares: readonly LandSquare[], size: number): TerrainArt {
  const s = size;
  const cellsOf = (kind: Terrain): Cell[] =>
    squares.filter((q) => q.square === kind).map((q) => [q.r, q.c] as Cell);
  const parts = {
    waves: [] as string[],
    peaksLit: [] as string[],
    peaksShaded: [] as string[],
    snow: [] as string[],
    firsShaded: [] as string[],
    firsLit: [] as string[],
    tufts: [] as string[],
    treeShadows: [] as string[],
    trunks: [] as string[],
    crowns: [] as string[],
    crownLights: [] as string[],
    rockShadows: [] as string[],
    rocks: [] as string[],
    rockLights: [] as string[],
  };

  for (const { square, r, c } of squares) {
    const x = c * s;
    const y = r * s;
    const at = (fx: number, fy: number): [number, number] => [x + fx * s, y + fy * s];

    if (square === '~') {
      // Two short waves, each somewhere in its half of the square.
      for (const [k, row] of [0.32, 0.7].entries()) {
        const [wx, wy] = at(0.14 + spot(r, c, k) * 0.3, row + (spot(r, c, k + 2) - 0.5) * 0.1);
        const w = s * 0.2;
        parts.waves.push(`M${n(wx)} ${n(wy)}q${n(w / 2)} ${n(-s * 0.09)} ${n(w)} 0t${n(w)} 0`);
      }
    }

    if (square === 'M') {
      // One peak, its top somewhere near the middle and its height varying, lit from the left.
      const top = at(0.42 + spot(r, c, 0) * 0.16, 0.12 + spot(r, c, 1) * 0.14);
      const left = at(0.06, 0.9);
      const right = at(0.94, 0.9);
      const foot = at(0.5 + (spot(r, c, 2) - 0.5) * 0.16, 0.9);
      parts.peaksLit.push(polygon([left, top, foot]));
      parts.peaksShaded.push(polygon([top, right, foot]));
      // The snow: the top third of the peak, its lower edge jagged.
      const along = (from: [number, number], f: number): [number, number] => [
        top[0] + (from[0] - top[0]) * f,
        top[1] + (from[1] - top[1]) * f,
      ];
      const l = along(left, 0.3);
      const rr = along(right, 0.3);
      const mid = along(foot, 0.22);
      parts.snow.push(
        polygon([
          top,
          rr,
          [(rr[0] + mid[0]) / 2, mid[1] + s * 0.05],
          mid,
          [(l[0] + mid[0]) / 2, mid[1] + s * 0.05],
          l,
        ]),
      );
    }

    if (square === 'F') {
      // Three conifers, the back two smaller, each a triangle split down its trunk into a shaded and a lit half.
      const firs: [number, number, number][] = [
        [0.28, 0.52, 0.4],
        [0.72, 0.48, 0.38],
        [0.5 + (spot(r, c, 0) - 0.5) * 0.12, 0.94, 0.5],
      ];
      for (const [fx, footY, height] of firs) {
        const [cx, fy] = at(fx, footY);
        const h = height * s * (0.9 + spot(r, c, fx * 10) * 0.2);
        const half = h * 0.42;
        parts.firsShaded.push(
          polygon([
            [cx, fy - h],
            [cx, fy],
            [cx - half, fy],
          ]),
        );
        parts.firsLit.push(
          polygon([
            [cx, fy - h],
            [cx + half, fy],
            [cx, fy],
          ]),
        );
      }
    }

    if (square === 'T') {
      const [cx, cy] = at(0.5 + (spot(r, c, 0) - 0.5) * 0.1, 0.42);
      const radius = s * 0.25;
      parts.treeShadows.push(ellipse(cx + s * 0.06, y + s * 0.84, s * 0.24, s * 0.07));
      parts.trunks.push(polygon([at(0.455, 0.55), at(0.545, 0.55), at(0.56, 0.86), at(0.44, 0.86)]));
      parts.crowns.push(ellipse(cx, cy, radius, radius));
      parts.crownLights.push(ellipse(cx - radius * 0.3, cy - radius * 0.3, radius * 0.45, radius * 0.4));
    }

    if (square === 'R') {
      const dx = (spot(r, c, 0) - 0.5) * 0.12;
      const p = (fx: number, fy: number) => at(fx + dx, fy);
      parts.rockShadows.push(ellipse(x + (0.54 + dx) * s, y + s * 0.8, s * 0.34, s * 0.07));
      parts.rocks.push(polygon([p(0.2, 0.78), p(0.3, 0.42), p(0.52, 0.28), p(0.74, 0.38), p(0.84, 0.78)]));
      parts.rockLights.push(polygon([p(0.3, 0.42), p(0.52, 0.28), p(0.56, 0.5), p(0.36, 0.6)]));
    }

    if (square === '.' || square === 'T' || square === 'R') {
      // A tuft or two of grass where the square's hash puts them (a tree's or rock's square, at its foot).
      const count = square === '.' ? 1 + Math.floor(spot(r, c, 7) * 2) : 1;
      for (let k = 0; k < count; k++) {
        const [tx, ty] =
          square === '.'
            ? at(0.15 + spot(r, c, 10 + k) * 0.6, 0.3 + spot(r, c, 20 + k) * 0.55)
            : at(spot(r, c, 30) < 0.5 ? 0.12 : 0.78, 0.92);
        const b = s * 0.09;
        parts.tufts.push(
          `M${n(tx)} ${n(ty)}l${n(-b * 0.5)} ${n(-b)}M${n(tx + b * 0.4)} ${n(ty)}l0 ${n(-b * 1.3)}M${n(tx + b * 0.8)} ${n(ty)}l${n(b * 0.5)} ${n(-b)}`,
        );
      }
    }
  }

  const joined = Object.fromEntries(
    Object.entries(parts).map(([name, list]) => [name, list.join('')]),
  ) as Record<keyof typeof parts, string>;
  return {
    river: outlinePath(cellsOf('~'), s),
    mountains: outlinePath(cellsOf('M'), s),
    forests: outlinePath(cellsOf('F'), s),
    ...joined,
  };
}

/** The grid's lines between the squares of a board of `rows` × `cols` squares of `size` (the outer edge left out). */
export function gridLines(rows: number, cols: number, size: number): string {
  const lines: string[] = [];
  for (let r = 1; r < rows; r++) lines.push(`M0 ${r * size}H${cols * size}`);
  for (let c = 1; c < cols; c++) lines.push(`M${c * size} 0V${rows * size}`);
  return lines.join('');
}
