/**
 * A building kind's mark (`look.ts`: ring, plus or bars), drawn centred in a square of `size` at (`x`, `y`): what tells
 * the kinds apart where their colours do not (a player with a red-green colour-vision deficiency). Pictures only: the
 * building's label says its kind in words. Lines and circles, not paths: a building is one path, its outline.
 */
import type { KindMarkShape } from './look.js';

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
  const cx = x + size / 2;
  const cy = y + size / 2;
  const r = size * 0.2;
  const width = Math.max(0.06, size * 0.08);
  const common = { stroke: INK, strokeWidth: width, strokeLinecap: 'round' as const, fill: 'none' };
  return (
    <g data-mark={shape} aria-hidden="true" pointerEvents="none" opacity={0.7}>
      {shape === 'ring' && <circle cx={cx} cy={cy} r={r} {...common} />}
      {shape === 'plus' && (
        <>
          <line x1={cx - r} y1={cy} x2={cx + r} y2={cy} {...common} />
          <line x1={cx} y1={cy - r} x2={cx} y2={cy + r} {...common} />
        </>
      )}
      {shape === 'bars' &&
        [-1, 0, 1].map((k) => (
          <line key={k} x1={cx + k * r * 0.8} y1={cy - r} x2={cx + k * r * 0.8} y2={cy + r} {...common} />
        ))}
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
