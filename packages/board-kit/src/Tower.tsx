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
  /** Height of one floor. */
  floor: number;
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

export function Tower({ x, ground, segments, width, depth, floor, arriving = false }: TowerProps) {
  const rise = depth * 0.6;
  let base = ground;
  const parts = segments.map((segment, k) => {
    const top = base - segment.floors * floor;
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
        {/* Windows: a lit line per floor on the front face. */}
        {Array.from({ length: segment.floors }, (_, f) => (
          <line
            key={f}
            x1={x + 3}
            x2={x + width - 3}
            y1={base - (f + 0.55) * floor}
            y2={base - (f + 0.55) * floor}
            stroke={shade(segment.colour, -0.45)}
            strokeWidth={Math.min(1.2, floor * 0.35)}
            strokeDasharray="2 1.5"
          />
        ))}
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
