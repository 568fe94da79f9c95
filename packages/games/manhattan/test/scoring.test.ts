import { manhattan, scoreBoard, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { build, play, startBuild, withStacks, type StackSpec } from './helpers.js';

const BLUE = 0;
const WHITE = 1;

/**
 * The seed's example, Blue (seat 0) against White (seat 1), as a board. Per city, Blue/White buildings: 1/2, 2/0,
 * 1/2, 1/1, 2/1, 2/2: Blue owns 9, White 8; Blue has the majority in cities 2 and 5, White in 1 and 3, 4 and 6 are
 * tied. The tallest building is Blue's, in city 2 (6 floors; nothing else is above 4).
 */
const EXAMPLE: StackSpec[] = [
  [1, 1, [BLUE, 1]],
  [1, 2, [WHITE, 1]],
  [1, 3, [WHITE, 2]],
  [2, 1, [WHITE, 2], [BLUE, 4]],
  [2, 2, [BLUE, 1]],
  [3, 1, [BLUE, 1]],
  [3, 2, [WHITE, 1]],
  [3, 3, [WHITE, 1]],
  [4, 1, [BLUE, 2]],
  [4, 2, [WHITE, 3]],
  [5, 1, [BLUE, 1]],
  [5, 2, [BLUE, 1]],
  [5, 3, [WHITE, 1]],
  [6, 1, [BLUE, 1]],
  [6, 2, [BLUE, 1]],
  [6, 3, [WHITE, 4]],
  [6, 4, [WHITE, 1]],
];

/** A 2-seat board of the given stacks, scored. */
function scoreOf(stacks: StackSpec[], players = 2) {
  const hands = [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 9, 9, 9],
    [1, 2, 3, 4],
  ].slice(0, players);
  const state = withStacks(startBuild(players, hands), stacks);
  return scoreBoard(players, state.owners, state.heights);
}

describe('scoring (spec "Scoring")', () => {
  it("the seed's worked example: Blue 9 + 2 x 2 + 3 = 16, White 8 + 2 x 2 = 12", () => {
    const score = scoreOf(EXAMPLE);
    expect(score.buildings).toEqual([9, 8]);
    expect(score.majorities).toEqual([WHITE, BLUE, WHITE, -1, BLUE, -1]);
    expect(score.tallest).toBe(BLUE);
    expect(score.points).toEqual([16, 12]);
  });

  it('the worked example reached in play: the round ends with the last two pieces and is scored', () => {
    // White starts the round; each seat has one piece of 1 floor left; the last two buildings of the example are
    // missing: White's on lot 4 of city 6 (card 4) and Blue's on lot 2 of city 6 (card 2).
    const hands = [
      [2, 3, 5, 9],
      [4, 6, 7, 8],
    ];
    const dealt = startBuild(2, hands, {}, WHITE, [], [1, 1, 1, 1, 1, 1]);
    const missing = (spec: StackSpec) => !(spec[0] === 6 && (spec[1] === 2 || spec[1] === 4));
    const state: ManhattanState = withStacks(dealt, EXAMPLE.filter(missing));
    state.chosen = [
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ];
    const scored = play(state, [WHITE, build(4, 6, 1)], [BLUE, build(2, 6, 1)]);
    expect(scored.history).toEqual([[16, 12]]);
    expect(manhattan.status(scored).scores).toEqual([16, 12]);
    // round 2 follows, started by the next seat clockwise
    expect(scored.round).toBe(2);
    expect(manhattan.status(scored).active).toEqual([BLUE]);
  });

  it('1 point per building, whatever its height', () => {
    expect(
      scoreOf([
        [1, 1, [0, 1]],
        [2, 1, [0, 1]],
        [3, 1, [1, 1]],
      ]).buildings,
    ).toEqual([2, 1]);
  });

  it('a city scores 2 for strictly the most buildings; a tie at the top scores nobody, even with 3 seats', () => {
    const score = scoreOf(
      [
        [1, 1, [0, 1]],
        [1, 2, [0, 1]],
        [1, 3, [1, 1]],
        [1, 4, [1, 1]],
        [1, 5, [2, 1]],
        [2, 1, [2, 1]],
        [2, 2, [2, 1]],
        [2, 3, [1, 1]],
      ],
      3,
    );
    expect(score.majorities).toEqual([-1, 2, -1, -1, -1, -1]);
    // buildings 2, 3, 3; seat 2 has city 2; the tallest height 1 is shared by all: nobody
    expect(score.points).toEqual([2, 3, 3 + 2]);
  });

  it('Decision: equal tallest buildings score 3 only if they all belong to one seat', () => {
    const same = scoreOf([
      [1, 1, [0, 4]],
      [2, 1, [1, 1], [0, 3]],
      [3, 1, [1, 2]],
    ]);
    // each building alone in its city: its owner has the city's majority too
    expect(same.tallest).toBe(0);
    expect(same.points).toEqual([2 + 2 * 2 + 3, 1 + 2]);
    const shared = scoreOf([
      [1, 1, [0, 4]],
      [2, 1, [1, 4]],
      [3, 1, [0, 2]],
    ]);
    expect(shared.tallest).toBe(-1);
    expect(shared.points).toEqual([2 + 2 * 2, 1 + 2]);
    // a taller building settles it, wherever it is in the scan
    const taller = scoreOf([
      [1, 1, [0, 4]],
      [2, 1, [1, 4]],
      [6, 9, [1, 4], [0, 4]],
    ]);
    expect(taller.tallest).toBe(0);
    expect(taller.points).toEqual([2 + 2 * 2 + 3, 1 + 2]);
  });

  it('points add up over the rounds; the status shows the finished rounds only; ties share the win', () => {
    // Round 4 of 4, both seats at 10 points; each has one piece of 1 floor left, seat 0 then seat 1.
    const state = withStacks(
      startBuild(
        2,
        [
          [1, 2, 3, 4],
          [5, 6, 7, 8],
        ],
        {},
        0,
        [],
        [1, 1, 1, 1, 1, 1],
      ),
      [],
    );
    state.round = 4;
    state.first = 1; // round 4 starts with seat (1 + 3) mod 2 = 0
    state.history = [
      [4, 3],
      [3, 3],
      [3, 4],
    ];
    state.totals = [10, 10];
    state.chosen = [
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ];
    const mid = play(state, [0, build(1, 1, 1)]);
    expect(manhattan.status(mid)).toEqual({ over: false, active: [1], scores: [10, 10], winners: [] });
    // seat 1 builds in city 1 too: one building each there (tie, no majority), tallest shared (1 floor each)
    const end = play(mid, [1, build(5, 1, 1)]);
    expect(end.history[3]).toEqual([1, 1]);
    expect(manhattan.status(end)).toEqual({ over: true, active: [], scores: [11, 11], winners: [0, 1] });
  });
});
