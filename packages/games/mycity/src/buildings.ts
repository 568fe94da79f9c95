/**
 * The 24 buildings (`data/mycity.json`, `buildings`) and every place each can go on the board. Inside the engine a
 * building is its index `0 .. 23` in the data (which is also the order of `BUILDING_IDS`); everything that leaves the
 * engine names it by id: `y1`..`b8`.
 */
import data from '../data/mycity.json' with { type: 'json' };
import { CONTACTS, COLS, ROWS, BY_THE_RIVER, WORDS, addBit, colOf, isGrass, rowOf, square } from './board.js';
import type { BuildMove } from './moves.js';

export type Building = number;
type Cell = readonly [number, number];

export const BUILDING_COUNT = data.buildings.length;
export const BUILDING_IDS: readonly string[] = data.buildings.map((b) => b.id);
export const BUILDING_KINDS: readonly string[] = data.buildings.map((b) => b.kind);
/** Each building's shape as printed on its card (its squares, the top row and left column 0), by building. */
export const BUILDING_SHAPES: readonly (readonly Cell[])[] = data.buildings.map((b) =>
  b.cells.map(([r, c]) => [r, c] as Cell),
);
const SHAPES = BUILDING_SHAPES;

const BUILDING_BY_ID = new Map(BUILDING_IDS.map((id, building) => [id, building]));

export function buildingId(building: Building): string {
  return BUILDING_IDS[building] as string;
}

/** The building named `id`, or `undefined` if no building has that id. */
export function buildingOf(id: unknown): Building | undefined {
  return typeof id === 'string' ? BUILDING_BY_ID.get(id) : undefined;
}

export function buildingSize(building: Building): number {
  return (SHAPES[building] as readonly Cell[]).length;
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes: turned a quarter-turn at a time, never mirrored

/** Moves a shape so that its top row and left column are 0, its cells in the order given. */
function toCorner(cells: readonly Cell[]): Cell[] {
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - top, c - left] as Cell);
}

/** Moves a shape so that its top row and left column are 0, cells in reading order. */
function normalise(cells: readonly Cell[]): Cell[] {
  return toCorner(cells).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** A shape's name whatever its position: `"0,0;0,1;1,1"`. */
export function shapeKey(cells: readonly Cell[]): string {
  return normalise(cells)
    .map(([r, c]) => `${r},${c}`)
    .join(';');
}

const quarterTurn = (cells: readonly Cell[]): Cell[] => cells.map(([r, c]) => [c, -r] as Cell);
const mirror = (cells: readonly Cell[]): Cell[] => cells.map(([r, c]) => [r, -c] as Cell);

/**
 * `cells` turned `quarterTurns` quarter-turns clockwise (any whole number: 4 is a full turn, −1 one counter-clockwise),
 * never mirrored, and moved so that its top row and left column are 0; the cell at each index stays at that index
 * (the board draws a turned card's squares in the card's order). The only rotation of the game: the placements below
 * and the board's preview both turn a shape with it.
 */
export function turnShape(cells: readonly Cell[], quarterTurns: number): [number, number][] {
  let shape = cells.slice();
  for (let k = 0; k < ((quarterTurns % 4) + 4) % 4; k++) shape = quarterTurn(shape);
  return toCorner(shape) as [number, number][];
}

/** The distinct shapes of `cells` turned 0, 1, 2 and 3 quarter-turns, normalised. */
function turns(cells: readonly Cell[]): Cell[][] {
  const out = new Map<string, Cell[]>();
  for (let k = 0; k < 4; k++) {
    const shape = normalise(turnShape(cells, k));
    out.set(shapeKey(shape), shape);
  }
  return [...out.values()];
}

/** The shapes a building may take (its turns). */
export const TURNED_SHAPES: readonly (readonly string[])[] = SHAPES.map((cells) =>
  turns(cells).map(shapeKey),
);

/** The shapes of a building's mirror image that are not also one of its turns (empty for a symmetric building). */
export const MIRRORED_SHAPES: readonly (readonly string[])[] = SHAPES.map((cells, building) =>
  turns(mirror(cells))
    .map(shapeKey)
    .filter((key) => !(TURNED_SHAPES[building] as readonly string[]).includes(key)),
);

// ---------------------------------------------------------------------------------------------------------------
// Placements: every set of grass squares a building can cover, each once

/**
 * One place a building can go on an empty board: the squares it covers (ascending, so in reading order), and as
 * bit sets of 4 words (`b0..b3`) those squares and the squares a building there would touch (`t0..t3`, itself
 * left out). The board's terrain never changes, so these are computed once.
 */
export interface Placement {
  readonly id: number;
  readonly building: Building;
  readonly squares: readonly number[];
  /** Whether one of its squares shares a side with the river (allowed as a first building). */
  readonly byTheRiver: boolean;
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly b3: number;
  readonly t0: number;
  readonly t1: number;
  readonly t2: number;
  readonly t3: number;
  /** The shared, frozen move that makes it. */
  readonly move: BuildMove;
}

if (WORDS !== 4) throw new Error('mycity: placements assume a board of 97 to 128 squares');

/** Every placement of every building, by global id. */
export const PLACEMENTS: Placement[] = [];
/** Each building's placements, in reading order of their first square. */
export const PLACEMENTS_OF: readonly Placement[][] = SHAPES.map(() => []);
const PLACEMENT_BY_SQUARES: readonly Map<string, Placement>[] = SHAPES.map(() => new Map());

export const squaresKey = (squares: readonly number[]): string => squares.join(',');

function makeBuildMove(squares: readonly number[]): BuildMove {
  const cells = squares.map((sq) => Object.freeze([rowOf(sq), colOf(sq)] as [number, number]));
  return Object.freeze({ type: 'build', cells: Object.freeze(cells) }) as BuildMove;
}

for (let building = 0; building < BUILDING_COUNT; building++) {
  const found: number[][] = [];
  for (const shape of turns(SHAPES[building] as readonly Cell[])) {
    const height = Math.max(...shape.map(([r]) => r)) + 1;
    const width = Math.max(...shape.map(([, c]) => c)) + 1;
    for (let top = 0; top + height <= ROWS; top++) {
      for (let left = 0; left + width <= COLS; left++) {
        const squares = shape.map(([r, c]) => square(top + r, left + c)).sort((a, b) => a - b);
        if (squares.every(isGrass)) found.push(squares);
      }
    }
  }
  found.sort((a, b) => {
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return (a[k] as number) - (b[k] as number);
    return 0;
  });
  for (const squares of found) {
    const key = squaresKey(squares);
    if ((PLACEMENT_BY_SQUARES[building] as Map<string, Placement>).has(key)) continue;
    const own = [0, 0, 0, 0];
    const touched = [0, 0, 0, 0];
    for (const sq of squares) addBit(own, sq);
    for (const sq of squares) {
      for (const other of CONTACTS[sq] as readonly number[])
        if (!squares.includes(other)) addBit(touched, other);
    }
    const placement: Placement = Object.freeze({
      id: PLACEMENTS.length,
      building,
      squares: Object.freeze(squares),
      byTheRiver: squares.some((sq) => BY_THE_RIVER[sq]),
      b0: own[0] as number,
      b1: own[1] as number,
      b2: own[2] as number,
      b3: own[3] as number,
      t0: touched[0] as number,
      t1: touched[1] as number,
      t2: touched[2] as number,
      t3: touched[3] as number,
      move: makeBuildMove(squares),
    });
    PLACEMENTS.push(placement);
    (PLACEMENTS_OF[building] as Placement[]).push(placement);
    (PLACEMENT_BY_SQUARES[building] as Map<string, Placement>).set(key, placement);
  }
}

/** The placement of `building` covering exactly `squares` (ascending), if it fits the grass of an empty board. */
export function placementOf(building: Building, squares: readonly number[]): Placement | undefined {
  return (PLACEMENT_BY_SQUARES[building] as Map<string, Placement>).get(squaresKey(squares));
}

/** The placement a shared move object stands for (the fast path of `applyInPlace`). */
const PLACEMENT_BY_MOVE = new Map<object, Placement>(PLACEMENTS.map((p) => [p.move, p]));

export function placementOfMove(move: object): Placement | undefined {
  return PLACEMENT_BY_MOVE.get(move);
}
