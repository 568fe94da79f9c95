/**
 * My City: the episode's score as if it ended now (marker, trees kept, rocks covered, grass left empty), plus what
 * staying in is still worth (grass that later cards may cover, fewer as the deck runs out: know when to stop), minus
 * the holes — empty grass squares walled in, which no building will ever fill.
 */
import type { Heuristic, Seat } from '@skyline/engine';
import { COLS, ROWS, TERRAIN, type MyCityView } from '../index.js';

const OPTION_PER_SQUARE = 0.35;
const SQUARES_PER_CARD = 3;
const HOLE = 0.6;

export const mycityHeuristic: Heuristic = {
  evaluate(raw: unknown, seat: Seat): number {
    const view = raw as MyCityView;
    let value = view.scores[seat] as number;
    if (view.phase === 'over') return value;
    const built = new Uint8Array(ROWS * COLS);
    for (const building of view.boards[seat] ?? []) {
      for (const [row, col] of building.cells) built[row * COLS + col] = 1;
    }
    const open = (sq: number) =>
      !built[sq] && (TERRAIN[sq] === '.' || TERRAIN[sq] === 'T' || TERRAIN[sq] === 'R');
    let emptyGrass = 0;
    let holes = 0;
    for (let sq = 0; sq < ROWS * COLS; sq++) {
      if (built[sq] || TERRAIN[sq] !== '.') continue;
      emptyGrass++;
      const row = (sq / COLS) | 0;
      const col = sq % COLS;
      const walled =
        (row === 0 || !open(sq - COLS)) &&
        (row === ROWS - 1 || !open(sq + COLS)) &&
        (col === 0 || !open(sq - 1)) &&
        (col === COLS - 1 || !open(sq + 1));
      if (walled) holes++;
    }
    value -= HOLE * holes;
    if (!view.stopped[seat]) {
      value += OPTION_PER_SQUARE * Math.min(emptyGrass, SQUARES_PER_CARD * view.deckSize);
    }
    return value;
  },
};
