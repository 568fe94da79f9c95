/**
 * The buildings standing on a seat's board, each one outlined polyomino (one path around its squares, a little inside
 * them, so that two buildings side by side stay two) with its kind's mark on each square (`KindMark.tsx`), and the
 * mark around the one that seat has just built.
 */
import { arrivalClass } from '@skyline/board-kit';
import type { BuiltView } from '@skyline/mycity';
import { useId } from 'react';
import { cellsKey, type Cell } from './geometry.js';
import { KindMarks } from './KindMark.js';
import { buildingFill, buildingMark } from './look.js';
import { buildingName } from './names.js';
import { outlinePath } from './outline.js';
import type { T } from './words.js';

/**
 * Its squares, unpainted: what says which squares a shape covers (`data-cell`, read by the browser tests), the
 * outline drawing it.
 */
export function CellMarks({ cells, size }: { cells: readonly Cell[]; size: number }) {
  return (
    <>
      {cells.map(([r, c]) => (
        <rect
          key={`${r}-${c}`}
          data-cell={`${r},${c}`}
          x={c * size}
          y={r * size}
          width={size}
          height={size}
          fill="none"
        />
      ))}
    </>
  );
}

/**
 * The roofs' textures, by kind (the id's first letter): shingles on a house, flagstones on a public building,
 * corrugated sheet on a factory. Faint lines in the board's ink over the kind's colour: a material to look at, not a
 * sign to read (the kind's mark and colour say the kind).
 */
export function RoofPatterns({ prefix, size }: { prefix: string; size: number }) {
  const s = size;
  const ink = { fill: 'none', stroke: 'rgba(29, 39, 51, 0.16)', strokeWidth: Math.max(0.5, s * 0.025) };
  return (
    <defs>
      <pattern id={`${prefix}y`} patternUnits="userSpaceOnUse" width={s / 4} height={s / 5}>
        <path d={`M0 0Q${s / 8} ${s / 5} ${s / 4} 0`} {...ink} />
      </pattern>
      <pattern id={`${prefix}r`} patternUnits="userSpaceOnUse" width={s / 2} height={s / 3}>
        <path d={`M0 0H${s / 2}M0 0V${s / 3}`} {...ink} />
      </pattern>
      <pattern id={`${prefix}b`} patternUnits="userSpaceOnUse" width={s / 7} height={s}>
        <path d={`M${s / 14} 0V${s}`} {...ink} />
      </pattern>
    </defs>
  );
}

/** The prefix of one drawing's roof patterns: patterns are found by id in the whole page, where several are drawn. */
export const useRoofPatternsId = () => `roof${useId().replace(/:/g, '')}`;

/**
 * A building as a piece laid on the board: its shadow on the ground, its face in its kind's colour, its roof's
 * texture (`roofs`: the drawing's `RoofPatterns`) and a lit bevel along its edge, each one path around all its squares.
 */
export function BuildingPiece({
  id,
  cells,
  size,
  roofs,
}: {
  id: string;
  cells: readonly Cell[];
  size: number;
  roofs: string;
}) {
  const stroke = Math.max(1, size * 0.06);
  // The face's outline, also its shadow's (moved down and right).
  const outline = outlinePath(cells, size, stroke / 2 + size * 0.04);
  return (
    <>
      {/* A piece laid on the board: its shadow on the ground, its face, and a lit bevel along its edge. */}
      <path
        d={outline}
        transform={`translate(${size * 0.05} ${size * 0.06})`}
        fill="rgba(0, 0, 0, 0.28)"
        data-part="shadow"
        aria-hidden="true"
      />
      <path
        d={outline}
        fill={buildingFill(id)}
        stroke="#1d2733"
        strokeWidth={stroke}
        strokeLinejoin="round"
        data-part="face"
      />
      <path d={outline} fill={`url(#${roofs}${id[0] ?? 'y'})`} data-part="roof" aria-hidden="true" />
      <path
        d={outlinePath(cells, size, stroke + size * 0.08)}
        fill="none"
        stroke="rgba(255, 255, 255, 0.5)"
        strokeWidth={Math.max(0.75, size * 0.035)}
        strokeLinejoin="round"
        data-part="bevel"
        aria-hidden="true"
      />
    </>
  );
}

/** Each building as one outlined shape, named in words (kind, number, where) for screen readers. */
export function Buildings({
  built,
  justBuilt,
  size,
  t,
  testId,
}: {
  built: readonly BuiltView[];
  /** The squares of the building just built on this board, which settles into place as it appears. */
  justBuilt?: readonly Cell[] | undefined;
  size: number;
  t: T;
  testId?: string;
}) {
  const arrived = justBuilt ? cellsKey(justBuilt) : null;
  const patterns = useRoofPatternsId();
  return (
    <>
      <RoofPatterns prefix={patterns} size={size} />
      <g data-testid={testId}>
        {built.map((b, k) => (
          <g
            key={k}
            role="img"
            aria-label={buildingName(b.id, t, b.cells)}
            data-building={b.id}
            className={arrivalClass('settle', cellsKey(b.cells) === arrived) || undefined}
          >
            <BuildingPiece id={b.id} cells={b.cells} size={size} roofs={patterns} />
            <KindMarks shape={buildingMark(b.id)} cells={b.cells} size={size} />
            <CellMarks cells={b.cells} size={size} />
          </g>
        ))}
      </g>
    </>
  );
}

/** An outline around the squares a seat has just built on (drawn on that seat's board). */
export function JustBuilt({ cells, size }: { cells: readonly Cell[] | undefined; size: number }) {
  if (!cells) return null;
  const width = Math.max(1.5, size * 0.08);
  return (
    <g pointerEvents="none" className="just-moved" data-testid="just-built" aria-hidden="true">
      <path
        d={outlinePath(cells, size, width / 2)}
        fill="none"
        stroke="#1d2733"
        strokeWidth={width}
        strokeLinejoin="round"
      />
    </g>
  );
}
