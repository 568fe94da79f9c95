import { LOT_SEEN_FROM, lotOfCard, manhattan } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { build, expectRefused, newGame, play, stackAt, startBuild } from './helpers.js';

// Worked out by hand from the spec: row = (n-1) div 3, col = (n-1) mod 3, a quarter-turn clockwise maps (row, col) to
// (col, 2 - row), turned k times from side k. Side 1 (one turn): card 1 (0,0) -> (0,2) = lot 3, card 2 (0,1) ->
// (1,2) = 6, card 3 (0,2) -> (2,2) = 9, card 4 (1,0) -> (0,1) = 2, 5 stays, card 6 (1,2) -> (2,1) = 8, card 7 (2,0)
// -> (0,0) = 1, card 8 (2,1) -> (1,0) = 4, card 9 (2,2) -> (2,0) = 7. Side 2 (half a turn): n -> 10 - n. Side 3
// (three turns, i.e. (row, col) -> (2 - col, row)): 1 -> 7, 2 -> 4, 3 -> 1, 4 -> 8, 5, 6 -> 2, 7 -> 9, 8 -> 6, 9 -> 3.
const BY_HAND = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9],
  [3, 6, 9, 2, 5, 8, 1, 4, 7],
  [9, 8, 7, 6, 5, 4, 3, 2, 1],
  [7, 4, 1, 8, 5, 2, 9, 6, 3],
];
const CARDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('perspective (spec "Perspective")', () => {
  it("the data table agrees with the quarter-turn rule and the spec's examples", () => {
    expect(LOT_SEEN_FROM).toEqual(BY_HAND);
    expect(BY_HAND[2]![0]).toBe(9); // "from side 2 card 1 means lot 9"
    expect(BY_HAND[1]![0]).toBe(3); // "from side 1 card 1 means lot 3"
  });

  it('4 seats: seat s reads from side s', () => {
    const state = newGame(4, { perspective: true });
    for (let seat = 0; seat < 4; seat++) {
      expect(CARDS.map((card) => lotOfCard(state, seat, card))).toEqual(BY_HAND[seat]);
    }
  });

  it('3 seats: seat s reads from side s', () => {
    const state = newGame(3, { perspective: true });
    for (let seat = 0; seat < 3; seat++) {
      expect(CARDS.map((card) => lotOfCard(state, seat, card))).toEqual(BY_HAND[seat]);
    }
  });

  it('2 seats: seats 0 and 1 sit face to face, on sides 0 and 2', () => {
    const state = newGame(2, { perspective: true });
    expect(CARDS.map((card) => lotOfCard(state, 0, card))).toEqual(BY_HAND[0]);
    expect(CARDS.map((card) => lotOfCard(state, 1, card))).toEqual(BY_HAND[2]);
  });

  it('without the option, every seat reads cards as seat 0 does', () => {
    for (const players of [2, 3, 4]) {
      const state = newGame(players);
      for (let seat = 0; seat < players; seat++) {
        expect(CARDS.map((card) => lotOfCard(state, seat, card))).toEqual(BY_HAND[0]);
      }
    }
  });

  it("a build puts the piece on the lot the card means from the seat's side", () => {
    const hands = [
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ];
    let state = startBuild(4, hands, { perspective: true });
    state = play(state, [0, build(1, 1, 1)], [1, build(1, 1, 1)], [2, build(1, 1, 1)], [3, build(1, 1, 1)]);
    expect(stackAt(state, 1, 1)).toEqual([[0, 1]]);
    expect(stackAt(state, 1, 3)).toEqual([[1, 1]]);
    expect(stackAt(state, 1, 9)).toEqual([[2, 1]]);
    expect(stackAt(state, 1, 7)).toEqual([[3, 1]]);

    let plain = startBuild(4, hands);
    plain = play(plain, [0, build(1, 1, 1)], [1, build(1, 1, 1)]);
    expect(stackAt(plain, 1, 1)).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('the takeover rule applies on that lot', () => {
    // 2 seats: seat 1 reads card 1 as lot 9. Seat 0 puts 3 floors on lot 9 with its card 9; seat 1 then needs 3.
    const state = play(
      startBuild(
        2,
        [
          [9, 9, 9, 9],
          [1, 1, 1, 1],
        ],
        { perspective: true },
      ),
      [0, build(9, 2, 3)],
    );
    expectRefused(
      state,
      1,
      build(1, 2, 2),
      'the building on lot 9 of city 2 belongs to seat 0 with 3 floors: with a piece of 2 floors you would have 2; you need at least as many',
    );
    expect(manhattan.legalMoves(state, 1)).toContainEqual(build(1, 2, 3));
    expect(manhattan.legalMoves(state, 1)).not.toContainEqual(build(1, 2, 2));
  });
});
