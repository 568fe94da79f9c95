/** What the board says about a city and a lot, to screen readers and in the pointer's tooltip. */
import { seatName } from '@skyline/board-kit';
import type { ViewPiece } from '@skyline/manhattan/board';
import type { T } from './words.js';

/** The six cities' names in the player's language (city 1 is Manhattan). */
export const cityName = (t: T, city: number): string => t(`manhattan.city.${city}` as 'manhattan.city.1');

/**
 * A lot: its city and number, then empty, or its height and owner with each seat's floors in it, and who has just
 * built there (`justBuilt`, a seat).
 */
export function lotLabel(
  {
    city,
    lot,
    owner,
    height,
    stack,
    justBuilt,
    tallest = false,
  }: {
    city: number;
    lot: number;
    owner: number;
    height: number;
    stack: readonly ViewPiece[];
    justBuilt: number | undefined;
    /** Whether it is the tallest building, which scores for its owner. */
    tallest?: boolean;
  },
  names: string[],
  t: T,
): string {
  const floors = new Map<number, number>();
  for (const piece of stack) floors.set(piece.seat, (floors.get(piece.seat) ?? 0) + piece.floors);
  const building =
    owner < 0
      ? t('manhattan.emptyLot')
      : t('manhattan.building', { h: height, owner: seatName(names, owner) }) +
        ` (${[...floors].map(([seat, n]) => `${seatName(names, seat)} ${n}`).join(', ')})`;
  const just =
    justBuilt === undefined ? '' : `. ${t('manhattan.justBuilt', { who: seatName(names, justBuilt) })}`;
  const top = tallest ? `. ${t('manhattan.tallestHere')}` : '';
  return `${t('manhattan.lotLabel', { city: cityName(t, city), lot })}: ${building}${top}${just}`;
}
