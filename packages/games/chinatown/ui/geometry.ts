/**
 * Where the city map draws things: the six blocks in rows of three (or two, on a phone) with streets between them and
 * around them, each block a grid of lot squares (a block's rows and columns are its data's, `blocks` in the game's
 * data file), in SVG user units.
 */

/** A lot square's pitch (its side plus the gap to the next one). */
export const LOT_PITCH = 34;
/** A block's outer size: four lots across and five down, with margins and the block's name above them. */
export const BLOCK_WIDTH = 4 * LOT_PITCH + 14;
export const BLOCK_HEIGHT = 5 * LOT_PITCH + 26;
/** The width of a street between two blocks. */
export const STREET = 16;
/** The street around the map: half a street, as if the city went on. */
export const MARGIN = STREET / 2;

/** A street's lane line, down its middle. */
export interface StreetLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * How the six blocks stand on the map: `columns` blocks to a row (three on a wide screen, two on a narrow one, where
 * three would shrink a lot's number below legibility), the map's size, and the streets between the blocks.
 */
export interface MapLayout {
  columns: number;
  width: number;
  height: number;
  viewBox: string;
  /** The top left corner of the `index`-th block (0-based, in the data's order: left to right, then the next row). */
  blockOrigin: (index: number) => { x: number; y: number };
  /** The middle lines of the streets between blocks, where the map paints their lane markings. */
  streetLines: readonly StreetLine[];
}

/** The six blocks, `columns` to a row, a street between blocks and half a street on every side. */
export function mapLayout(columns: number, blocks = 6): MapLayout {
  const rows = Math.ceil(blocks / columns);
  const width = columns * BLOCK_WIDTH + (columns - 1) * STREET + 2 * MARGIN;
  const height = rows * BLOCK_HEIGHT + (rows - 1) * STREET + 2 * MARGIN;
  const between = (k: number, block: number) => MARGIN + (k + 1) * block + k * STREET + STREET / 2;
  return {
    columns,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    blockOrigin: (index) => ({
      x: MARGIN + (index % columns) * (BLOCK_WIDTH + STREET),
      y: MARGIN + Math.floor(index / columns) * (BLOCK_HEIGHT + STREET),
    }),
    streetLines: [
      ...Array.from({ length: columns - 1 }, (_, k) => {
        const x = between(k, BLOCK_WIDTH);
        return { x1: x, y1: 0, x2: x, y2: height };
      }),
      ...Array.from({ length: rows - 1 }, (_, k) => {
        const y = between(k, BLOCK_HEIGHT);
        return { x1: 0, y1: y, x2: width, y2: y };
      }),
    ],
  };
}

/** Three blocks by two: the map on a screen wide enough. */
export const WIDE_MAP = mapLayout(3);
/** Two blocks by three: the map on a phone, its lots half as big again. */
export const NARROW_MAP = mapLayout(2);

/** The top left corner of the lot square at `row`, `column` of a block whose corner is `origin`. */
export function lotCorner(
  origin: { x: number; y: number },
  row: number,
  column: number,
): { x: number; y: number } {
  return { x: origin.x + 7 + column * LOT_PITCH, y: origin.y + 22 + row * LOT_PITCH };
}
