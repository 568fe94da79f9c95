import { CARD_NUMBERS, CITIES, MAX_FLOORS } from './components.js';

/** A seat's move (the JSON shapes below; the rules page says what each move does). */
export type ManhattanMove =
  | { type: 'select'; pieces: readonly number[] }
  | { type: 'build'; card: number; city: number; piece: number }
  | { type: 'discard'; card: number }
  | { type: 'skip' };

/** The chance moves: the deal at the start, and a reshuffle of the discard pile when a draw finds no card. */
export type ManhattanChance =
  { type: 'deal'; order: number[]; first: number } | { type: 'shuffle'; order: number[] };

// Move objects are shared and frozen, so listing legal moves allocates nothing but the list.

/** `buildMove(card, city, piece)`: the frozen build move. */
const BUILD_MOVES: readonly ManhattanMove[] = Array.from(
  { length: CARD_NUMBERS * CITIES * MAX_FLOORS },
  (_, k) =>
    Object.freeze({
      type: 'build',
      card: Math.floor(k / (CITIES * MAX_FLOORS)) + 1,
      city: (Math.floor(k / MAX_FLOORS) % CITIES) + 1,
      piece: (k % MAX_FLOORS) + 1,
    }),
);

export function buildMove(card: number, city: number, piece: number): ManhattanMove {
  return BUILD_MOVES[((card - 1) * CITIES + (city - 1)) * MAX_FLOORS + (piece - 1)] as ManhattanMove;
}

export const DISCARD_MOVES: readonly ManhattanMove[] = Array.from({ length: CARD_NUMBERS }, (_, k) =>
  Object.freeze({ type: 'discard', card: k + 1 }),
);

export const SKIP_MOVE: ManhattanMove = Object.freeze({ type: 'skip' });

/** A possible choice of pieces: how many of each size (index size - 1), and the move that chooses them. */
export interface Selection {
  counts: readonly number[];
  move: ManhattanMove;
}

/** Every way of choosing `total` pieces of sizes 1..4, in the order of their sorted piece lists. */
function selections(total: number): readonly Selection[] {
  const out: { counts: number[]; pieces: number[] }[] = [];
  const counts = [0, 0, 0, 0];
  const fill = (size: number, left: number): void => {
    if (size === MAX_FLOORS) {
      counts[size - 1] = left;
      const pieces = counts.flatMap((count, k) => new Array<number>(count).fill(k + 1));
      out.push({ counts: counts.slice(), pieces });
      return;
    }
    for (let count = left; count >= 0; count--) {
      counts[size - 1] = count;
      fill(size + 1, left - count);
    }
  };
  fill(1, total);
  // Lexicographic order of the sorted lists: [1,1,1,1,1,1] first, [4,4,4,...] last.
  out.sort((a, b) => {
    for (let k = 0; k < total; k++) {
      const d = (a.pieces[k] as number) - (b.pieces[k] as number);
      if (d !== 0) return d;
    }
    return 0;
  });
  return out.map(({ counts: c, pieces }) =>
    Object.freeze({
      counts: Object.freeze(c),
      move: Object.freeze({ type: 'select', pieces: Object.freeze(pieces) }),
    }),
  );
}

/** `SELECTIONS[total]`: the choices of 4 pieces (`sixrounds`) and of 6. */
export const SELECTIONS: Readonly<Record<number, readonly Selection[]>> = {
  4: selections(4),
  6: selections(6),
};

/** The fields each move type has besides `type` (for `readMove`). */
export const MOVE_SHAPES = {
  select: { required: ['pieces'] },
  build: { required: ['card', 'city', 'piece'] },
  discard: { required: ['card'] },
  skip: {},
} as const;

export const CHANCE_SHAPES = {
  deal: { required: ['order', 'first'] },
  shuffle: { required: ['order'] },
} as const;
