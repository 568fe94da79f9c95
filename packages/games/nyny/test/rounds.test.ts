import { CHANCE } from '@skyline/engine';
import { TILE_IDS, nyny, type NynyState } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { PASS, lowTilesDeal, expectRefused, newGame, play, playTile, takeTile } from './helpers.js';

/** One short round: seat `first` plays its 1 and takes y1, the other seat plays its 2 and takes y2; both pass. */
function shortRound(state: NynyState, first: number): NynyState {
  const other = 1 - first;
  const own = (seat: number, n: number) => `${seat === 0 ? 'r' : 'b'}${n}`;
  return play(
    state,
    [CHANCE, lowTilesDeal(first)],
    [first, playTile(own(first, 1))],
    [first, takeTile('y1')],
    [other, playTile(own(other, 2))],
    [other, takeTile('y2')],
    [first, PASS],
    [other, PASS],
  );
}

describe('matches of several rounds (spec: End of a round, end of the game)', () => {
  it("adds each round's scores to the totals and starts the next round with a new deal and an empty skyline", () => {
    let state = shortRound(newGame(2, { rounds: 2 }), 1);
    // Round 1: b1 then r2 — two neighbouring positions of different colours: blue 1, red 2.
    expect(state.phase).toBe('deal');
    expect(state.round).toBe(2);
    expect(state.totals).toEqual([2, 1]);
    expect(state.history).toEqual([[2, 1]]);
    expect(state.skyline.flat()).toEqual([]);
    expect(nyny.status(state)).toEqual({ over: false, active: ['chance'], scores: [2, 1], winners: [] });
    state = shortRound(state, 0);
    // Round 2: r1 then b2: red 1, blue 2. Totals 3 and 3: a shared win.
    expect(nyny.status(state)).toEqual({ over: true, active: [], scores: [3, 3], winners: [0, 1] });
    expect(state.history).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('counts the current skyline in the scores while a round is played', () => {
    let state = shortRound(newGame(2, { rounds: 2 }), 1);
    state = play(state, [CHANCE, lowTilesDeal(0)], [0, playTile('r6')]);
    expect(nyny.status(state).scores).toEqual([2 + 6, 1]);
  });

  it('passes the first seat clockwise from round to round (Decision)', () => {
    const state = shortRound(newGame(2, { rounds: 3 }), 1);
    expectRefused(
      state,
      CHANCE,
      lowTilesDeal(1),
      "round 2 must start with seat 0, the seat after round 1's first seat 1",
    );
    const round2 = shortRound(state, 0);
    expectRefused(
      round2,
      CHANCE,
      lowTilesDeal(0),
      "round 3 must start with seat 1, the seat after round 2's first seat 0",
    );
    expect(shortRound(round2, 1).phase).toBe('over');
  });

  it('ends the game after the last round, and keeps its skyline on show', () => {
    const state = shortRound(newGame(2), 0);
    expect(state.phase).toBe('over');
    expect(nyny.view(state, 0).skyline[0]).toEqual(['r1']);
    expectRefused(state, CHANCE, { type: 'deal', order: TILE_IDS, first: 1 }, 'the game is over');
    expectRefused(state, 0, PASS, 'the game is over');
  });

  it('plays every round of a 4-seat match of 4 rounds with each seat starting one', () => {
    let state = newGame(4, { rounds: 4 });
    const firsts: number[] = [];
    for (let round = 1; round <= 4; round++) {
      const first = round === 1 ? 2 : (firsts[firsts.length - 1]! + 1) % 4;
      firsts.push(first);
      state = play(state, [CHANCE, { type: 'deal', order: TILE_IDS, first }]);
      for (let k = 0; k < 4; k++) state = play(state, [(first + k) % 4, PASS]);
    }
    expect(firsts).toEqual([2, 3, 0, 1]);
    expect(nyny.status(state).over).toBe(true);
  });
});
