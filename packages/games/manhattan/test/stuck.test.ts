import { SeededRng } from '@skyline/engine';
import { manhattan, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import {
  CHANCE,
  SKIP,
  build,
  discard,
  expectRefused,
  play,
  startBuild,
  withStacks,
  type StackSpec,
} from './helpers.js';

/** Seat 1 owns, with `floors` floors, the lots of every city whose number `lots` lists. */
function ownedBySeat1(lots: number[], floors: number): StackSpec[] {
  return [1, 2, 3, 4, 5, 6].flatMap((city) => lots.map((lot): StackSpec => [city, lot, [1, floors]]));
}

const ALL_LOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('discard: no card of the hand allows a build (spec "When no piece can go anywhere")', () => {
  /** Seat 0 holds 1, 1, 2, 2 and only pieces of 1 floor; lots 1 and 2 of every city are seat 1's, 2 floors high. */
  function blocked(): ManhattanState {
    const state = startBuild(
      2,
      [
        [1, 1, 2, 2],
        [3, 4, 6, 7],
      ],
      {},
      0,
      [5],
      [1, 1, 1, 1, 1, 1],
    );
    return withStacks(state, ownedBySeat1([1, 2], 2));
  }

  it('is the only move: a card goes to the discard pile, the next is drawn, the seat plays on', () => {
    const state = blocked();
    expect(manhattan.legalMoves(state, 0)).toEqual([discard(1), discard(2)]);
    expectRefused(
      state,
      0,
      build(1, 3, 1),
      'the building on lot 1 of city 3 belongs to seat 1 with 2 floors: with a piece of 1 floor you would have 1; you need at least as many',
    );
    expectRefused(state, 0, SKIP, 'some lot accepts one of your pieces: discard a card and draw another');
    expectRefused(state, 0, discard(5), 'card 5 is not in your hand');
    const next = play(state, [0, discard(2)]);
    expect(next.hands[0]).toEqual([1, 1, 2, 5]);
    expect(next.discard).toEqual([2]);
    expect(next.chosen[0]).toEqual([6, 0, 0, 0]);
    expect(manhattan.status(next).active).toEqual([0]);
    // the 5 it drew builds on an empty lot 5: discarding is over
    expect(manhattan.legalMoves(next, 0)).toEqual([1, 2, 3, 4, 5, 6].map((city) => build(5, city, 1)));
    expectRefused(next, 0, discard(1), 'you can build with a card of your hand, so you may not discard');
  });
});

describe('skip: no lot accepts any chosen piece (spec "When no piece can go anywhere")', () => {
  it('is the only move; the smallest chosen piece leaves the game and the turn passes', () => {
    const state = withStacks(
      startBuild(
        2,
        [
          [1, 1, 2, 2],
          [3, 4, 6, 7],
        ],
        {},
        0,
        [],
        [1, 1, 1, 1, 2, 2],
      ),
      ownedBySeat1(ALL_LOTS, 4), // a lead of 4: pieces of 1 and 2 floors cannot take anything
    );
    expect(manhattan.legalMoves(state, 0)).toEqual([SKIP]);
    expectRefused(state, 0, discard(1), 'no lot accepts any of your pieces, whatever the card: skip');
    const next = play(state, [0, SKIP]);
    expect(next.chosen[0]).toEqual([3, 2, 0, 0]);
    expect(next.lost[0]).toEqual([1, 0, 0, 0]);
    expect(next.hands[0]).toEqual([1, 1, 2, 2]); // no card played, none drawn
    expect(manhattan.status(next).active).toEqual([1]);
  });

  it("a skip counts as the seat's piece of the turn: the round still ends when all pieces are gone", () => {
    let state = withStacks(
      startBuild(
        2,
        [
          [1, 1, 2, 2],
          [3, 4, 6, 7],
        ],
        {},
        0,
        [],
        [1, 1, 1, 1, 1, 1],
      ),
      ownedBySeat1(ALL_LOTS, 2),
    );
    // seat 1 builds on its own buildings (allowed), seat 0 can only skip: 6 turns each
    for (let turn = 0; turn < 6; turn++) {
      state = play(state, [0, SKIP]);
      state = play(state, [1, manhattan.legalMoves(state, 1)[0]]);
    }
    expect(state.lost[0]).toEqual([6, 0, 0, 0]);
    expect(state.round).toBe(2);
    expect(state.phase).toBe('select');
    // round 1 scored: seat 1 owns all 54 buildings, the 6 majorities, and so the tallest building
    expect(state.history).toEqual([[0, 54 + 12 + 3]]);
  });
});

describe('a seat that can never build (our reading: the spec is silent)', () => {
  it('discards until its discards have reshuffled the draw pile twice, then skips', () => {
    // 4 seats: seat 0 can only build on lot 5 (empty everywhere), the others hold all five 5s, and the turn never
    // passes while seat 0 discards. 45 - 16 = 29 cards in the draw pile, none a 5.
    let state = withStacks(
      startBuild(
        4,
        [
          [1, 1, 2, 2],
          [5, 5, 5, 5],
          [5, 6, 6, 6],
          [6, 6, 7, 7],
        ],
        {},
        0,
        [],
        [1, 1, 1, 1, 1, 1],
      ),
      ownedBySeat1([1, 2, 3, 4, 6, 7, 8, 9], 2),
    );
    let discards = 0;
    let shuffles = 0;
    const discardsAtShuffle: number[] = [];
    while (manhattan.legalMoves(state, 0)[0]?.type !== 'skip') {
      expectRefused(state, 0, SKIP, 'some lot accepts one of your pieces: discard a card and draw another');
      state = play(state, [0, manhattan.legalMoves(state, 0)[0]]);
      discards++;
      if (manhattan.active(state)[0] === CHANCE) {
        state = play(state, [CHANCE, { type: 'shuffle', order: state.discard.slice() }]);
        shuffles++;
        discardsAtShuffle.push(discards);
      }
      if (discards > 200) throw new Error('no end to the discards');
    }
    // The 29 cards are drawn by discards 1..29; discard 30 finds the pile empty: the 30 discarded cards are
    // reshuffled. Discards 31..59 draw 29 of them, discard 60 finds the pile empty again: second reshuffle.
    expect(discardsAtShuffle).toEqual([30, 60]);
    expect(shuffles).toBe(2);
    expect(state.discardShuffles).toBe(2);
    expect(manhattan.legalMoves(state, 0)).toEqual([SKIP]);
    expectRefused(state, 0, discard(state.hands[0]![0]!), 'no card you can draw lets you build: skip');
    // the count of reshuffles is public: a determinized state offers seat 0 the same move
    const view = manhattan.view(state, 0);
    const sampled = manhattan.determinize(view, 0, new SeededRng(1));
    expect(manhattan.view(sampled, 0)).toEqual(view);
    expect(manhattan.legalMoves(sampled, 0)).toEqual([SKIP]);
    const next = play(state, [0, SKIP]);
    expect(next.lost[0]).toEqual([1, 0, 0, 0]);
    expect(next.discardShuffles).toBe(0);
    expect(manhattan.status(next).active).toEqual([1]);
  });
});
