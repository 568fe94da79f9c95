import { COLS, ROWS, SQUARES, TERRAIN } from './board.js';
import type { Building } from './buildings.js';
import { EMPTY } from './state.js';

/** What a board shows at the end: trees and rocks still visible, grass squares (`.`) left empty. */
export interface Visible {
  trees: number;
  rocks: number;
  emptyGrass: number;
}

export function visible(board: readonly Building[]): Visible {
  let trees = 0;
  let rocks = 0;
  let emptyGrass = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if (board[sq] !== EMPTY) continue;
    const t = TERRAIN[sq];
    if (t === 'T') trees++;
    else if (t === 'R') rocks++;
    else if (t === '.') emptyGrass++;
  }
  return { trees, rocks, emptyGrass };
}

/** The rules page's "Scoring": marker + trees visible − rocks visible − empty grass squares. */
const total = (marker: number, { trees, rocks, emptyGrass }: Visible): number =>
  marker + trees - rocks - emptyGrass;

/** An episode's score (the rules page, "Scoring"): marker + trees visible − rocks visible − empty grass squares. */
export function episodeScore(board: readonly Building[], marker: number): number {
  return total(marker, visible(board));
}

/** A board's score if the episode ended now, with the parts it adds up (the board's score table shows them). */
export interface CityScore {
  marker: number;
  trees: number;
  rocks: number;
  /** Grass squares (`.`) left empty. */
  empty: number;
  total: number;
}

/**
 * The score of a board as views show it (its buildings, each by the `[row, col]` squares it covers) if the episode
 * ended now, in its parts: what the board's score table shows while an episode is played.
 */
export function scoreCity(
  built: readonly { readonly cells: readonly (readonly [number, number])[] }[],
  marker: number,
): CityScore {
  const board = new Array<Building>(SQUARES).fill(EMPTY);
  // Only whether a square is covered counts: each building is marked by its place in the list, whatever it is.
  built.forEach((building, k) => {
    for (const [r, c] of building.cells) board[r * COLS + c] = k;
  });
  const seen = visible(board);
  return { marker, trees: seen.trees, rocks: seen.rocks, empty: seen.emptyGrass, total: total(marker, seen) };
}

/** The grass squares (`.`) left empty in each row, top row first (the tie-break, spec **Decision**). */
export function emptyGrassByRow(board: readonly Building[]): number[] {
  const rows = new Array<number>(ROWS).fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    if (board[sq] === EMPTY && TERRAIN[sq] === '.') {
      const row = (sq / COLS) | 0;
      rows[row] = (rows[row] as number) + 1;
    }
  }
  return rows;
}

/**
 * The seats among `tied` with the fewest empty grass squares in row 0, then among those in row 1, and so on; seats
 * still tied after the last row share the win.
 */
export function breakTie(boards: readonly (readonly Building[])[], tied: readonly number[]): number[] {
  const rows = new Map(tied.map((seat) => [seat, emptyGrassByRow(boards[seat] as readonly Building[])]));
  let left = tied.slice();
  for (let row = 0; row < ROWS && left.length > 1; row++) {
    const fewest = Math.min(...left.map((seat) => rows.get(seat)?.[row] as number));
    left = left.filter((seat) => rows.get(seat)?.[row] === fewest);
  }
  return left;
}
