/**
 * The board every seat has a copy of (`data/mycity.json`, `board`). Inside the engine a square is a number
 * `row * COLS + col`; moves, views and logs name it `[row, col]`.
 */
import data from '../data/mycity.json' with { type: 'json' };

export const ROWS: number = data.rows;
export const COLS: number = data.cols;
export const SQUARES = ROWS * COLS;
export const START_MARKER: number = data.startScore;

/** What a square shows: one character of the board (`.`, `T`, `R`, `~`, `M` or `F`). */
export type Terrain = '.' | 'T' | 'R' | '~' | 'M' | 'F';

export const TERRAIN: readonly Terrain[] = data.board.flatMap((row) => [...row] as Terrain[]);
if (TERRAIN.length !== SQUARES) throw new Error('mycity: the board does not have rows × cols squares');

const TERRAIN_NAMES: Record<Terrain, string> = {
  '.': 'grass',
  T: 'a tree',
  R: 'a rock',
  '~': 'river',
  M: 'a mountain',
  F: 'a forest',
};

export function terrainName(square: number): string {
  return TERRAIN_NAMES[TERRAIN[square] as Terrain];
}

export const square = (row: number, col: number): number => row * COLS + col;
export const rowOf = (sq: number): number => (sq / COLS) | 0;
export const colOf = (sq: number): number => sq % COLS;

/** Grass (`.`), grass with a tree (`T`) or grass with a rock (`R`): the only squares that can be built on. */
export function isGrass(sq: number): boolean {
  const t = TERRAIN[sq];
  return t === '.' || t === 'T' || t === 'R';
}

const isRiver = (sq: number): boolean => TERRAIN[sq] === '~';

const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/** Whether a square shares a side with a river square (a first building must have such a square). */
export const BY_THE_RIVER: readonly boolean[] = TERRAIN.map((_, sq) =>
  DIRECTIONS.some(([dr, dc]) => {
    const r = rowOf(sq) + dr;
    const c = colOf(sq) + dc;
    return r >= 0 && r < ROWS && c >= 0 && c < COLS && isRiver(square(r, c));
  }),
);

/**
 * For each grass square, the grass squares a building there touches: the four that share a side with it, and, in
 * each direction where the river starts right next to it, the first square past the river (they face each other
 * across it: same row or column, only river between them; spec **Decision**).
 */
export const CONTACTS: readonly (readonly number[])[] = TERRAIN.map((_, sq) => {
  if (!isGrass(sq)) return [];
  const out: number[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    let r = rowOf(sq) + dr;
    let c = colOf(sq) + dc;
    while (r >= 0 && r < ROWS && c >= 0 && c < COLS && isRiver(square(r, c))) {
      r += dr;
      c += dc;
    }
    if (r >= 0 && r < ROWS && c >= 0 && c < COLS && isGrass(square(r, c))) out.push(square(r, c));
  }
  return out;
});

/** Words of the bit sets of squares (a set of squares is `WORDS` 32-bit integers). */
export const WORDS = Math.ceil(SQUARES / 32);

export function addBit(bits: number[], sq: number): void {
  bits[sq >> 5] = (bits[sq >> 5] as number) | (1 << (sq & 31));
}
