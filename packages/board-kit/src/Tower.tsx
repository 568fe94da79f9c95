/**
 * A building seen in perspective, in SVG: a front face, a side in shadow and a roof, stacked from the ground in
 * segments (one per piece or tile, in the order they were built, each in its own colour). Drawn with a handful of
 * polygons, so that a board of 54 lots stays cheap; decorative only (the lot or tile that holds it is named).
 */
import { Arrive } from './Arrive.js';

export interface TowerSegment {
  colour: string;
  /** Floors of this segment. */
  floors: number;
}

interface TowerProps {
  /** Left edge of the front face. */
  x: number;
  /** Where the building stands (the bottom of its front face). */
  ground: number;
  segments: readonly TowerSegment[];
  /** Width of the front face. */
  width: number;
  /** How far the side and the roof recede (up and to the right). */
  depth: number;
  /**
   * Height of one floor; or, for a board whose scale is not in proportion, the height of a building's first `floors`
   * floors (increasing, 0 for none).
   */
  floor: number | ((floors: number) => number);
  /**
   * Whether the top segment has just been played: it drops onto the tower (with the roof), replayed each time a
   * segment is added (see `Arrive`).
   */
  arriving?: boolean;
}

/** A colour mixed with black (`by` > 0) or white (`by` < 0), for the side in shadow and the lit roof. */
export function shade(hex: string, by: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const mix = (c: number) => Math.round(by > 0 ? c * (1 - by) : c + (255 - c) * -by);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** A pane of a window grid: its top left corner and size. */
interface Pane {
  x: number;
  y: number;
  w: number;
  h: number;
  lit: boolean;
}

/**
 * The window panes of `floors` floors of height `floor` on a front face `width` wide standing on `base`: three
 * columns on a wide face, two on a narrow one; two rows on a tall floor. About a third lit, the same ones at every
 * render (a hash of where the pane is, not chance). None where a floor is too small to show a pane.
 */
export function windowPanes(
  x: number,
  width: number,
  base: number,
  floors: number,
  floor: number,
  seed = 0,
): Pane[] {
  if (floor < 3.5 || width < 6) return [];
  const columns = width >= 18 ? 3 : 2;
  const rows = floor >= 28 ? 2 : 1;
  const marginX = width * 0.16;
  const gapX = width * 0.1;
  const w = (width - 2 * marginX - (columns - 1) * gapX) / columns;
  const marginY = floor * 0.22;
  const gapY = floor * 0.14;
  const h = (floor - 2 * marginY - (rows - 1) * gapY) / rows;
  const panes: Pane[] = [];
  for (let f = 0; f < floors; f++)
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < columns; c++) {
        const spot = (((seed * 31 + f) * 7 + r) * 5 + c) >>> 0;
        panes.push({
          x: x + marginX + c * (w + gapX),
          y: base - (f + 1) * floor + marginY + r * (h + gapY),
          w,
          h,
          lit: Math.imul(spot + 1, 2654435761) >>> 29 < 3,
        });
      }
  return panes;
}

/** Panes as one path's data. */
function panesPath(panes: readonly Pane[]): string {
  const n = (v: number) => Math.round(v * 10) / 10;
  return panes.map((p) => `M${n(p.x)} ${n(p.y)}h${n(p.w)}v${n(p.h)}h${n(-p.w)}z`).join('');
}

function Windows({
  x,
  width,
  base,
  floors,
  floor,
  colour,
  seed,
}: {
  x: number;
  width: number;
  base: number;
  floors: number;
  floor: number;
  colour: string;
  seed: number;
}) {
  const panes = windowPanes(x, width, base, floors, floor, seed);
  if (panes.length === 0) return null;
  const dark = panes.filter((p) => !p.lit);
  const lit = panes.filter((p) => p.lit);
  return (
    <>
      {dark.length > 0 && <path d={panesPath(dark)} fill={shade(colour, 0.5)} />}
      {lit.length > 0 && <path d={panesPath(lit)} fill={shade(colour, -0.6)} />}
    </>
  );
}

export function Tower({ x, ground, segments, width, depth, floor, arriving = false }: TowerProps) {
  const heightOf = typeof floor === 'number' ? (floors: number) => floors * floor : floor;
  let built = 0;
  const rise = depth * 0.6;
  let base = ground;
  const parts = segments.map((segment, k) => {
    built += segment.floors;
    const top = ground - heightOf(built);
    // This segment's floors share its height evenly (all floors are equal where the scale is in proportion).
    const segmentFloor = (base - top) / Math.max(1, segment.floors);
    const part = (
      <g key={k}>
        <rect
          x={x}
          y={top}
          width={width}
          height={base - top}
          fill={segment.colour}
          stroke="#1d2733"
          strokeWidth={0.5}
        />
        <polygon
          points={`${x + width},${top} ${x + width + depth},${top - rise} ${x + width + depth},${base - rise} ${x + width},${base}`}
          fill={shade(segment.colour, 0.35)}
          stroke="#1d2733"
          strokeWidth={0.5}
        />
        {/* Windows: a grid of panes per floor on the front face, some lit; two paths however many panes. */}
        <Windows
          x={x}
          width={width}
          base={base}
          floors={segment.floors}
          floor={segmentFloor}
          colour={segment.colour}
          seed={k}
        />
      </g>
    );
    base = top;
    return part;
  });
  const roof = segments.at(-1)?.colour ?? '#cccccc';
  return (
    <g aria-hidden="true">
      {parts.slice(0, -1)}
      {/* The top segment and the roof, together: what drops when a piece has just been played on the tower. */}
      <Arrive kind="drop" when={arriving} token={segments.length}>
        {parts.at(-1)}
        <polygon
          points={`${x},${base} ${x + depth},${base - rise} ${x + width + depth},${base - rise} ${x + width},${base}`}
          fill={shade(roof, -0.3)}
          stroke="#1d2733"
          strokeWidth={0.5}
        />
      </Arrive>
    </g>
  );
}
