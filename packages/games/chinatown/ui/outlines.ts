/**
 * The outline of a shop on the map: the lots of one group (same kind, same owner, neighbours, as the rules group them:
 * `shopsOnBoard`) joined by one line around them, drawn in the gaps between the lot squares. Pure geometry.
 */
import { LOT_PITCH, lotCorner, WIDE_MAP, type MapLayout } from './geometry.js';
import { BLOCKS } from './pieces.js';

/** Where each lot is: its block (0-based, in the data's order), row and column, and its square's corner. */
interface Place {
  block: number;
  row: number;
  column: number;
  x: number;
  y: number;
}

/** Every lot's place on a map of that many columns of blocks, worked out once per layout. */
const PLACES = new Map<number, Map<number, Place>>();

function placesOn(layout: MapLayout): Map<number, Place> {
  const known = PLACES.get(layout.columns);
  if (known) return known;
  const places = new Map<number, Place>();
  Object.values(BLOCKS).forEach((rows, block) =>
    rows.forEach((row, r) =>
      row.forEach((lot, c) => {
        if (lot !== null)
          places.set(lot, { block, row: r, column: c, ...lotCorner(layout.blockOrigin(block), r, c) });
      }),
    ),
  );
  PLACES.set(layout.columns, places);
  return places;
}

/** Half the gap between two lot squares (a square's side is the pitch less 3): where the outline runs. */
const HALF_GAP = 1.5;

/**
 * The SVG path of the outline around `lots` on a map laid out as `layout`: each side of a lot's cell (its square and
 * half the gaps around it) that no other lot of the group shares, so that neighbouring lots of the group are inside
 * one line.
 */
export function outlinePath(lots: readonly number[], layout: MapLayout = WIDE_MAP): string {
  const places = placesOn(layout);
  const at = new Set(lots.map((lot) => places.get(lot)).map((p) => p && `${p.block}:${p.row}:${p.column}`));
  const has = (p: Place, dr: number, dc: number) => at.has(`${p.block}:${p.row + dr}:${p.column + dc}`);
  const parts: string[] = [];
  for (const lot of lots) {
    const p = places.get(lot);
    if (!p) continue;
    const [x0, y0] = [p.x - HALF_GAP, p.y - HALF_GAP];
    const [x1, y1] = [x0 + LOT_PITCH, y0 + LOT_PITCH];
    if (!has(p, -1, 0)) parts.push(`M${x0} ${y0}H${x1}`);
    if (!has(p, 1, 0)) parts.push(`M${x0} ${y1}H${x1}`);
    if (!has(p, 0, -1)) parts.push(`M${x0} ${y0}V${y1}`);
    if (!has(p, 0, 1)) parts.push(`M${x1} ${y0}V${y1}`);
  }
  return parts.join('');
}
