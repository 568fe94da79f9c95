/** What the board reads from the rules (`@skyline/manhattan/board`): lots and the round's score as the rules see them. */
import { manhattan, scoreBoard } from '@skyline/manhattan';
import { lotsOfView, scoreView } from '@skyline/manhattan/board';
import { describe, expect, it } from 'vitest';
import { startBuild, withStacks, type StackSpec } from './helpers.js';

const STACKS: StackSpec[] = [
  [1, 1, [0, 1]],
  [1, 2, [1, 2], [0, 3]],
  [2, 5, [1, 4]],
  [6, 9, [0, 2], [1, 2]],
];

describe("the board's reading of a view (the ./board entry point)", () => {
  it("derives each lot's owner and height from a view's stacks as the rules keep them", () => {
    const state = withStacks(
      startBuild(2, [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
      STACKS,
    );
    const view = manhattan.view(state, 0);
    expect(lotsOfView(view.board, view.players)).toEqual({ owners: state.owners, heights: state.heights });
  });

  it("scores a view's board as the rules score the state, point by point", () => {
    const state = withStacks(
      startBuild(2, [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
      STACKS,
    );
    const view = manhattan.view(state, 1);
    const round = scoreBoard(2, state.owners, state.heights);
    const score = scoreView(view.board, view.players);
    expect(score.total).toEqual(round.points);
    expect(score.buildings).toEqual(round.buildings);
  });

  it('scores the board: buildings, strict majorities, a tallest building held by one seat only', () => {
    const empty = () => Array.from({ length: 9 }, () => [] as { seat: number; floors: number }[]);
    const board = Array.from({ length: 6 }, empty);
    board[0]![0] = [{ seat: 0, floors: 3 }];
    board[0]![1] = [{ seat: 0, floors: 1 }];
    board[0]![2] = [{ seat: 1, floors: 2 }];
    board[1]![0] = [{ seat: 1, floors: 1 }];
    board[1]![1] = [{ seat: 0, floors: 1 }];
    expect(scoreView(board, 2)).toEqual({
      buildings: [3, 2],
      majorities: [2, 0],
      tallest: [3, 0],
      total: [8, 2],
    });
    board[2]![0] = [
      { seat: 0, floors: 1 },
      { seat: 1, floors: 2 },
    ];
    expect(scoreView(board, 2).tallest).toEqual([0, 0]);
  });
});
