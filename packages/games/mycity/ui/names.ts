/** Buildings and squares in words (the board's labels and its log): pure, given the viewer's words. */
import { BUILDING_KINDS, buildingOf } from '@skyline/mycity';
import type { Cell } from './geometry.js';
import type { T } from './words.js';

/** A building in words: its kind and number, and the squares it covers (rows and columns counted from 1). */
export function buildingName(id: string, t: T, cells?: readonly Cell[]): string {
  const building = buildingOf(id);
  const kindKey = (building === undefined ? undefined : BUILDING_KINDS[building]) ?? 'residential';
  const kind = t(`mycity.kind.${kindKey}` as 'mycity.kind.residential');
  const name = t('mycity.buildingName', { kind, n: id.slice(1) });
  if (!cells || cells.length === 0) return name;
  return t('mycity.buildingAt', { name, where: placeName(cells, t) });
}

/** Where some squares are: "rows 3–4, columns 5–6" (counted from 1). */
export function placeName(cells: readonly Cell[], t: T): string {
  const rows = cells.map(([r]) => r + 1);
  const cols = cells.map(([, c]) => c + 1);
  const span = (values: number[]) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? `${low}` : `${low}–${high}`;
  };
  return t('mycity.place', { rows: span(rows), cols: span(cols) });
}
