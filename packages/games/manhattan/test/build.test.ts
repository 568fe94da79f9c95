import { manhattan } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { build, expectRefused, play, stackAt, startBuild, withStacks } from './helpers.js';

/** Seat 0 holds four 5s and is to build with its chosen pieces 1, 1, 2, 2, 3, 4. */
function position() {
  const state = startBuild(2, [
    [5, 5, 5, 5],
    [1, 2, 3, 4],
  ]);
  return withStacks(state, [
    [1, 5, [1, 3]], // seat 1 owns 3 floors
    [2, 5, [1, 4], [1, 1]], // seat 1 owns 5 floors: a lead of 5
    [3, 5, [0, 1], [1, 4]], // seat 1 owns with 4 floors against seat 0's 1
    [4, 5, [1, 4]], // seat 1 owns 4 floors: a lead of exactly 4
    [5, 5, [0, 3]], // seat 0's own building
    // city 6 lot 5: empty
  ]);
}

describe('where a piece may go (spec "Where a piece may go")', () => {
  it("takeover needs at least the owner's floors: equal is allowed, one short is refused", () => {
    const state = position();
    expectRefused(
      state,
      0,
      build(5, 1, 2),
      'the building on lot 5 of city 1 belongs to seat 1 with 3 floors: with a piece of 2 floors you would have 2; you need at least as many',
    );
    const taken = play(state, [0, build(5, 1, 3)]);
    expect(stackAt(taken, 1, 5)).toEqual([
      [1, 3],
      [0, 3],
    ]);
    expect(taken.owners[4]).toBe(0); // lot 5 of city 1: seat 0 owns it now
  });

  it('counts the floors the seat already has in the building', () => {
    const state = position();
    // seat 0 has 1 floor under seat 1's 4: it needs 3 more
    expectRefused(
      state,
      0,
      build(5, 3, 2),
      'the building on lot 5 of city 3 belongs to seat 1 with 4 floors: with a piece of 2 floors you would have 3; you need at least as many',
    );
    const taken = play(state, [0, build(5, 3, 3)]);
    expect(stackAt(taken, 3, 5)).toEqual([
      [0, 1],
      [1, 4],
      [0, 3],
    ]);
  });

  it('a lead of 4 can still be matched by a 4; a lead of 5 can never be taken', () => {
    const state = position();
    expect(play(state, [0, build(5, 4, 4)]).owners[(4 - 1) * 9 + 4]).toBe(0);
    expectRefused(
      state,
      0,
      build(5, 2, 4),
      'the building on lot 5 of city 2 belongs to seat 1 with 5 floors against your 0: no piece can take it',
    );
  });

  it("any piece goes on an empty lot or on the seat's own building", () => {
    const state = position();
    for (const piece of [1, 2, 3, 4]) {
      expect(manhattan.validate(state, 0, build(5, 5, piece))).toBeNull();
      expect(manhattan.validate(state, 0, build(5, 6, piece))).toBeNull();
    }
    const higher = play(state, [0, build(5, 5, 1)]);
    expect(stackAt(higher, 5, 5)).toEqual([
      [0, 3],
      [0, 1],
    ]);
    expect(higher.heights[(5 - 1) * 9 + 4]).toBe(4);
  });

  it('lists exactly the builds the rule allows', () => {
    const moves = manhattan.legalMoves(position(), 0);
    // card 5 only; city 1: pieces 3, 4; city 2: none; city 3: 3, 4; city 4: 4; cities 5 and 6: 1 to 4
    const expected = [
      [1, 3],
      [1, 4],
      [3, 3],
      [3, 4],
      [4, 4],
      [5, 1],
      [5, 2],
      [5, 3],
      [5, 4],
      [6, 1],
      [6, 2],
      [6, 3],
      [6, 4],
    ].map(([city, piece]) => build(5, city as number, piece as number));
    expect(moves).toEqual(expected);
  });

  it('needs the card in hand, a real city, and one of the chosen pieces', () => {
    let state = position();
    expectRefused(state, 0, build(6, 6, 1), 'card 6 is not in your hand');
    expectRefused(state, 0, build(10, 6, 1), 'there is no card 10: cards show lots 1 to 9');
    expectRefused(state, 0, build(5, 7, 1), 'there is no city 7: cities are numbered 1 to 6');
    expectRefused(state, 0, build(5, 0, 1), 'there is no city 0: cities are numbered 1 to 6');
    expectRefused(state, 0, build(5, 6, 5), 'there is no piece of 5 floors: pieces have 1 to 4');
    expectRefused(state, 0, { type: 'build', card: 5, city: 6 }, 'a build move needs "piece"');
    state = play(state, [0, build(5, 6, 4)], [1, build(1, 1, 1)]);
    // seat 0 chose one piece of 4 floors, and has placed it
    expectRefused(
      state,
      0,
      build(5, 5, 4),
      'you have no piece of 4 floors left among the pieces you chose this round',
    );
  });
});
