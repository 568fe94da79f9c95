import { manhattan, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import {
  CHANCE,
  build,
  checkComponents,
  dealOf,
  discard,
  expectRefused,
  newGame,
  play,
  playFirstLegal,
  startBuild,
  withStacks,
} from './helpers.js';

/** The same game with the draw pile moved onto the discard pile (cards are conserved). */
function emptyDrawPile(state: ManhattanState): ManhattanState {
  const next = manhattan.clone(state);
  next.discard = [...next.discard, ...next.draw];
  next.draw = [];
  return next;
}

const HANDS = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
];

describe('the reshuffle (spec "Chance moves": shuffle)', () => {
  it('a build that finds the draw pile empty waits for the discard pile to be reshuffled, then draws and passes', () => {
    const state = play(emptyDrawPile(startBuild(2, HANDS)), [0, build(1, 1, 1)]);
    expect(manhattan.status(state).active).toEqual(['chance']);
    expect(state.hands[0]).toEqual([2, 3, 4]);
    expect(state.discard.length).toBe(45 - 8 + 1);
    expect(manhattan.legalMoves(state, 1)).toEqual([]);
    expectRefused(
      state,
      1,
      build(5, 1, 1),
      'wait: the discard pile is being reshuffled into a new draw pile',
    );
    expectRefused(
      state,
      CHANCE,
      dealOf(HANDS),
      'the cards are already dealt: the empty draw pile awaits a shuffle',
    );
    expectRefused(
      state,
      CHANCE,
      { type: 'shuffle', order: state.discard.slice(1) },
      `"order" must list the 38 cards of the discard pile, not 37`,
    );
    // the discard pile holds no 5 (all five are seat 1's or... see HANDS: one 5 in seat 1's hand, four in it)
    const fives = state.discard.filter((card) => card === 5).length;
    expectRefused(
      state,
      CHANCE,
      { type: 'shuffle', order: state.discard.map((card) => (card === 9 ? 5 : card)) },
      `"order" lists ${fives + 5} cards numbered 5, but the discard pile holds ${fives}`,
    );
    const order = state.discard.slice().reverse();
    const next = play(state, [CHANCE, { type: 'shuffle', order }]);
    expect(next.hands[0]).toEqual([2, 3, 4, order[0]].sort((a, b) => a! - b!));
    expect(next.draw).toEqual(order.slice(1));
    expect(next.discard).toEqual([]);
    expect(manhattan.status(next).active).toEqual([1]);
    checkComponents(next);
  });

  it('a discard that finds the draw pile empty: after the reshuffle the seat draws and is still to play', () => {
    const base = startBuild(
      2,
      [
        [1, 1, 2, 2],
        [5, 6, 7, 8],
      ],
      {},
      0,
      [],
      [1, 1, 1, 1, 1, 1],
    );
    const blocked = withStacks(
      base,
      [1, 2, 3, 4, 5, 6].flatMap((city) => [
        [city, 1, [1, 2]] as [number, number, [number, number]],
        [city, 2, [1, 2]] as [number, number, [number, number]],
      ]),
    );
    const state = play(emptyDrawPile(blocked), [0, discard(1)]);
    expect(manhattan.status(state).active).toEqual(['chance']);
    const next = play(state, [CHANCE, { type: 'shuffle', order: state.discard.slice() }]);
    expect(manhattan.status(next).active).toEqual([0]);
    expect(next.discardShuffles).toBe(1);
  });

  it('in a real game, the 30th build of a 4-seat game finds the 29-card draw pile empty', () => {
    const start = play(newGame(4), [
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 1, 2, 3],
        [4, 5, 6, 7],
      ]),
    ]);
    expect(start.draw.length).toBe(29);
    let builds = 0;
    const states = playFirstLegal(start, (s) => s.phase === 'shuffle');
    for (const s of states) {
      checkComponents(s);
      if (s.phase === 'build' || s.phase === 'shuffle' || s.phase === 'select') builds = s.discard.length;
    }
    const last = states[states.length - 1] as ManhattanState;
    expect(last.phase).toBe('shuffle');
    expect(builds).toBe(30);
    expect(last.round).toBe(2); // 24 pieces placed in round 1, so the 30th is the 6th of round 2
  });

  it('the last build of the game draws too: with the pile empty, the reshuffle comes before the end', () => {
    const states = playFirstLegal(
      play(newGame(2), [CHANCE, dealOf(HANDS)]),
      // one piece left on the whole table: the last build of round 4
      (s) => s.round === 4 && s.phase === 'build' && s.chosen.flat().reduce((a, b) => a + b, 0) === 1,
    );
    const beforeLast = emptyDrawPile(states[states.length - 1] as ManhattanState);
    const seat = beforeLast.turn;
    expect(seat).toBe(0); // round 4 starts with seat (0 + 3) mod 2 = 1, so seat 0 builds last
    const waiting = play(beforeLast, [seat, manhattan.legalMoves(beforeLast, seat)[0]]);
    expect(manhattan.status(waiting).over).toBe(false);
    expect(manhattan.status(waiting).active).toEqual(['chance']);
    const over = play(waiting, [CHANCE, { type: 'shuffle', order: waiting.discard.slice() }]);
    expect(manhattan.status(over).over).toBe(true);
    expect(over.hands[seat]!.length).toBe(4);
  });
});
