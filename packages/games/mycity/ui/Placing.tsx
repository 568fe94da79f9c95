/**
 * What the seat's choice draws on its board: the building it has chosen (dashed, until everyone has chosen), and the
 * building it is placing — green where it may be built, red where it may not. Each is one outlined shape, as the
 * buildings built are.
 */
import { CellMarks } from './Buildings.js';
import type { Cell } from './geometry.js';
import { KindMarks } from './KindMark.js';
import { buildingFill, buildingMark } from './look.js';
import { buildingName } from './names.js';
import { outlinePath } from './outline.js';
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
      <path
        d={outlinePath(cells, size, 2)}
        fill={buildingFill(building ?? 'y')}
        fillOpacity={0.6}
        stroke="#1d2733"
        strokeWidth={2}
        strokeDasharray="5 3"
      />
      <KindMarks shape={buildingMark(building ?? '')} cells={cells} size={size} />
      <CellMarks cells={cells} size={size} />
    </g>
  );
}

/** The building where it is being placed: `legal` when the seat may build it on exactly these squares. */
export function Preview({ cells, legal, size }: { cells: readonly Cell[]; legal: boolean; size: number }) {
  return (
    <g pointerEvents="none" data-testid={legal ? 'preview-legal' : 'preview-illegal'}>
      <path
        d={outlinePath(cells, size, 2)}
        fill={legal ? '#2e9a4acc' : '#d33b2c99'}
        stroke={legal ? '#145a22' : '#7a1010'}
        strokeWidth={2.5}
        strokeLinejoin="round"
      />
      <CellMarks cells={cells} size={size} />
    </g>
  );
}
