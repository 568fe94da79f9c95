/**
 * Scoring (the rules page, "End of an episode, end of the game"): marker + trees still visible − rocks still
 * visible − grass squares (`.`) left empty; totals over a series; the tie-break of a single episode (**Decision**).
 *
 * The board has 10 trees, 10 rocks and 69 grass squares `.` (counted by hand, row by row: 5 7 6 9 8 8 8 6 7 5), so an
 * empty board at the start marker scores 10 + 10 − 10 − 69 = −59.
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
import { EMPTY, SQUARES, TERRAIN, breakTie, episodeScore, mycity, scoreCity, visible } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { CHANCE, PASS, STOP, build, dealOf, newGame, play } from './helpers.js';

describe('an episode score', () => {
  it('the worked example: marker 8, 7 trees and 2 rocks visible, 11 grass squares empty → 2', () => {
    // A board covered everywhere but on 7 trees, 2 rocks and 11 grass squares (the scoring does not look at shapes).
    let trees = 7;
    let rocks = 2;
    let grass = 11;
    const board = TERRAIN.map((t) => {
      if (t === 'T' && trees > 0) return (trees--, EMPTY);
      if (t === 'R' && rocks > 0) return (rocks--, EMPTY);
      if (t === '.' && grass > 0) return (grass--, EMPTY);
      return 0;
    });
    expect(visible(board)).toEqual({ trees: 7, rocks: 2, emptyGrass: 11 });
    expect(episodeScore(board, 8)).toBe(2);
  });

  it('an empty board scores its marker + 10 trees − 10 rocks − 69 grass squares', () => {
    const board = new Array<number>(SQUARES).fill(EMPTY);
    expect(episodeScore(board, 10)).toBe(-59);
    expect(episodeScore(board, 0)).toBe(-69);
  });

  it('mid-episode, scores count the episode as if it ended now, once choices are revealed', () => {
    let state = play(newGame(2), [CHANCE, dealOf('y3', 'y1')]);
    expect(mycity.status(state).scores).toEqual([-59, -59]);
    // Seat 0 covers 3 grass squares and the tree [4, 4]: 10 + 9 − 10 − 66 = −57. Seat 1 passes: 9 + 10 − 10 − 69.
    state = play(state, [0, build([3, 3], [3, 4], [4, 3], [4, 4])]);
    expect(mycity.status(state).scores).toEqual([-59, -59]); // not revealed yet
    state = play(state, [1, PASS]);
    expect(mycity.status(state).scores).toEqual([-57, -60]);
    // Seat 0 builds y1 under its y3 on [5, 2] [5, 3] (a tree) [5, 4]: 10 + 8 − 10 − 64 = −56.
    state = play(state, [0, build([5, 2], [5, 3], [5, 4])], [1, build([0, 7], [0, 8], [0, 9])]);
    // Seat 1 covered 2 grass squares and the rock [0, 9]: 9 + 10 − 9 − 67 = −57.
    expect(mycity.status(state).scores).toEqual([-56, -57]);
  });

  it('the final status gives the episode scores, and the best wins', () => {
    const state = play(
      newGame(2),
      [CHANCE, dealOf('y3', 'y1')],
      [0, build([3, 3], [3, 4], [4, 3], [4, 4])],
      [1, PASS],
      [0, STOP],
      [1, STOP],
    );
    expect(mycity.status(state)).toEqual({ over: true, active: [], scores: [-57, -60], winners: [0] });
  });
});

// Moved from the web client's tests (packages/web/test/client.test.ts) with the function, which the board no longer
// keeps a copy of: its score table reads the game's own count.
describe('My City’s live score, counted by the game', () => {
  it('counts every tree, rock and grass square of an empty board, and what a building covers no more', () => {
    // The printed board has 10 trees, 10 rocks and 69 grass squares.
    expect(scoreCity([], 10)).toEqual({ marker: 10, trees: 10, rocks: 10, empty: 69, total: -59 });
    // Row 1 reads "MM..T.~..RFF": covering its squares 3, 4 (grass) and 5 (a tree).
    const built = [
      {
        cells: [
          [0, 2],
          [0, 3],
          [0, 4],
        ] as [number, number][],
      },
    ];
    expect(scoreCity(built, 10)).toEqual({ marker: 10, trees: 9, rocks: 10, empty: 67, total: -58 });
  });

  it('adds up, from what a view shows of each board, to the scores the game gives mid-episode', () => {
    const state = play(
      newGame(2),
      [CHANCE, dealOf('y3', 'y1')],
      [0, build([3, 3], [3, 4], [4, 3], [4, 4])],
      [1, PASS],
      [0, build([5, 2], [5, 3], [5, 4])],
      [1, build([0, 7], [0, 8], [0, 9])],
    );
    for (const viewer of [0, 1, 'spectator'] as const) {
      const view = mycity.view(state, viewer);
      const parts = view.boards.map((built, seat) => scoreCity(built, view.markers[seat] ?? 0));
      expect(parts.map((p) => p.total)).toEqual(view.scores);
      expect(parts.map((p) => p.total)).toEqual([-56, -57]);
    }
    // Seat 1 passed once: its marker went down by one; its rock [0, 9] is covered.
    expect(scoreCity(mycity.view(state, 1).boards[1] ?? [], 9)).toEqual({
      marker: 9,
      trees: 10,
      rocks: 9,
      empty: 67,
      total: -57,
    });
  });
});

describe('ties (Decision)', () => {
  it('a single episode: fewest empty grass squares in row 0, then row 1, and so on', () => {
    // Both cover 2 grass squares and a rock with y1: seat 0 in row 0, seat 1 in column 7 (rows 3 to 5).
    const state = play(
      newGame(2),
      [CHANCE, dealOf('y1')],
      [0, build([0, 7], [0, 8], [0, 9])],
      [1, build([3, 7], [4, 7], [5, 7])],
      [0, STOP],
      [1, STOP],
    );
    // 10 + 10 − 9 − 67 = −56 each; row 0 has 3 empty grass squares for seat 0, 5 for seat 1.
    expect(mycity.status(state)).toEqual({ over: true, active: [], scores: [-56, -56], winners: [0] });
  });

  it('rows compared in order: the first row that differs decides', () => {
    // Both leave row 0 and row 1 alike; seat 1 covers 2 grass squares of row 2, seat 0 only 1 there.
    const boards = [new Array<number>(SQUARES).fill(EMPTY), new Array<number>(SQUARES).fill(EMPTY)];
    const at = (r: number, c: number) => r * 12 + c;
    (boards[0] as number[])[at(2, 1)] = 0;
    (boards[0] as number[])[at(3, 0)] = 0;
    (boards[1] as number[])[at(2, 1)] = 0;
    (boards[1] as number[])[at(2, 3)] = 0;
    expect(breakTie(boards, [0, 1])).toEqual([1]);
    expect(breakTie(boards, [1, 0])).toEqual([1]);
    // Same empty squares in every row: still tied, the win is shared.
    (boards[0] as number[])[at(3, 0)] = EMPTY;
    (boards[0] as number[])[at(2, 3)] = 0;
    expect(breakTie(boards, [0, 1])).toEqual([0, 1]);
  });

  it('seats still tied after every row share the win', () => {
    const state = play(newGame(3), [CHANCE, dealOf()], [0, STOP], [1, STOP], [2, STOP]);
    expect(mycity.status(state)).toEqual({
      over: true,
      active: [],
      scores: [-59, -59, -59],
      winners: [0, 1, 2],
    });
  });
});

describe('a series of episodes', () => {
  const episode = (state: ReturnType<typeof newGame>) =>
    play(
      state,
      [CHANCE, dealOf('y1')],
      [0, build([0, 7], [0, 8], [0, 9])],
      [1, build([3, 7], [4, 7], [5, 7])],
      [2, STOP],
      [0, STOP],
      [1, STOP],
    );

  it('scores add up; a new episode starts with a new deal, empty boards and markers on 10', () => {
    let state = play(newGame(3, { episodes: 2 }), [CHANCE, dealOf('y1')], [0, PASS], [1, PASS], [2, STOP]);
    state = play(state, [0, STOP], [1, STOP]);
    // Episode 1: seats 0 and 1 passed once (9 + 10 − 10 − 69 = −60), seat 2 stopped at once (−59).
    expect(mycity.status(state)).toEqual({
      over: false,
      active: ['chance'],
      scores: [-60, -60, -59],
      winners: [],
    });
    expect(state.markers).toEqual([10, 10, 10]);
    expect(state.stopped).toEqual([false, false, false]);
    expect(mycity.view(state, 0).boards).toEqual([[], [], []]);
    expect(mycity.view(state, 0).history).toEqual([[-60, -60, -59]]);
    // Episode 2, as it is played: the totals so far plus the episode as if it ended now.
    state = play(state, [CHANCE, dealOf('y1')], [0, build([0, 7], [0, 8], [0, 9])], [1, STOP], [2, STOP]);
    expect(mycity.status(state).scores).toEqual([-60 - 56, -60 - 59, -59 - 59]);
    state = play(state, [0, STOP]);
    expect(mycity.status(state)).toEqual({
      over: true,
      active: [],
      scores: [-116, -119, -118],
      winners: [0],
    });
  });

  it('ties over a series share the win (no tie-break)', () => {
    const state = episode(episode(newGame(3, { episodes: 2 })));
    // Each episode: −56, −56, −59. The last boards would break the tie for seat 0 in a single episode.
    expect(mycity.status(state)).toEqual({
      over: true,
      active: [],
      scores: [-112, -112, -118],
      winners: [0, 1],
    });
  });
});
