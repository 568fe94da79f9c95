/**
 * Where the city map draws things: the six blocks in two rows of three with streets between them and around them,
 * each block a grid of lot squares (a block's rows and columns are its data's, `blocks` in the game's data file), in
 * SVG user units.
 */

/** A lot square's pitch (its side plus the gap to the next one). */
export const LOT_PITCH = 34;
/** A block's outer size: four lots across and five down, with margins and the block's name above them. */
export const BLOCK_WIDTH = 4 * LOT_PITCH + 14;
export const BLOCK_HEIGHT = 5 * LOT_PITCH + 26;
/** How many blocks stand in a row of the map. */
const BLOCKS_PER_ROW = 3;
/** The width of a street between two blocks. */
export const STREET = 16;
/** The street around the map: half a street, as if the city went on. */
export const MARGIN = STREET / 2;

/** The map's size: three blocks by two, a street between blocks, the margin on every side. */
export const MAP_WIDTH = BLOCKS_PER_ROW * BLOCK_WIDTH + (BLOCKS_PER_ROW - 1) * STREET + 2 * MARGIN;
export const MAP_HEIGHT = 2 * BLOCK_HEIGHT + STREET + 2 * MARGIN;
export const MAP_VIEW_BOX = `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`;

/** The top left corner of the `index`-th block (0-based, in the data's order: left to right, then the next row). */
export function blockOrigin(index: number): { x: number; y: number } {
  return {
    x: MARGIN + (index % BLOCKS_PER_ROW) * (BLOCK_WIDTH + STREET),
    y: MARGIN + Math.floor(index / BLOCKS_PER_ROW) * (BLOCK_HEIGHT + STREET),
  };
}

/** The middle lines of the streets between blocks, where the map paints their lane markings. */
export const STREET_LINES: readonly { x1: number; y1: number; x2: number; y2: number }[] = [
  ...Array.from({ length: BLOCKS_PER_ROW - 1 }, (_, k) => {
    const x = MARGIN + (k + 1) * BLOCK_WIDTH + k * STREET + STREET / 2;
    return { x1: x, y1: 0, x2: x, y2: MAP_HEIGHT };
  }),
  { x1: 0, y1: MARGIN + BLOCK_HEIGHT + STREET / 2, x2: MAP_WIDTH, y2: MARGIN + BLOCK_HEIGHT + STREET / 2 },
];

/** The top left corner of the lot square at `row`, `column` of a block whose corner is `origin`. */
export function lotCorner(
  origin: { x: number; y: number },
  row: number,
  column: number,
): { x: number; y: number } {
  return { x: origin.x + 7 + column * LOT_PITCH, y: origin.y + 22 + row * LOT_PITCH };
}
