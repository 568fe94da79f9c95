/**
 * Where the city map draws things: the six blocks in two rows of three, each a grid of lot squares (a block's rows
 * and columns are its data's, `blocks` in the game's data file), in SVG user units.
 */

/** A lot square's pitch (its side plus the gap to the next one). */
export const LOT_PITCH = 34;
/** A block's outer size: four lots across and five down, with margins and the block's name above them. */
export const BLOCK_WIDTH = 4 * LOT_PITCH + 14;
export const BLOCK_HEIGHT = 5 * LOT_PITCH + 26;
/** How many blocks stand in a row of the map. */
const BLOCKS_PER_ROW = 3;
/** The margin around the map. */
const MARGIN = 3;

/** The map's viewBox: three blocks by two, with the margin on every side. */
export const MAP_VIEW_BOX = `0 0 ${BLOCK_WIDTH * BLOCKS_PER_ROW + 2 * MARGIN} ${BLOCK_HEIGHT * 2 + 2 * MARGIN}`;

/** The top left corner of the `index`-th block (0-based, in the data's order: left to right, then the next row). */
export function blockOrigin(index: number): { x: number; y: number } {
  return {
    x: MARGIN + (index % BLOCKS_PER_ROW) * BLOCK_WIDTH,
    y: MARGIN + Math.floor(index / BLOCKS_PER_ROW) * BLOCK_HEIGHT,
  };
}

/** The top left corner of the lot square at `row`, `column` of a block whose corner is `origin`. */
export function lotCorner(
  origin: { x: number; y: number },
  row: number,
  column: number,
): { x: number; y: number } {
  return { x: origin.x + 7 + column * LOT_PITCH, y: origin.y + 22 + row * LOT_PITCH };
}
