/**
 * The board's own arithmetic (`ui/geometry.ts`, `ui/names.ts`): where the building goes under the pointer, the arrow
 * keys and "show a spot", which building was just built, and buildings and squares in words. Pure functions of
 * squares; what the board draws from them is checked in the browser (packages/web/test/e2e/mycity*.test.ts).
 */
import { COLS, ROWS, mycity, turnShape, type MyCityMove } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import {
  anchorCovering,
  anchorStep,
  buildsBySquares,
  cellsKey,
  coversSquare,
  justBuiltBySeat,
  legalAnchor,
  placedAt,
  type Cell,
} from '../ui/geometry.js';
import { buildingName, placeName } from '../ui/names.js';
import type { T } from '../ui/words.js';
import { CHANCE, dealOf, newGame, play } from './helpers.js';

/** Words as keys and parameters, to read what was asked of them. */
const t = ((key: string, params?: Record<string, string | number>) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')})`
    : key) as T;

const y7: Cell[] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [2, 1],
];

describe('the building under the pointer', () => {
  it('puts the shape’s top-left square on the square pointed at', () => {
    expect(anchorCovering(y7, 3, 4)).toEqual([3, 4]);
    expect(placedAt(y7, anchorCovering(y7, 3, 4))).toEqual([
      [3, 4],
      [4, 4],
      [5, 4],
      [5, 5],
    ]);
    // Turned once, the L's top-left square is [0, 0] of [0,0],[0,1],[0,2],[1,0] (turnShape keeps the card's order).
    const turned = turnShape(y7, 1);
    expect(placedAt(turned, anchorCovering(turned, 2, 2))).toContainEqual([2, 2]);
    // The S tetromino y5 [0,1],[0,2],[1,0],[1,1]: its top-left square is [0, 1], so the anchor is one column left.
    expect(
      anchorCovering(
        [
          [0, 1],
          [0, 2],
          [1, 0],
          [1, 1],
        ],
        4,
        4,
      ),
    ).toEqual([4, 3]);
  });

  it('moves the building back inside the board where it would stick out, so that it stays whole', () => {
    // Three rows high, two columns wide: at the bottom-right corner it starts 3 rows up and 2 columns left.
    expect(anchorCovering(y7, ROWS - 1, COLS - 1)).toEqual([ROWS - 3, COLS - 2]);
    expect(anchorCovering(y7, 0, 0)).toEqual([0, 0]);
    const cells = placedAt(y7, anchorCovering(y7, ROWS - 1, COLS - 1));
    for (const [r, c] of cells) expect(r < ROWS && c < COLS && r >= 0 && c >= 0).toBe(true);
  });

  it('tells a square the building stands on from one it does not', () => {
    const cells = placedAt(y7, [3, 4]);
    expect(coversSquare(cells, [5, 5])).toBe(true);
    expect(coversSquare(cells, [3, 5])).toBe(false);
    expect(coversSquare(null, [3, 4])).toBe(false);
  });
});

describe('the arrow keys', () => {
  it('move the anchor a square at a time from the top-left corner, never off the board', () => {
    expect(anchorStep(null, 'ArrowDown')).toEqual([1, 0]);
    expect(anchorStep(null, 'ArrowUp')).toEqual([0, 0]);
    expect(anchorStep([4, 4], 'ArrowLeft')).toEqual([4, 3]);
    expect(anchorStep([4, 4], 'ArrowRight')).toEqual([4, 5]);
    expect(anchorStep([ROWS - 1, COLS - 1], 'ArrowRight')).toEqual([ROWS - 1, COLS - 1]);
    expect(anchorStep([ROWS - 1, COLS - 1], 'ArrowDown')).toEqual([ROWS - 1, COLS - 1]);
    expect(anchorStep([4, 4], 'r')).toBeNull();
    expect(anchorStep([4, 4], 'Enter')).toBeNull();
  });
});

describe('the legal moves, by the squares they cover', () => {
  const state = play(newGame(2), [CHANCE, dealOf('y7')]);
  const moves = mycity.legalMoves(state, 0);
  const builds = buildsBySquares(moves);

  it('finds a build move whatever the order of the squares, and offers nothing else', () => {
    expect(builds.size).toBe(moves.filter((m) => m.type === 'build').length);
    const some = moves.find((m) => m.type === 'build') as Extract<MyCityMove, { type: 'build' }>;
    expect(builds.get(cellsKey([...some.cells].reverse()))).toBe(some);
    expect(builds.get(cellsKey(placedAt(y7, [0, 0])))).toBeUndefined(); // the mountains of the top-left corner
  });

  it('"show a spot" puts the building, turned as it is, where a legal move builds it', () => {
    for (let turns = 0; turns < 4; turns++) {
      const shape = turnShape(y7, turns);
      const anchor = legalAnchor(builds.values(), shape);
      expect(anchor, `turned ${turns} times`).not.toBeNull();
      expect(builds.get(cellsKey(placedAt(shape, anchor as Cell)))).toBeDefined();
    }
    expect(legalAnchor([{ type: 'pass' }, { type: 'stop' }], y7)).toBeNull();
  });
});

describe('the building just built', () => {
  const boards = [[{ cells: placedAt(y7, [3, 4]) }], []];

  it('is marked on its seat’s board while it stands there, and not once the boards are cleared', () => {
    const recent = [
      { seat: 0, move: { type: 'build', cells: placedAt(y7, [3, 4]).reverse() } },
      { seat: 1, move: { type: 'pass' } },
    ];
    expect(justBuiltBySeat(recent, boards)).toEqual(new Map([[0, placedAt(y7, [3, 4]).reverse()]]));
    expect(justBuiltBySeat(recent, [[], []])).toEqual(new Map());
    expect(justBuiltBySeat([], boards)).toEqual(new Map());
  });
});

describe('buildings and squares in words', () => {
  it('names a building by its kind and number, and where it stands (rows and columns counted from 1)', () => {
    expect(buildingName('r2', t)).toBe('mycity.buildingName(kind=mycity.kind.public, n=2)');
    expect(buildingName('y7', t, placedAt(y7, [3, 4]))).toBe(
      'mycity.buildingAt(name=mycity.buildingName(kind=mycity.kind.residential, n=7), where=mycity.place(rows=4–6, cols=5–6))',
    );
    expect(buildingName('b1', t, [])).toBe('mycity.buildingName(kind=mycity.kind.industrial, n=1)');
  });

  it('says a single row or column as one number, a span as low–high', () => {
    expect(placeName([[0, 2]], t)).toBe('mycity.place(rows=1, cols=3)');
    expect(
      placeName(
        [
          [0, 2],
          [0, 3],
          [0, 4],
        ],
        t,
      ),
    ).toBe('mycity.place(rows=1, cols=3–5)');
  });
});
