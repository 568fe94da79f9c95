/**
 * What the seat's choice draws on its board: the building it has chosen (dashed, until everyone has chosen), and the
 * building it is placing — green where it may be built, red where it may not.
 */
import type { Cell } from './geometry.js';
import { buildingFill } from './look.js';
import { buildingName } from './names.js';
import type { T } from './words.js';

/** The seat's chosen building, built when everyone has chosen. */
export function ChosenBuilding({
  building,
  cells,
  size,
  t,
}: {
  building: string | null;
  cells: readonly Cell[];
  size: number;
  t: T;
}) {
  return (
    <g
      pointerEvents="none"
      data-testid="chosen-building"
      role="img"
      aria-label={t('mycity.chosenBuilding', { name: buildingName(building ?? '', t, cells) })}
    >
      {cells.map(([r, c]) => (
        <rect
          key={`c${r}-${c}`}
          data-cell={`${r},${c}`}
          x={c * size + 2}
          y={r * size + 2}
          width={size - 4}
          height={size - 4}
          rx={size * 0.12}
          fill={buildingFill(building ?? 'y')}
          fillOpacity={0.6}
          stroke="#1d2733"
          strokeWidth={2}
          strokeDasharray="5 3"
        />
      ))}
    </g>
  );
}

/** The building where it is being placed: `legal` when the seat may build it on exactly these squares. */
export function Preview({ cells, legal, size }: { cells: readonly Cell[]; legal: boolean; size: number }) {
  return (
    <g pointerEvents="none" data-testid={legal ? 'preview-legal' : 'preview-illegal'}>
      {cells.map(([r, c]) => (
        <rect
          key={`p${r}-${c}`}
          data-cell={`${r},${c}`}
          x={c * size + 2}
          y={r * size + 2}
          width={size - 4}
          height={size - 4}
          rx={4}
          fill={legal ? '#2e9a4acc' : '#d33b2c99'}
          stroke={legal ? '#145a22' : '#7a1010'}
          strokeWidth={2}
        />
      ))}
    </g>
  );
}
