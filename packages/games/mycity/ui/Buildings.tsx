/** The buildings standing on a seat's board, and the mark around the one that seat has just built. */
import type { BuiltView } from '@skyline/mycity';
import type { Cell } from './geometry.js';
import { buildingFill } from './look.js';
import { buildingName } from './names.js';
import type { T } from './words.js';

/** Each building as its squares, named in words (kind, number, where) for screen readers. */
export function Buildings({
  built,
  size,
  t,
  testId,
}: {
  built: readonly BuiltView[];
  size: number;
  t: T;
  testId?: string;
}) {
  return (
    <g data-testid={testId}>
      {built.map((b, k) => (
        <g key={k} role="img" aria-label={buildingName(b.id, t, b.cells)}>
          {b.cells.map(([r, c]) => (
            <rect
              key={`${r}-${c}`}
              data-cell={`${r},${c}`}
              x={c * size + 1}
              y={r * size + 1}
              width={size - 2}
              height={size - 2}
              rx={size * 0.12}
              fill={buildingFill(b.id)}
              stroke="#333"
              strokeWidth={size * 0.04}
            />
          ))}
        </g>
      ))}
    </g>
  );
}

/** An outline around the squares a seat has just built on (drawn on that seat's board). */
export function JustBuilt({ cells, size }: { cells: readonly Cell[] | undefined; size: number }) {
  if (!cells) return null;
  return (
    <g pointerEvents="none" className="just-moved" data-testid="just-built" aria-hidden="true">
      {cells.map(([r, c]) => (
        <rect
          key={`${r}-${c}`}
          x={c * size + 0.5}
          y={r * size + 0.5}
          width={size - 1}
          height={size - 1}
          fill="none"
          stroke="#1d2733"
          strokeWidth={Math.max(1.5, size * 0.08)}
        />
      ))}
    </g>
  );
}
