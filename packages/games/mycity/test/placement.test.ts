/**
 * The placement rules (the rules page, "A turn", build): the building's shape turned but never mirrored,
 * on the board, on grass, on free squares; the first building against the river; every later one touching an
 * earlier one, across the river included.
 *
 * The board, for reading the coordinates below (`.` grass, `T` tree, `R` rock, `~` river, `M` mountain, `F` forest):
 *
 *          col 0 1 2 3 4 5 6 7 8 9 10 11
 *     row 0    M M . . T . ~ . . R F  F
 *     row 1    M . . R . . ~ . T . .  F
 *     row 2    M . T . . ~ ~ . . . R  F
 *     row 3    . . . . . ~ . . T . .  F
 *     row 4    . R . . T ~ . R . . .  .
 *     row 5    . . . T . ~ ~ . . . T  .
 *     row 6    M . R . . . ~ . . R .  .
 *     row 7    M . . . R . ~ ~ . . T  F
 *     row 8    M T . . . . . ~ R . .  F
 *     row 9    M M . R . . T ~ . . F  F
 */
import {
  BUILDING_IDS,
  BUILDING_SHAPES,
  MIRRORED_SHAPES,
  TURNED_SHAPES,
  mycity,
  shapeKey,
  turnShape,
  type MyCityState,
} from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import data from '../data/mycity.json' with { type: 'json' };
import { CHANCE, STOP, build, dealOf, expectLegal, expectRefused, newGame, play } from './helpers.js';

type Cells = [number, number][];

/** A game of 2 seats whose deck reveals `cards` first; seat 1 stops at once, so seat 0 builds alone. */
function soloGame(...cards: string[]): MyCityState {
  return play(newGame(2), [CHANCE, dealOf(...cards)]);
}

/** Seat 0 builds `cells` on the revealed card (seat 1 stops on the first card, and is out). */
function builds(state: MyCityState, cells: Cells): MyCityState {
  const steps: [number, unknown][] = [[0, build(...cells)]];
  if (state.card === 0) steps.push([1, STOP]);
  return play(state, ...steps);
}

// Test-local geometry, written from the rule text (independent of the engine's).
const turn = (cells: Cells): Cells => cells.map(([r, c]) => [c, -r]);
const flip = (cells: Cells): Cells => cells.map(([r, c]) => [r, -c]);
/** The cells moved so that their top row is `top` and their left column is `left`. */
function at(cells: Cells, top: number, left: number): Cells {
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - r0 + top, c - c0 + left]);
}
const shapeOf = (id: string): Cells =>
  (data.buildings.find((b) => b.id === id)?.cells ?? []).map(([r, c]) => [r, c] as [number, number]);
const key = (cells: Cells): string =>
  at(cells, 0, 0)
    .map(([r, c]) => `${r},${c}`)
    .sort()
    .join(';');

describe('shapes: turned, never mirrored', () => {
  // Chiral pieces, by looking at the data: S, Z, L and J tetrominoes; P, F, N, Y, L and S pentominoes; the L hexomino.
  const CHIRAL = ['y5', 'y6', 'y7', 'y8', 'r2', 'r6', 'r7', 'r8', 'b1', 'b4', 'b7'];

  it('exactly the chiral buildings have a mirror image that is none of their turns', () => {
    const chiral = BUILDING_IDS.filter((_, b) => (MIRRORED_SHAPES[b] ?? []).length > 0);
    expect(chiral).toEqual(CHIRAL);
    for (const id of BUILDING_IDS) {
      const shape = shapeOf(id);
      const turns = [shape, turn(shape), turn(turn(shape)), turn(turn(turn(shape)))].map(key);
      const mirrorIsATurn = [0, 1, 2, 3].some((k) => {
        let m = flip(shape);
        for (let t = 0; t < k; t++) m = turn(m);
        return turns.includes(key(m));
      });
      expect(mirrorIsATurn, id).toBe(!CHIRAL.includes(id));
    }
  });

  it.each(['y5', 'y6', 'y7', 'y8', 'r2', 'r6', 'r7', 'r8', 'b1', 'b4', 'b7'])(
    'mirrored %s is refused, in each of its four turns',
    (id) => {
      const state = soloGame(id);
      let mirrored = flip(shapeOf(id));
      for (let k = 0; k < 4; k++) {
        // Rows 3.. columns 6.., right of the river: some cells of these may be off grass, the shape is judged first.
        expectRefused(
          state,
          0,
          build(...at(mirrored, 3, 6)),
          `these squares make building ${id} mirrored: it may be turned, never flipped over`,
        );
        mirrored = turn(mirrored);
      }
    },
  );

  it('every building is accepted in each of its four turns (first building by the river)', () => {
    // The S tetromino y5 ([0,1],[0,2],[1,0],[1,1]) turned 0..3 times, each time against the river at column 5.
    const y5 = soloGame('y5');
    expectLegal(y5, 0, build([3, 3], [3, 4], [4, 2], [4, 3])); // as drawn; [3,4] is next to the river
    expectLegal(y5, 0, build([2, 3], [3, 3], [3, 4], [4, 4])); // a quarter-turn
    expectLegal(y5, 0, build([5, 3], [5, 4], [6, 2], [6, 3])); // a half-turn is the same shape again
    expectLegal(y5, 0, build([0, 7], [1, 7], [1, 8], [2, 8]));
    // The L tetromino y7 in its four turns.
    const y7 = soloGame('y7');
    expectLegal(y7, 0, build([1, 3], [2, 3], [3, 3], [3, 4])); // as drawn: [0,0],[1,0],[2,0],[2,1]
    expectLegal(y7, 0, build([0, 7], [1, 7], [2, 7], [2, 8]));
    expectLegal(y7, 0, build([3, 6], [3, 7], [3, 8], [4, 6])); // a quarter-turn: [0,0],[0,1],[0,2],[1,0]
    expectLegal(y7, 0, build([5, 7], [5, 8], [6, 8], [7, 8])); // a half-turn: [0,0],[0,1],[1,1],[2,1]
    expectLegal(y7, 0, build([3, 8], [4, 6], [4, 7], [4, 8])); // three quarter-turns: [0,2],[1,0],[1,1],[1,2]
    for (const id of BUILDING_IDS) {
      const state = soloGame(id);
      let shape = shapeOf(id);
      for (let k = 0; k < 4; k++) {
        const reason = mycity.validate(state, 0, build(...at(shape, 3, 6)));
        expect(reason ?? '', `${id} turned ${k} times`).not.toMatch(/mirror|shape/);
        shape = turn(shape);
      }
    }
  });

  it('turnShape turns a card a quarter-turn clockwise at a time, to the top-left corner, each square at its index', () => {
    // The L tetromino y7 as drawn: [0,0],[1,0],[2,0],[2,1]; a quarter-turn: [0,0],[0,1],[0,2],[1,0] (as above).
    expect(turnShape(shapeOf('y7'), 1)).toEqual([
      [0, 2],
      [0, 1],
      [0, 0],
      [1, 0],
    ]);
    // y8 is drawn out of reading order ([0,1],[1,1],[2,1],[2,0]): its squares stay in the card's order, as the
    // board draws them.
    expect(turnShape(shapeOf('y8'), 0)).toEqual(shapeOf('y8'));
    expect(turnShape(shapeOf('y8'), 2)).toEqual([
      [2, 0],
      [1, 0],
      [0, 0],
      [0, 1],
    ]);
    for (const id of BUILDING_IDS) {
      const shape = shapeOf(id);
      // Four quarter-turns are a whole turn; a turn back is three forward; 5 is 1; each turn is the rule text's.
      expect(turnShape(shape, 4), id).toEqual(shape);
      expect(turnShape(shape, -1), id).toEqual(turnShape(shape, 3));
      expect(turnShape(shape, 5), id).toEqual(turnShape(shape, 1));
      expect(turnShape(shape, 1), id).toEqual(at(turn(shape), 0, 0));
    }
  });

  it('the board turning a card with turnShape only ever shows shapes the game accepts, never a mirror image', () => {
    BUILDING_IDS.forEach((id, building) => {
      expect(BUILDING_SHAPES[building], id).toEqual(shapeOf(id));
      const shown = new Set([0, 1, 2, 3].map((k) => shapeKey(turnShape(shapeOf(id), k))));
      expect([...shown].sort(), id).toEqual([...(TURNED_SHAPES[building] ?? [])].sort());
      for (const mirrored of MIRRORED_SHAPES[building] ?? []) expect(shown.has(mirrored), id).toBe(false);
    });
  });

  it('squares that make another shape, or too few or too many, are refused', () => {
    const state = soloGame('y3');
    expectRefused(
      state,
      0,
      build([3, 6], [3, 7], [3, 8], [3, 9]),
      'these squares do not make the shape of building y3, even turned',
    );
    expectRefused(state, 0, build([3, 6], [3, 7], [4, 6]), 'building y3 covers 4 squares, not 3');
    expectRefused(
      state,
      0,
      build([3, 6], [3, 7], [4, 6], [4, 7], [4, 8]),
      'building y3 covers 4 squares, not 5',
    );
  });

  it('cells may be given in any order: the move is the set of squares covered', () => {
    const state = soloGame('y3');
    expectLegal(state, 0, build([4, 7], [3, 6], [4, 6], [3, 7]));
    const after = builds(state, [
      [4, 7],
      [3, 6],
      [4, 6],
      [3, 7],
    ]);
    expect(mycity.view(after, 0).boards[0]).toEqual([
      {
        id: 'y3',
        cells: [
          [3, 6],
          [3, 7],
          [4, 6],
          [4, 7],
        ],
      },
    ]);
  });
});

describe('squares: on the board, on grass, free', () => {
  const state = soloGame('y1', 'y3');

  it('malformed cells are refused with the shape of a square', () => {
    expectRefused(state, 0, { type: 'build', cells: 'a1' }, /^"cells" must list the \[row, col\] squares/);
    expectRefused(state, 0, build([3, 6], [3, 7], [3] as unknown as [number, number]), /^cells\[2\] must be/);
    expectRefused(state, 0, build([3, 6], [3, 7], [3, 8.5]), /^cells\[2\] must be/);
    expectRefused(state, 0, { type: 'build' }, 'a build move needs "cells"');
    expectRefused(
      state,
      0,
      {
        type: 'build',
        cells: [
          [3, 6],
          [3, 7],
          [3, 8],
        ],
        building: 'y1',
      },
      /no field/,
    );
  });

  it('a square off the board is refused', () => {
    expectRefused(
      state,
      0,
      build([9, 8], [10, 8], [11, 8]),
      'square [10, 8] is not on the board (rows 0 to 9, columns 0 to 11)',
    );
    expectRefused(state, 0, build([4, 10], [4, 11], [4, 12]), /^square \[4, 12\] is not on the board/);
    expectRefused(state, 0, build([-1, 7], [0, 7], [1, 7]), /^square \[-1, 7\] is not on the board/);
  });

  it('a square listed twice is refused', () => {
    expectRefused(state, 0, build([3, 6], [3, 7], [3, 6]), 'square [3, 6] is listed twice');
  });

  it('river, mountain and forest squares are refused; trees and rocks are grass', () => {
    expectRefused(
      state,
      0,
      build([3, 4], [3, 5], [3, 6]),
      'square [3, 5] is river: buildings go on grass only',
    );
    expectRefused(
      state,
      0,
      build([6, 0], [6, 1], [6, 2]),
      'square [6, 0] is a mountain: buildings go on grass only',
    );
    expectRefused(
      state,
      0,
      build([3, 9], [3, 10], [3, 11]),
      'square [3, 11] is a forest: buildings go on grass only',
    );
  });

  it('a tree and a rock square can be built on', () => {
    expectLegal(state, 0, build([0, 7], [0, 8], [0, 9])); // [0, 9] is a rock
    expectLegal(state, 0, build([3, 2], [3, 3], [3, 4])); // next to the river at [3, 5]
    expectLegal(state, 0, build([3, 4], [4, 4], [5, 4])); // [4, 4] is a tree
  });

  it('a square already covered is refused', () => {
    const after = builds(state, [
      [3, 2],
      [3, 3],
      [3, 4],
    ]);
    expectRefused(
      after,
      0,
      build([3, 4], [3, 3], [4, 4], [4, 3]),
      'square [3, 4] is already covered by your building y1',
    );
  });
});
