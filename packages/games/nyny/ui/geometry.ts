/**
 * Where things sit in the city (an SVG of `CITY.width` × `CITY.height`): the twelve positions in a row, 1 on the left,
 * each with its tower above it on the ground line and its tile button below; between them, the band that marks the
 * runs that score. The ring's 12 and 1 are neighbours: the row is the ring cut open between them.
 */
export const CITY = {
  width: 560,
  height: 290,
  /** The centre of position 1's column, and the distance between two positions. */
  first: 36,
  step: 44,
  /** Where the towers stand. */
  ground: 196,
  /** The tallest a tower rises above the ground. */
  tallest: 156,
  /** The band marking scoring runs, under the ground. */
  runY: 208,
  runH: 16,
  /** The top of the positions' buttons. */
  slotY: 234,
};

/** A tile's size in the hand and in the pool (the positions and the box draw smaller ones). */
export const TILE_W = 40;
export const TILE_H = 52;

/** A position's tile in the row under the city. */
export const SLOT_W = 36;
export const SLOT_H = 48;

/** A tower's front face and how far its side recedes. */
export const TOWER_W = 32;
export const TOWER_DEPTH = 8;

/** The centre of position `index + 1`'s column. */
export function columnX(index: number): number {
  return CITY.first + index * CITY.step;
}

/**
 * The height of one floor in the city: 39 while it fits (a number's four tiles at most, stacked: 156), less once
 * the tallest tower would rise above `CITY.tallest`.
 */
export function cityFloor(skyline: readonly (readonly unknown[])[]): number {
  const tallest = Math.max(1, ...skyline.map((stack) => stack.length));
  return Math.min(39, CITY.tallest / tallest);
}

/**
 * A run of `length` positions from `start` (0..11) as the stretches of the row it covers, left to right: one, or two
 * when it goes round from 12 to 1 (the row is the ring cut open there).
 */
export function runStretches(start: number, length: number): { from: number; to: number }[] {
  const end = start + length - 1;
  if (end < 12) return [{ from: start, to: end }];
  return [
    { from: 0, to: end - 12 },
    { from: start, to: 11 },
  ];
}

/**
 * The far city drawn pale behind the towers, so that the row reads as a skyline: each building's left edge, width and
 * height (fixed: the same picture every time).
 */
export const BACKDROP: readonly (readonly [number, number, number])[] = [
  [4, 30, 70],
  [30, 22, 112],
  [50, 34, 58],
  [82, 26, 96],
  [104, 40, 74],
  [140, 24, 130],
  [162, 36, 64],
  [196, 28, 104],
  [222, 44, 84],
  [262, 24, 140],
  [284, 34, 66],
  [316, 30, 118],
  [344, 42, 78],
  [384, 26, 100],
  [408, 36, 60],
  [442, 28, 126],
  [468, 40, 88],
  [506, 26, 108],
  [530, 26, 70],
];

/**
 * The little skyline printed along a tile's foot, under its number (as the game's tiles picture a building): five
 * blocks of set widths and heights, in fractions of the tile, kept clear of its rounded corners. Only on tiles large
 * enough for it to read (the hand, the pool, the positions).
 */
export function tileSkyline(x: number, y: number, w: number, h: number): string {
  const foot = y + h - 3;
  const blocks: readonly (readonly [number, number])[] = [
    [0.16, 0.12],
    [0.14, 0.22],
    [0.2, 0.15],
    [0.12, 0.25],
    [0.16, 0.1],
  ];
  const n = (v: number) => Math.round(v * 10) / 10;
  let d = `M${n(x + w * 0.11)} ${n(foot)}`;
  for (const [width, height] of blocks) d += `V${n(foot - h * height)}h${n(w * width)}`;
  return `${d}V${n(foot)}z`;
}

/**
 * The size of the number printed on a tile `width` wide: 20, or less where its digits would run over the tile's edges
 * (a bold digit is about 0.62 em wide; the seat panels' small tiles showed "10" wider than the tile).
 */
export function numberFontSize(number: number, width: number): number {
  const digits = String(number).length;
  return Math.min(20, (width - 4) / (digits * 0.62));
}
