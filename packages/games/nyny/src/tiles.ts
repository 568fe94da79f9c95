/**
 * The 48 tiles. Inside the engine a tile is a number `0 .. 47` (colour * 12 + number - 1), which keeps states small
 * and playouts fast; everything that leaves the engine (moves, views, logs) names tiles by id: `r1`..`g12`.
 */

/** Colour letters in tile-number order: red, blue, yellow, green. */
export const COLOURS = ['r', 'b', 'y', 'g'] as const;
export type Colour = (typeof COLOURS)[number];

export const TILE_COUNT = 48;
export const POSITIONS = 12;
export const HAND_SIZE = 6;
export const POOL_SIZE = 6;

export type Tile = number;

export function tileColour(tile: Tile): number {
  return (tile / 12) | 0;
}

/** The tile's number, 1 to 12, which is also its skyline position. */
export function tileNumber(tile: Tile): number {
  return (tile % 12) + 1;
}

export const TILE_IDS: readonly string[] = Array.from(
  { length: TILE_COUNT },
  (_, tile) => `${COLOURS[tileColour(tile)]}${tileNumber(tile)}`,
);

const TILE_BY_ID = new Map(TILE_IDS.map((id, tile) => [id, tile]));

export function tileId(tile: Tile): string {
  return TILE_IDS[tile] as string;
}

/** The tile named `id`, or `undefined` if no tile has that id. */
export function tileOf(id: unknown): Tile | undefined {
  return typeof id === 'string' ? TILE_BY_ID.get(id) : undefined;
}

/**
 * The colour letter and the number (1 to 12, also its skyline position) of the tile named `id`, or `undefined` if no
 * tile has that id: what a tile shows on its face.
 */
export function tileFace(id: unknown): { colour: Colour; number: number } | undefined {
  const tile = tileOf(id);
  return tile === undefined
    ? undefined
    : { colour: COLOURS[tileColour(tile)] as Colour, number: tileNumber(tile) };
}

export function colourIndex(letter: Colour): number {
  return COLOURS.indexOf(letter);
}
