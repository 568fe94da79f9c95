import { manhattan, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import {
  CHANCE,
  build,
  checkComponents,
  dealOf,
  expectRefused,
  newGame,
  play,
  playFirstLegal,
  select,
  startBuild,
} from './helpers.js';

const HANDS4 = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 1, 2, 3],
  [4, 5, 6, 7],
];

describe('choosing pieces (spec "A round", step 1)', () => {
  it('goes clockwise from the start seat, one seat at a time, and the choice is public', () => {
    let state = play(newGame(4), [CHANCE, dealOf(HANDS4, [], 2)]);
    expect(manhattan.status(state).active).toEqual([2]);
    expectRefused(state, 0, select(1, 1, 2, 2, 3, 4), 'it is not your turn: seat 2 is choosing its pieces');
    state = play(state, [2, select(1, 1, 1, 1, 4, 4)]);
    // taken from the reserve (11/6/4/3 pieces of 1/2/3/4 floors): 4 of 1 floor, 2 of 4 floors
    expect(state.chosen[2]).toEqual([4, 0, 0, 2]);
    expect(state.reserves[2]).toEqual([7, 6, 4, 1]);
    // everyone sees it
    expect(manhattan.view(state, 0).chosen[2]).toEqual([4, 0, 0, 2]);
    expect(manhattan.view(state, 'spectator').reserves[2]).toEqual([7, 6, 4, 1]);
    expect(manhattan.status(state).active).toEqual([3]);
    state = play(state, [3, select(1, 1, 2, 2, 3, 4)], [0, select(1, 1, 2, 2, 3, 4)]);
    expect(manhattan.status(state).active).toEqual([1]);
    state = play(state, [1, select(2, 2, 2, 2, 2, 2)]);
    // all have chosen: the start seat builds first
    expect(state.phase).toBe('build');
    expect(manhattan.status(state).active).toEqual([2]);
    expectRefused(state, 2, select(1, 1, 1, 1, 1, 1), 'the pieces of this round are chosen: build');
  });

  it('takes 6 pieces from the reserve, given as floor counts in any order', () => {
    const state = play(newGame(2), [
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ]);
    expectRefused(state, 0, select(1, 1, 2, 2, 3), 'choose exactly 6 pieces for the round, not 5');
    expectRefused(state, 0, select(1, 1, 2, 2, 3, 4, 4), 'choose exactly 6 pieces for the round, not 7');
    expectRefused(state, 0, select(1, 1, 2, 2, 3, 5), 'there is no piece of 5 floors: pieces have 1 to 4');
    expectRefused(
      state,
      0,
      select(1, 1, 2, 2, 3, 1.5),
      'there is no piece of 1.5 floors: pieces have 1 to 4',
    );
    expectRefused(state, 0, select(4, 4, 4, 4, 1, 1), 'you have 3 pieces of 4 floors in your reserve, not 4');
    expectRefused(state, 0, { type: 'select', pieces: 6 }, /"pieces" must list the floor counts of 6 pieces/);
    expectRefused(state, 0, build(1, 1, 1), 'choose your pieces for the round first');
    const next = play(state, [0, select(4, 3, 2, 1, 2, 1)]);
    expect(next.chosen[0]).toEqual([2, 2, 1, 1]);
    // the listed moves are the sorted lists
    expect(manhattan.legalMoves(state, 0)).toContainEqual({ type: 'select', pieces: [1, 1, 2, 2, 3, 4] });
    expect(manhattan.legalMoves(state, 0)).not.toContainEqual({ type: 'select', pieces: [4, 4, 4, 4, 1, 1] });
  });

  it('offers every choice the reserve allows', () => {
    const state = play(newGame(2), [
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ]);
    // a+b+c+d = 6: C(9,3) = 84 ways. Too many fours (reserve 3): d = 4 leaves a+b+c = 2, C(4,2) = 6 ways; d = 5: 3;
    // d = 6: 1; so 10. Too many threes (reserve 4): c = 5: 3 ways, c = 6: 1; so 4. Both at once: none. 84 - 14 = 70.
    expect(manhattan.legalMoves(state, 0).length).toBe(70);
  });

  it('with sixrounds, 4 pieces a round', () => {
    const state = play(newGame(3, { sixrounds: true }), [
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 1, 2, 3],
      ]),
    ]);
    expectRefused(state, 0, select(1, 1, 2, 2, 3, 4), 'choose exactly 4 pieces for the round, not 6');
    expect(play(state, [0, select(1, 2, 3, 4)]).chosen[0]).toEqual([1, 1, 1, 1]);
  });
});

describe('turns, rounds and the end (spec "A round")', () => {
  /** The start seat of each round, the number of builds and skips in it, and its score line. */
  function rounds(state: ManhattanState): { start: number; placed: number[] }[] {
    const seen: { start: number; placed: number[] }[] = [];
    let current = state;
    for (const next of [current, ...playFirstLegal(current)]) {
      if (
        next !== current &&
        current.phase === 'build' &&
        next.stacks.flat().length > current.stacks.flat().length
      ) {
        seen[seen.length - 1]!.placed[current.turn]! += 1;
      }
      if (next.phase === 'select' && seen.length < next.round) {
        seen.push({ start: next.turn, placed: new Array<number>(next.players).fill(0) });
      }
      checkComponents(next);
      current = next;
    }
    return seen;
  }

  it('passes the start seat clockwise each round; every seat places its 6 pieces; 4 rounds', () => {
    const state = play(newGame(3), [
      CHANCE,
      dealOf(
        [
          [1, 2, 3, 4],
          [5, 6, 7, 8],
          [9, 1, 2, 3],
        ],
        [],
        2,
      ),
    ]);
    const seen = rounds(state);
    expect(seen.map((r) => r.start)).toEqual([2, 0, 1, 2]);
    expect(seen.map((r) => r.placed)).toEqual(new Array(4).fill([6, 6, 6]));
  });

  it('with sixrounds: 6 rounds of 4 pieces', () => {
    const state = play(newGame(4, { sixrounds: true }), [CHANCE, dealOf(HANDS4, [], 1)]);
    const seen = rounds(state);
    expect(seen.map((r) => r.start)).toEqual([1, 2, 3, 0, 1, 2]);
    expect(seen.map((r) => r.placed)).toEqual(new Array(6).fill([4, 4, 4, 4]));
  });

  it('the last round has no choice left: the 6 pieces left in the reserve', () => {
    const end = playFirstLegal(
      play(newGame(2), [
        CHANCE,
        dealOf([
          [1, 2, 3, 4],
          [5, 6, 7, 8],
        ]),
      ]),
      (s) => s.round === 4,
    );
    const last = end[end.length - 1] as ManhattanState;
    expect(last.phase).toBe('select');
    const moves = manhattan.legalMoves(last, last.turn);
    expect(moves.length).toBe(1);
    expect(last.reserves[last.turn]!.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('build: plays the card, places the piece, draws the next card of the draw pile, and the turn passes', () => {
    const state = startBuild(
      3,
      [
        [5, 5, 7, 9],
        [1, 2, 3, 4],
        [2, 3, 4, 6],
      ],
      {},
      0,
      [8, 1],
    );
    const next = play(state, [0, build(5, 3, 2)]);
    expect(next.hands[0]).toEqual([5, 7, 8, 9]);
    expect(next.discard).toEqual([5]);
    expect(next.stacks[(3 - 1) * 9 + (5 - 1)]).toEqual([2]); // seat 0, 2 floors
    expect(next.chosen[0]).toEqual([2, 1, 1, 1]);
    expect(next.draw[0]).toBe(1);
    expect(manhattan.status(next).active).toEqual([1]);
    expectRefused(next, 0, build(5, 1, 1), 'it is not your turn: seat 1 is building');
  });

  it('ends after the last round: nobody is awaited, the best total wins', () => {
    const states = playFirstLegal(
      play(newGame(2), [
        CHANCE,
        dealOf([
          [1, 2, 3, 4],
          [5, 6, 7, 8],
        ]),
      ]),
    );
    const end = states[states.length - 1] as ManhattanState;
    const status = manhattan.status(end);
    expect(status.over).toBe(true);
    expect(status.active).toEqual([]);
    expect(end.history.length).toBe(4);
    expect(status.scores).toEqual(
      [0, 1].map((seat) => end.history.reduce((sum, round) => sum + round[seat]!, 0)),
    );
    const best = Math.max(...status.scores);
    expect(status.winners).toEqual([0, 1].filter((seat) => status.scores[seat] === best));
    expectRefused(end, 0, build(1, 1, 1), 'the game is over');
    expectRefused(end, CHANCE, { type: 'shuffle', order: [] }, 'the game is over');
  });
});
