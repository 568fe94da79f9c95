/**
 * A building kind's mark (`look.ts`: a house, a public hall or a factory), drawn centred in a square of `size` at
 * (`x`, `y`): what the building is, at a glance, and what tells the kinds apart where their colours do not (a player
 * with a red-green colour-vision deficiency). Pictures only: the building's label says its kind in words.
 */
import type { KindMarkShape } from './look.js';
import { svgNumber as round } from './outline.js';

const INK = '#1d2733';

export function KindMark({
  shape,
  x,
  y,
  size,
}: {
  shape: KindMarkShape;
  x: number;
  y: number;
  size: number;
}) {
  // The pictogram in a box of 0.5 × `size`, centred in the square; its lines 0.07 × `size` wide.
  const u = size * 0.5;
  const left = x + (size - u) / 2;
  const top = y + (size - u) / 2;
  const at = (fx: number, fy: number) => `${round(left + fx * u)} ${round(top + fy * u)}`;
  const width = Math.max(0.06, size * 0.07);
  const common = {
    stroke: INK,
    strokeWidth: width,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    fill: 'none',
  };
  return (
    <g data-mark={shape} aria-hidden="true" pointerEvents="none" opacity={0.7}>
      {/* A house: its gabled roof over its walls, a door. */}
      {shape === 'house' && (
        <path
          d={`M${at(0, 0.5)}L${at(0.5, 0.05)}L${at(1, 0.5)}M${at(0.15, 0.38)}V${round(top + u)}H${round(left + 0.85 * u)}V${round(top + 0.38 * u)}M${at(0.42, 1)}V${round(top + 0.7 * u)}H${round(left + 0.58 * u)}V${round(top + u)}`}
          {...common}
        />
      )}
      {/* A public hall: a pediment on three columns, on a step. */}
      {shape === 'hall' && (
        <path
          d={`M${at(0, 0.3)}L${at(0.5, 0)}L${at(1, 0.3)}ZM${at(0.15, 0.42)}V${round(top + 0.88 * u)}M${at(0.5, 0.42)}V${round(top + 0.88 * u)}M${at(0.85, 0.42)}V${round(top + 0.88 * u)}M${at(0, 1)}H${round(left + u)}`}
          {...common}
        />
      )}
      {/* A factory: a saw-tooth roof, and a chimney. */}
      {shape === 'factory' && (
        <path
          d={`M${at(0, 1)}V${round(top + 0.45 * u)}L${at(0.33, 0.25)}V${round(top + 0.45 * u)}L${at(0.66, 0.25)}V${round(top + 0.45 * u)}H${round(left + 0.78 * u)}V${round(top)}H${round(left + 0.95 * u)}V${round(top + u)}Z`}
          {...common}
        />
      )}
    </g>
  );
}

/** A building's mark on each of its squares (`cells`: row and column, in squares of `size`). */
export function KindMarks({
  shape,
  cells,
  size,
}: {
  shape: KindMarkShape | undefined;
  cells: readonly (readonly [number, number])[];
  size: number;
}) {
  if (shape === undefined) return null;
  return (
    <>
      {cells.map(([r, c]) => (
        <KindMark key={`${r}-${c}`} shape={shape} x={c * size} y={r * size} size={size} />
      ))}
    </>
  );
}
