/**
 * The outline of a building: one closed path around the squares it covers, so that it reads as one polyomino and two
 * buildings side by side stay two (drawn square by square, neighbours merged into one blob). Pure: squares in, points
 * and an SVG path out.
 */
import type { Cell } from './geometry.js';

/** A point of the board's grid: `[x, y]`, x the column line and y the row line (squares of size 1). */
export type Point = [number, number];

const key = (x: number, y: number): string => `${x},${y}`;

/**
 * The closed loops around `cells`, each a list of its corners in grid units, clockwise on the screen (y down, the
 * building on the right of each side), with no corner in the middle of a straight side. A building is one loop; two
 * squares that touch only at a corner make two.
 */
export function outlineLoops(cells: readonly Cell[]): Point[][] {
  const inside = new Set(cells.map(([r, c]) => key(c, r)));
  const has = (c: number, r: number) => inside.has(key(c, r));
  // Every side of a square with no square of the building beyond it, turned so that the building is on its right.
  const from = new Map<string, Point[]>();
  const add = (a: Point, b: Point) => {
    const list = from.get(key(...a)) ?? [];
    list.push(b);
    from.set(key(...a), list);
  };
  const seen = new Set<string>();
  for (const [r, c] of cells) {
    if (seen.has(key(c, r))) continue;
    seen.add(key(c, r));
    if (!has(c, r - 1)) add([c, r], [c + 1, r]);
    if (!has(c + 1, r)) add([c + 1, r], [c + 1, r + 1]);
    if (!has(c, r + 1)) add([c + 1, r + 1], [c, r + 1]);
    if (!has(c - 1, r)) add([c, r + 1], [c, r]);
  }
  const loops: Point[][] = [];
  for (const [startKey, ends] of from) {
    while (ends.length > 0) {
      const start = startKey.split(',').map(Number) as Point;
      const loop: Point[] = [start];
      let at = start;
      let heading: Point = [0, 0];
      for (;;) {
        const next = takeNext(from.get(key(...at)) ?? [], at, heading);
        if (!next) break;
        heading = [next[0] - at[0], next[1] - at[1]];
        at = next;
        if (at[0] === start[0] && at[1] === start[1]) break;
        loop.push(at);
      }
      loops.push(straighten(loop));
    }
  }
  return loops;
}

/**
 * The side to follow from `at`, taken off the list. Where two squares touch only at this corner two sides leave it:
 * the one turning right keeps each square's loop to itself.
 */
function takeNext(ends: Point[], at: Point, heading: Point): Point | undefined {
  let best = 0;
  if (ends.length > 1) {
    const right: Point = [-heading[1], heading[0]];
    const found = ends.findIndex((end) => end[0] - at[0] === right[0] && end[1] - at[1] === right[1]);
    if (found >= 0) best = found;
  }
  return ends.splice(best, 1)[0];
}

/** The loop without the corners that lie on a straight side. */
function straighten(loop: readonly Point[]): Point[] {
  return loop.filter((point, k) => {
    const before = loop[(k + loop.length - 1) % loop.length] as Point;
    const after = loop[(k + 1) % loop.length] as Point;
    const turn =
      (point[0] - before[0]) * (after[1] - point[1]) - (point[1] - before[1]) * (after[0] - point[0]);
    return turn !== 0;
  });
}

/**
 * The loop moved `by` grid units inwards (outwards when negative), every side kept parallel: each corner moves along
 * both inward normals of the two sides that meet there (the sides are square to each other, so this is exact).
 */
export function insetLoop(loop: readonly Point[], by: number): Point[] {
  const normal = (a: Point, b: Point): Point => {
    // The building is on the right of a → b (y down): the inward normal is the direction turned a quarter clockwise.
    const dx = Math.sign(b[0] - a[0]);
    const dy = Math.sign(b[1] - a[1]);
    return [-dy, dx];
  };
  return loop.map((point, k) => {
    const before = loop[(k + loop.length - 1) % loop.length] as Point;
    const after = loop[(k + 1) % loop.length] as Point;
    const n1 = normal(before, point);
    const n2 = normal(point, after);
    return [point[0] + by * (n1[0] + n2[0]), point[1] + by * (n1[1] + n2[1])];
  });
}

/** A number for an SVG path, two decimals at most: the path stays short and the same squares give the same path. */
export const svgNumber = (value: number): string => String(Math.round(value * 100) / 100);

/** A closed polygon through `points`, as an SVG path. */
export const polygonPath = (points: readonly (readonly [number, number])[]): string =>
  points.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${svgNumber(x)} ${svgNumber(y)}`).join('') + 'Z';

/**
 * One SVG path around `cells` drawn in squares of `size`, its sides `inset` units inside the squares' edges (negative:
 * outside them), so that a stroke of twice that width stays within the building.
 */
export function outlinePath(cells: readonly Cell[], size: number, inset = 0): string {
  return outlineLoops(cells)
    .map((loop) => polygonPath(insetLoop(loop, inset / size).map(([x, y]) => [x * size, y * size] as const)))
    .join('');
}

/** The area a loop encloses, in squares (the shoelace formula): a building's outline encloses its squares. */
export function loopArea(loop: readonly Point[]): number {
  let twice = 0;
  loop.forEach(([x, y], k) => {
    const [nx, ny] = loop[(k + 1) % loop.length] as Point;
    twice += x * ny - nx * y;
  });
  return twice / 2;
}
