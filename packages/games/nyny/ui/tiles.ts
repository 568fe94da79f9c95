/** How the board draws and names a tile: its face as the rules read its id, in the board's colours and words. */
import type { NynyView } from '@skyline/nyny';
import { tileFace } from '@skyline/nyny/board';
import type { T } from './words.js';

/** Each colour letter's fill, and the ink that reads on it. */
const FILL: Record<string, string> = { r: '#d33b2c', b: '#2f6fd1', y: '#e8b923', g: '#2e9a4a' };
const INK: Record<string, string> = { r: '#fff', b: '#fff', y: '#222', g: '#fff' };
/** What is drawn for a colour the board does not know (never a tile the rules dealt). */
const NO_FILL = '#999999';

/** A tile's colour letter (`r`, `b`, `y`, `g`), or '' for an id that names no tile. */
export const colourOf = (tile: string): string => tileFace(tile)?.colour ?? '';

/** The number on a tile (1 to 12, also its position on the skyline). */
export const numberOf = (tile: string): number => tileFace(tile)?.number ?? Number.NaN;

/** A tile's fill colour (as `#rrggbb`: a tower's shades are mixed from it). */
export const tileFill = (tile: string): string => FILL[colourOf(tile)] ?? NO_FILL;

/** The colour of the number printed on a tile. */
export const tileInk = (tile: string): string => INK[colourOf(tile)] ?? '#fff';

/** A tile in words: "Red 7". */
export function tileName(tile: string, t: T): string {
  return `${t(`colour.${colourOf(tile)}` as 'colour.r')} ${numberOf(tile)}`;
}

/** A seat's colour (the one its top tiles score), for its swatch. */
export const seatColour = (view: NynyView, seat: number): string =>
  FILL[view.options.colours[seat] ?? ''] ?? '#888';
