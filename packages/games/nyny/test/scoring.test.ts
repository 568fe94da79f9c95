import { CHANCE } from '@skyline/engine';
import { colourScore, nyny, runBonus, skylineScores, tileOf, type NynyState } from '@skyline/nyny';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASS, dealOf, newGame, play, playTile, takeTile } from './helpers.js';

/** A skyline from the top tile of each position 1..12 ('' = empty). */
function skylineOf(tops: string[]): number[][] {
  return tops.map((id) => (id === '' ? [] : [tileOf(id) as number]));
}

const R = 0;
const B = 1;
const Y = 2;
const G = 3;

describe('scoring a skyline (spec: Scoring a skyline)', () => {
  it('gives the run bonuses of the table: 0, +3, +6, +10, +15, +25', () => {
    expect([1, 2, 3, 4, 5, 6].map(runBonus)).toEqual([0, 3, 6, 10, 15, 25]);
  });

  it('scores the worked example: red 51, blue 18, yellow 7, green 20', () => {
    const tops = skylineOf(['r1', 'r2', 'b3', 'b4', 'b5', '', 'y7', 'g8', 'g9', 'r10', 'r11', 'r12']);
    expect(skylineScores(tops, ['r', 'b', 'y', 'g'], true)).toEqual([51, 18, 7, 20]);
  });

  it('counts only the top tile of a stack', () => {
    const skyline = skylineOf(['', '', '', '', '', '', '', '', '', '', '', '']);
    skyline[4] = [tileOf('r5') as number, tileOf('b5') as number];
    expect(skylineScores(skyline, ['r', 'b'], true)).toEqual([0, 5]);
  });

  it('joins positions 12 and 1 into one run', () => {
    const tops = skylineOf(['b1', '', '', '', '', '', '', '', '', '', 'b11', 'b12']).map((s) =>
      s.map((t) => t),
    );
    // 11 + 12 + 1 = 24, one run of 3: +6
    expect(
      colourScore(
        tops.map((s) => s[0] ?? -1),
        B,
        true,
      ),
    ).toBe(30);
  });

  it('breaks a run at an empty position and at another colour', () => {
    const tops = skylineOf(['r1', 'r2', '', 'r4', 'r5', 'b6', 'r7', '', '', '', '', '']).map(
      (s) => s[0] ?? -1,
    );
    // 1+2+4+5+7 = 19; runs 1-2 (+3), 4-5 (+3), 7 (0)
    expect(colourScore(tops, R, true)).toBe(25);
  });

  it('scores a run longer than six +25 once (Decision)', () => {
    const tops = skylineOf(['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', '', '', '', '']).map(
      (s) => s[0] ?? -1,
    );
    expect(colourScore(tops, G, true)).toBe(36 + 25);
  });

  it('scores all twelve positions of one colour as a single run of 12 (Decision)', () => {
    const tops = skylineOf(Array.from({ length: 12 }, (_, k) => `y${k + 1}`)).map((s) => s[0] ?? -1);
    expect(colourScore(tops, Y, true)).toBe(78 + 25);
  });

  it('counts only the numbers with bonus off (the basic game)', () => {
    const tops = skylineOf(['r1', 'r2', 'b3', 'b4', 'b5', '', 'y7', 'g8', 'g9', 'r10', 'r11', 'r12']);
    expect(skylineScores(tops, ['r', 'b', 'y', 'g'], false)).toEqual([36, 12, 7, 17]);
  });

  it('lets neutral colours score for nobody', () => {
    const tops = skylineOf(['y1', 'y2', 'y3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'r10', 'b11', '']);
    expect(skylineScores(tops, ['r', 'b'], true)).toEqual([10, 11]);
    expect(skylineScores(tops, ['b', 'r'], true)).toEqual([11, 10]);
  });

  it('gives the same run bonus to a colour pattern turned around the ring (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 12, maxLength: 12 }),
        fc.nat(11),
        (colours, turn) => {
          // Top tiles of the given colours; numbers do not matter for the bonus, so compare score minus numbers.
          const tops = (pattern: number[]) => pattern.map((c, k) => (c < 0 ? -1 : c * 12 + k));
          const bonusOnly = (pattern: number[], colour: number) =>
            colourScore(tops(pattern), colour, true) - colourScore(tops(pattern), colour, false);
          const turned = colours.map((_, k) => colours[(k + turn) % 12] as number);
          for (const colour of [0, 1, 2, 3])
            expect(bonusOnly(turned, colour)).toBe(bonusOnly(colours, colour));
        },
      ),
    );
  });
});

describe('scores in the status (spec: scores = finished rounds + current skyline)', () => {
  it('reaches the worked example through real moves, and names red the winner', () => {
    // Seat 0 red, 1 blue, 2 yellow, 3 green; the pool tiles taken stay in hand and are never played.
    const hands = [
      ['r1', 'r2', 'r10', 'r11', 'r12', 'r6'],
      ['b3', 'b4', 'b5', 'b6', 'b7', 'b8'],
      ['y7', 'y1', 'y2', 'y3', 'y4', 'y5'],
      ['g8', 'g9', 'g1', 'g2', 'g3', 'g4'],
    ];
    let state: NynyState = play(newGame(4), [
      CHANCE,
      dealOf(4, hands, ['y9', 'y10', 'y11', 'y12', 'b9', 'b10'], ['b11', 'b12', 'g10', 'g11']),
    ]);
    const turn = (seat: number, tile: string) => {
      state = play(
        state,
        [seat, playTile(tile)],
        [seat, takeTile(state.pool.length ? (nyny.view(state, seat).pool[0] as string) : '')],
      );
    };
    turn(0, 'r1');
    turn(1, 'b3');
    turn(2, 'y7');
    turn(3, 'g8');
    turn(0, 'r2');
    turn(1, 'b4');
    state = play(state, [2, PASS]);
    turn(3, 'g9');
    turn(0, 'r10');
    expect(nyny.status(state).scores).toEqual([1 + 2 + 10 + 3, 3 + 4 + 3, 7, 8 + 9 + 3]);
    turn(1, 'b5');
    state = play(state, [3, PASS]);
    turn(0, 'r11');
    state = play(state, [1, PASS]);
    turn(0, 'r12');
    state = play(state, [0, PASS]);
    expect(nyny.status(state)).toEqual({ over: true, active: [], scores: [51, 18, 7, 20], winners: [0] });
  });

  it('scores only the numbers in a game played with bonus off', () => {
    const hands = [
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
      ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
    ];
    const pool = ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'];
    let state = play(newGame(2, { bonus: false }), [CHANCE, dealOf(2, hands, pool)]);
    state = play(state, [0, playTile('r1')], [0, takeTile('y1')], [1, playTile('b4')], [1, takeTile('y2')]);
    state = play(state, [0, playTile('r2')], [0, takeTile('y3')], [1, playTile('b5')], [1, takeTile('y4')]);
    state = play(state, [0, PASS], [1, PASS]);
    // With the bonus, red would have 1 + 2 + 3 and blue 4 + 5 + 3.
    expect(nyny.status(state)).toEqual({ over: true, active: [], scores: [3, 9], winners: [1] });
  });
});
