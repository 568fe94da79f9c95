/**
 * The course of an episode (the rules page, "A turn", "End of an episode, end of the game"): a card is revealed,
 * every seat that has not stopped chooses at once to build, pass or stop; the choices are carried out together; the episode
 * ends when every seat has stopped or after the last card.
 */
import { mycity } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { CHANCE, PASS, STOP, build, dealOf, expectRefused, newGame, play } from './helpers.js';

const Y3_BY_RIVER = build([3, 3], [3, 4], [4, 3], [4, 4]);

describe('a card is revealed and every seat still building chooses at once', () => {
  it('the game starts waiting for the deal; then every seat is awaited, on the first card of the deal', () => {
    const start = newGame(3);
    expect(mycity.active(start)).toEqual(['chance']);
    expectRefused(start, 0, PASS, 'episode 1 has not been dealt yet');
    const dealt = play(start, [CHANCE, dealOf('b3', 'y1')]);
    expect(mycity.active(dealt)).toEqual([0, 1, 2]);
    expect(mycity.view(dealt, 0).revealed).toEqual(['b3']);
    expect(mycity.view(dealt, 0).deckSize).toBe(23);
  });

  it('a seat that has chosen is no longer awaited and cannot change its choice', () => {
    const state = play(newGame(3), [CHANCE, dealOf('y3', 'y1')], [1, PASS]);
    expect(mycity.active(state)).toEqual([0, 2]);
    expectRefused(state, 1, STOP, 'you have already chosen for this card: wait until every seat has chosen');
    expectRefused(state, 1, Y3_BY_RIVER, /already chosen/);
  });

  it('nothing happens until every seat has chosen; then all choices are carried out together', () => {
    let state = play(newGame(3), [CHANCE, dealOf('y3', 'y1')], [0, Y3_BY_RIVER], [1, PASS]);
    expect(state.markers).toEqual([10, 10, 10]);
    expect(mycity.view(state, 2).boards).toEqual([[], [], []]);
    state = play(state, [2, STOP]);
    expect(state.markers).toEqual([10, 9, 10]);
    expect(state.stopped).toEqual([false, false, true]);
    expect(mycity.view(state, 2).boards[0]).toEqual([
      {
        id: 'y3',
        cells: [
          [3, 3],
          [3, 4],
          [4, 3],
          [4, 4],
        ],
      },
    ]);
    // The next card is revealed, and the seats still building are awaited again.
    expect(mycity.view(state, 0).revealed).toEqual(['y3', 'y1']);
    expect(mycity.active(state)).toEqual([0, 1]);
  });

  it('only the revealed building can be built', () => {
    const state = play(newGame(2), [CHANCE, dealOf('y3', 'y1')]);
    expectRefused(state, 0, build([3, 2], [3, 3], [3, 4]), 'building y3 covers 4 squares, not 3');
  });

  it('moves of seats that do not exist, or of chance, are refused', () => {
    const state = play(newGame(2), [CHANCE, dealOf()]);
    expectRefused(state, 2, PASS, 'there is no seat 2');
    expectRefused(state, CHANCE, PASS, 'no chance move is expected now: the episode has been dealt');
    expectRefused(state, 0, { type: 'wait' }, 'unknown move type "wait": expected build, pass, stop');
  });
});

describe('pass and stop', () => {
  it('pass moves the marker back one space; the seat plays on', () => {
    const state = play(newGame(2), [CHANCE, dealOf()], [0, PASS], [1, PASS], [0, PASS], [1, STOP]);
    expect(state.markers).toEqual([8, 9]);
    expect(mycity.active(state)).toEqual([0]);
  });

  it('a seat whose marker is on 0 cannot pass (Decision): it must build or stop', () => {
    let state = play(newGame(2), [CHANCE, dealOf()], [1, STOP]);
    for (let k = 0; k < 10; k++) state = play(state, [0, PASS]);
    expect(state.markers[0]).toBe(0);
    expectRefused(state, 0, PASS, 'your marker is on 0: you cannot pass, you must build or stop');
    // dealOf() reveals the cards in id order (y1..y8, r1..r8, b1..b8): after 10 cards, the 11th is r3.
    expect(mycity.view(state, 0).revealed.at(-1)).toBe('r3');
    state = play(state, [0, STOP]);
    expect(mycity.status(state).over).toBe(true);
    expect(state.markers[0]).toBe(0);
  });

  it('stop costs nothing and takes the seat out for the rest of the episode', () => {
    const state = play(newGame(3), [CHANCE, dealOf()], [0, STOP], [1, PASS], [2, PASS]);
    expect(state.markers).toEqual([10, 9, 9]);
    expect(mycity.active(state)).toEqual([1, 2]);
    expectRefused(state, 0, PASS, 'you have stopped: you build nothing more this episode');
    expectRefused(state, 0, build([3, 2], [3, 3], [4, 2]), /you have stopped/);
    expect(mycity.legalMoves(state, 0)).toEqual([]);
  });
});

describe('the end of an episode', () => {
  it('ends when every seat has stopped, whatever cards are left', () => {
    let state = play(newGame(3), [CHANCE, dealOf()], [0, STOP], [1, PASS], [2, PASS]);
    state = play(state, [1, STOP], [2, PASS]);
    expect(mycity.status(state).over).toBe(false);
    state = play(state, [2, STOP]);
    expect(mycity.status(state)).toMatchObject({ over: true, active: [] });
    expectRefused(state, 2, PASS, 'the game is over');
    expectRefused(state, CHANCE, dealOf(), 'the game is over');
  });

  it('ends after the choices on the 24th card', () => {
    // Seat 1 stops at once; seat 0 builds on the first 14 cards (the first build listed each time: the placement
    // rules are tested elsewhere), then passes on the last 10 and ends with its marker on 0.
    let state = play(newGame(2), [CHANCE, dealOf()], [1, STOP]);
    for (let card = 0; card < 24; card++) {
      expect(mycity.status(state).over, `card ${card}`).toBe(false);
      const moves = mycity.legalMoves(state, 0);
      if (card < 14) expect(moves[0]?.type, `card ${card}`).toBe('build');
      state = play(state, [0, card < 14 ? moves[0] : PASS]);
    }
    expect(state.markers[0]).toBe(0);
    expect(mycity.status(state).over).toBe(true);
    expect(state.placed[0]).toHaveLength(14);
  });
});
