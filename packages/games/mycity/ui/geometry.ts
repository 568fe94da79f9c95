/**
 * Where a building goes on the board, as the board needs it: pure functions of squares (`[row, col]`, counted from 0),
 * no React. The shapes and their turning are the game's own (`turnShape`, `shapeKey` in `src/buildings.ts`).
 */
import { COLS, ROWS, shapeKey, type MyCityMove } from '@skyline/mycity';

export type Cell = [number, number];

/** A set of squares whatever their order: `"3,4 3,5 4,5"` (the same squares, the same key). */
export const cellsKey = (cells: readonly (readonly [number, number])[]): string =>
  cells
    .map(([r, c]) => `${r},${c}`)
    .sort()
    .join(' ');

/** The seat's build moves by the squares they cover (`cellsKey`): what the preview may drop, and nothing else. */
export function buildsBySquares(legalMoves: readonly MyCityMove[]): Map<string, MyCityMove> {
  const map = new Map<string, MyCityMove>();
  for (const move of legalMoves) if (move.type === 'build') map.set(cellsKey(move.cells), move);
  return map;
}

/** A turned shape (its top row and left column 0) put with its corner on `anchor`. */
export function placedAt(shape: readonly Cell[], anchor: Cell): Cell[] {
  return shape.map(([r, c]) => [r + anchor[0], c + anchor[1]] as Cell);
}

/** Whether some of `cells` is the square `cell`. */
export function coversSquare(cells: readonly Cell[] | null, cell: Cell): boolean {
  return cells?.some(([r, c]) => r === cell[0] && c === cell[1]) ?? false;
}

/**
 * The anchor that puts the turned shape's top-left square (the topmost row's leftmost) on (r, c), moved back inside
 * the board where the shape would stick out: the square pointed at is then covered whenever that fits.
 */
export function anchorCovering(shape: readonly Cell[], r: number, c: number): Cell {
  const first = [...shape].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
  const height = Math.max(0, ...shape.map(([dr]) => dr)) + 1;
  const width = Math.max(0, ...shape.map(([, dc]) => dc)) + 1;
  const top = r - (first?.[0] ?? 0);
  const left = c - (first?.[1] ?? 0);
  return [Math.max(0, Math.min(ROWS - height, top)), Math.max(0, Math.min(COLS - width, left))];
}

const STEPS: Record<string, Cell> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Where an arrow key moves the anchor (from the top-left square when there is none yet), kept on the board; `null`
 * for any other key.
 */
export function anchorStep(anchor: Cell | null, key: string): Cell | null {
  const step = STEPS[key];
  if (!step) return null;
  const [r, c] = anchor ?? [0, 0];
  return [Math.max(0, Math.min(ROWS - 1, r + step[0])), Math.max(0, Math.min(COLS - 1, c + step[1]))];
}

/**
 * A spot where the turned shape is legal ("show a spot"): the top-left corner of the first legal build in that turn,
 * or `null` where it fits nowhere turned so.
 */
export function legalAnchor(builds: Iterable<MyCityMove>, shape: readonly Cell[]): Cell | null {
  const want = shapeKey(shape);
  for (const move of builds) {
    if (move.type !== 'build') continue;
    if (shapeKey(move.cells) === want)
      return [Math.min(...move.cells.map(([r]) => r)), Math.min(...move.cells.map(([, c]) => c))];
  }
  return null;
}

/**
 * Each seat's building just built (its squares), among the moves just made, while it still stands on that seat's
 * board this episode (a new episode clears the boards, and the mark with them).
 */
export function justBuiltBySeat(
  recent: readonly { seat: number; move: Record<string, unknown> }[],
  boards: readonly (readonly { cells: readonly Cell[] }[])[],
): Map<number, Cell[]> {
  const out = new Map<number, Cell[]>();
  for (const { seat, move } of recent) {
    const cells = move.type === 'build' ? (move.cells as Cell[]) : null;
    if (cells && boards[seat]?.some((b) => cellsKey(b.cells) === cellsKey(cells))) out.set(seat, cells);
  }
  return out;
}

/**
 * Why the seat offered moves cannot build the revealed building: it fits nowhere on its board, turned any way (the
 * game's legal moves hold no build), and it may pass or stop (`'passOrStop'`), or only stop, its marker at 0
 * (`'stop'`). `null` when it may build, or when nothing is asked of it (moves already chosen, or not its game).
 */
export function fitsNowhere(legalMoves: readonly MyCityMove[]): 'passOrStop' | 'stop' | null {
  if (legalMoves.length === 0 || legalMoves.some((move) => move.type === 'build')) return null;
  return legalMoves.some((move) => move.type === 'pass') ? 'passOrStop' : 'stop';
}
