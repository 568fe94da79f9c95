/**
 * Where things sit on the ring (an SVG of 420 × 420): the twelve skyline positions clockwise around the centre,
 * position 1 just right of the top and 12 just left of it, and the pool's six tiles in two rows in the middle.
 */
import { POSITIONS } from '@skyline/nyny/board';

export const RING_SIZE = 420;
export const CENTRE = { x: 210, y: 210 };
export const RADIUS = 160;

/** A tile's size on the ring, in the hand and in the pool (the box draws smaller ones). */
export const TILE_W = 40;
export const TILE_H = 52;

/** The centre of skyline position `index + 1`: half a step clockwise from the top, so that 1 and 12 flank it. */
export function positionCentre(index: number): { x: number; y: number } {
  const angle = (index / POSITIONS) * 2 * Math.PI - Math.PI / 2 + Math.PI / POSITIONS;
  return { x: CENTRE.x + RADIUS * Math.cos(angle), y: CENTRE.y + RADIUS * Math.sin(angle) };
}

/** The top-left corner of the pool's tile `k` (three to a row, two rows). */
export function poolSlot(k: number): { x: number; y: number } {
  return { x: CENTRE.x - 69 + (k % 3) * 48, y: CENTRE.y - 60 + Math.floor(k / 3) * 58 };
}

/** The skyline below the ring (an SVG of 420 × 96): each position's tower, its left edge and its ground. */
export const SKYLINE = { width: 420, height: 96, ground: 86, step: 34, left: 8 };

/**
 * The height of one floor on the skyline: 16 while it fits, less once the tallest tower would rise above 64 (a
 * tower of 12 tiles still fits).
 */
export function skylineFloor(skyline: readonly (readonly unknown[])[]): number {
  const tallest = Math.max(1, ...skyline.map((stack) => stack.length));
  return Math.min(16, 64 / tallest);
}
