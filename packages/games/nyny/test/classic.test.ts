import { CHANCE } from '@skyline/engine';
import { nyny, tileId, type NynyState } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { PASS, dealOf, expectRefused, newGame, play, playTile, takeTile } from './helpers.js';

const RED = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
const BLUE = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'];
const POOL = ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'];

/** Two seats, red and blue; seat 0 holds r1..r6, seat 1 b1..b6, the pool y1..y6, the deck starts g1 g2 g3. */
function twoSeats(first = 0): NynyState {
  return play(newGame(2), [CHANCE, dealOf(2, [RED, BLUE], POOL, ['g1', 'g2', 'g3'], first)]);
}

const hand = (state: NynyState, seat: number) => (state.hands[seat] ?? []).map(tileId);
const pool = (state: NynyState) => state.pool.map(tileId);
const stack = (state: NynyState, position: number) => (state.skyline[position - 1] ?? []).map(tileId);

/** Plays turns (first hand tile, first pool tile) until the pool is empty; returns the state. */
function playUntilPoolEmpty(state: NynyState): NynyState {
  let current = state;
  while (current.pool.length > 0) {
    const seat = current.turn;
    current = play(current, [seat, playTile(hand(current, seat)[0] as string)]);
    if (current.phase === 'take') current = play(current, [seat, takeTile(pool(current)[0] as string)]);
  }
  return current;
}

describe('a classic turn (spec: Classic turn)', () => {
  it('starts with the first seat, which may play any tile of its hand or pass', () => {
    const state = twoSeats(1);
    expect(nyny.status(state).active).toEqual([1]);
    expect(nyny.legalMoves(state, 1)).toEqual([...BLUE.map(playTile), PASS]);
    expect(nyny.legalMoves(state, 0)).toEqual([]);
  });

  it('puts a played tile on the position of its number, then the same seat takes a pool tile', () => {
    const state = play(twoSeats(), [0, playTile('r5')]);
    expect(stack(state, 5)).toEqual(['r5']);
    expect(hand(state, 0)).toEqual(['r1', 'r2', 'r3', 'r4', 'r6']);
    expect(nyny.status(state).active).toEqual([0]);
    expect(nyny.legalMoves(state, 0)).toEqual(POOL.map(takeTile));
  });

  it('lets tiles be played in any order of numbers', () => {
    const state = play(
      twoSeats(),
      [0, playTile('r6')],
      [0, takeTile('y1')],
      [1, playTile('b1')],
      [1, takeTile('y2')],
    );
    expect(stack(state, 6)).toEqual(['r6']);
    expect(stack(state, 1)).toEqual(['b1']);
  });

  it("fills the taken tile's pool slot with the top tile of the deck, and passes the turn clockwise", () => {
    const state = play(twoSeats(), [0, playTile('r5')], [0, takeTile('y3')]);
    expect(hand(state, 0)).toEqual(['r1', 'r2', 'r3', 'r4', 'r6', 'y3']);
    expect(pool(state)).toEqual(['y1', 'y2', 'g1', 'y4', 'y5', 'y6']);
    expect(nyny.view(state, 0).deckSize).toBe(48 - 12 - 6 - 1);
    expect(nyny.status(state).active).toEqual([1]);
  });

  it("lets the pool tile be of any colour: the seat's own, another seat's or a neutral one", () => {
    let state = play(
      twoSeats(),
      [0, playTile('r1')],
      [0, takeTile('y1')],
      [1, playTile('b1')],
      [1, takeTile('g1')],
    );
    expect(hand(state, 1)).toContain('g1');
    state = play(state, [0, playTile('r2')], [0, takeTile('g2')]);
    expect(hand(state, 0)).toContain('g2');
  });

  it('covers the tiles already on a position: only the top one counts', () => {
    let state = play(twoSeats(), [0, playTile('r3')], [0, takeTile('y1')]);
    expect(nyny.status(state).scores).toEqual([3, 0]);
    state = play(state, [1, playTile('b3')], [1, takeTile('y2')]);
    expect(stack(state, 3)).toEqual(['r3', 'b3']);
    expect(nyny.status(state).scores).toEqual([0, 3]);
  });

  it('makes the seat take after playing while the pool holds tiles: no pass, no second play', () => {
    const state = play(twoSeats(), [0, playTile('r5')]);
    expectRefused(state, 0, PASS, 'you cannot pass now: take a tile from the pool');
    expectRefused(state, 0, playTile('r4'), 'you have already played this turn: take a tile from the pool');
    expectRefused(state, 1, playTile('b1'), 'it is not your turn: seat 0 is to take a tile from the pool');
    expectRefused(state, 0, takeTile('g1'), 'tile g1 is not in the pool');
  });

  it('refuses what breaks the rules of a turn, with the rule in the reason', () => {
    const state = twoSeats();
    expectRefused(state, 0, playTile('b1'), 'tile b1 is not in your hand');
    expectRefused(state, 0, playTile('r13'), 'there is no tile "r13"');
    expectRefused(state, 0, takeTile('y1'), 'play a tile before taking one');
    expectRefused(state, 1, playTile('b1'), 'it is not your turn: seat 0 is to play');
    expectRefused(state, 2, playTile('b1'), 'there is no seat 2');
    expectRefused(state, 0, { type: 'play' }, 'a play move needs "tile"');
    expectRefused(state, 0, { type: 'play', tile: 'r1', extra: true }, 'a play move has no field "extra"');
    expectRefused(state, 0, { type: 'build' }, 'unknown move type "build": expected play, take, pass');
    expectRefused(state, 0, 'pass', 'a move must be an object such as {"type": "play"}');
  });

  it('ends the turn without a take when the pool is empty after the play', () => {
    let state = playUntilPoolEmpty(twoSeats());
    expect(state.deck).toEqual([]);
    expect(state.pool).toEqual([]);
    const seat = state.turn;
    const before = hand(state, seat).length;
    state = play(state, [seat, playTile(hand(state, seat)[0] as string)]);
    expect(hand(state, seat)).toHaveLength(before - 1);
    expect(state.phase).toBe('play');
    expect(state.turn).toBe(1 - seat);
    expectRefused(state, seat, takeTile('r1'), 'it is not your turn: seat ' + (1 - seat) + ' is to play');
  });
});

describe('passing (spec: Classic turn, pass)', () => {
  it('puts the seat out for the rest of the round: it has no more turns and its tiles are never played', () => {
    let state = play(twoSeats(), [0, PASS]);
    expect(state.passed).toEqual([true, false]);
    expect(nyny.status(state).active).toEqual([1]);
    // Seat 1 plays on alone, turn after turn.
    state = play(state, [1, playTile('b1')], [1, takeTile('y1')]);
    expect(nyny.status(state).active).toEqual([1]);
    expectRefused(state, 0, playTile('r1'), 'you have passed and are out for the rest of this round');
    expect(nyny.legalMoves(state, 0)).toEqual([]);
  });

  it('skips seats that passed or hold no tile when finding the next active seat', () => {
    let state = play(newGame(3), [
      CHANCE,
      dealOf(3, [RED, BLUE, ['y1', 'y2', 'y3', 'y4', 'y5', 'y6']], ['g1', 'g2', 'g3', 'g4', 'g5', 'g6']),
    ]);
    state = play(state, [0, playTile('r1')], [0, takeTile('g1')], [1, PASS]);
    expect(nyny.status(state).active).toEqual([2]);
    state = play(state, [2, playTile('y1')], [2, takeTile('g2')]);
    expect(nyny.status(state).active).toEqual([0]); // seat 1 is skipped
  });

  it('ends the round at once when every seat has passed', () => {
    const state = play(twoSeats(), [0, PASS], [1, PASS]);
    expect(nyny.status(state)).toEqual({ over: true, active: [], scores: [0, 0], winners: [0, 1] });
  });
});

describe('the end of a round (spec: End of a round; Decision: tiles stuck in passed hands)', () => {
  it('ends when the only seat that has not passed has played out its hand, though a passed hand still holds tiles', () => {
    let state = play(twoSeats(), [0, playTile('r1')], [0, takeTile('y1')], [1, PASS]);
    // Seat 0 plays on alone until its hand is empty: the round ends with seat 1's tiles still in hand.
    let guard = 0;
    while (nyny.status(state).active.length > 0 && guard++ < 100) {
      const moves = nyny.legalMoves(state, 0).filter((m) => m.type !== 'pass');
      state = play(state, [0, moves[0]]);
    }
    expect(nyny.status(state).over).toBe(true);
    expect(state.hands[0]).toEqual([]);
    expect(hand(state, 1)).toEqual(BLUE);
    // Every tile but seat 1's six was played.
    expect(state.skyline.flat()).toHaveLength(42);
  });

  it('ends when every tile has been played', () => {
    let state = twoSeats();
    let guard = 0;
    while (!nyny.status(state).over && guard++ < 200) {
      const seat = state.turn;
      state = play(state, [seat, nyny.legalMoves(state, seat)[0]]);
    }
    expect(state.skyline.flat()).toHaveLength(48);
    expect(state.hands.flat()).toEqual([]);
  });
});
