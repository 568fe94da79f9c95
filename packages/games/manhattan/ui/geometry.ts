/**
 * Where things sit on the board (an SVG): the six cities in two rows of three, each a frame with its name above
 * three rows of three lots, lot 1 top left and 9 bottom right.
 */

/** A lot's size, with its gap. */
export const LOT = 46;
export const CITY_W = LOT * 3 + 16;
export const CITY_H = LOT * 3 + 34;
export const MAP_W = CITY_W * 3 + 8;
export const MAP_H = CITY_H * 2 + 8;

/** The top-left corner of city `index + 1`'s frame. */
export function cityOrigin(index: number): { x: number; y: number } {
  return { x: 4 + (index % 3) * CITY_W, y: 4 + Math.floor(index / 3) * CITY_H };
}

/** The top-left corner of lot `index + 1` in a city whose frame starts at `city`. */
export function lotOrigin(city: { x: number; y: number }, index: number): { x: number; y: number } {
  return { x: city.x + 8 + (index % 3) * LOT, y: city.y + 26 + Math.floor(index / 3) * LOT };
}

/**
 * Where a building stands in its lot (from the lot's top-left corner): its front face on the left, the floor count in
 * a badge at the top right beside it (never over the drawing), the tallest building's star under that badge.
 */
export const TOWER = { left: 3, width: 20, depth: 6, ground: LOT - 7 } as const;
export const BADGE = { left: LOT - 16.5, top: 1.5, width: 12, height: 13 } as const;
/** The height the tallest building may take: from its ground to the lot's top, less its roof's rise. */
export const TOWER_ROOM = TOWER.ground - 3 - TOWER.depth * 0.6;

/**
 * How a building's height grows with its floors: as their number to this power. Below 1, so that a piece of 1 floor
 * beside a tower of 17 still reads as a building (drawn in proportion, it was under 2 units tall: a flat slab), while
 * more floors always draw taller.
 */
const RISE = 0.6;

/**
 * The height drawn for a building's first `floors` floors: one scale for the whole board, so that buildings compare
 * at a glance, and the tallest fills the room in its lot (a building of 3 floors or fewer fills it no more than one of
 * 3 does).
 */
export function buildingScale(heights: readonly number[]): (floors: number) => number {
  const tallest = Math.max(3, ...heights);
  return (floors) => TOWER_ROOM * (floors / tallest) ** RISE;
}

/** A lot's key, "city:lot" (both from 1), by which the board finds what is offered or was just built there. */
export const lotKey = (city: number, lot: number): string => `${city}:${lot}`;
