import { CHANCE } from '@skyline/engine';
import { DECK, manhattan } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { dealOf, expectRefused, newGame, play } from './helpers.js';

describe('the deal (spec "Chance moves")', () => {
  it('waits for the deal, by chance alone', () => {
    const state = newGame(3);
    expect(manhattan.status(state)).toEqual({
      over: false,
      active: ['chance'],
      scores: [0, 0, 0],
      winners: [],
    });
    expectRefused(
      state,
      0,
      { type: 'select', pieces: [1, 1, 2, 2, 3, 4] },
      'the cards have not been dealt yet',
    );
  });

  it('gives seat s the cards order[4s..4s+3], leaves the rest as the draw pile in order, and starts with "first"', () => {
    // 45 cards: five of each number 1..9
    expect(DECK.length).toBe(45);
    const deal = dealOf(
      [
        [9, 1, 5, 5],
        [2, 2, 2, 8],
        [3, 4, 6, 7],
      ],
      [7, 1, 3],
      2,
    );
    const state = play(newGame(3), [CHANCE, deal]);
    expect(state.hands).toEqual([
      [1, 5, 5, 9],
      [2, 2, 2, 8],
      [3, 4, 6, 7],
    ]);
    expect(state.draw.length).toBe(45 - 12);
    expect(state.draw.slice(0, 3)).toEqual([7, 1, 3]);
    expect(manhattan.status(state).active).toEqual([2]);
    expect(state.phase).toBe('select');
  });

  it('refuses a deal that is not exactly the deck, or names no seat', () => {
    const state = newGame(2);
    const deal = dealOf([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expectRefused(
      state,
      CHANCE,
      { ...deal, order: deal.order.slice(1) },
      '"order" must list the 45 cards of the deck, not 44',
    );
    const sixSixes = deal.order.map((card, k) => (k === 0 ? 6 : card)); // card 1 replaced by a sixth 6
    expectRefused(
      state,
      CHANCE,
      { ...deal, order: sixSixes },
      '"order" lists 4 cards numbered 1, but the deck holds 5',
    );
    expectRefused(
      state,
      CHANCE,
      { ...deal, order: deal.order.map((c, k) => (k === 3 ? 0 : c)) },
      'there is no card 0 (order[3])',
    );
    expectRefused(state, CHANCE, { ...deal, first: 2 }, '"first" must be a seat from 0 to 1');
    expectRefused(
      state,
      CHANCE,
      { type: 'shuffle', order: deal.order },
      'the game starts with a deal, not a shuffle',
    );
    expectRefused(state, CHANCE, { ...deal, extra: 1 }, 'a deal chance move has no field "extra"');
  });

  it('happens once: no chance move is expected once the game has started', () => {
    const state = play(newGame(2), [
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ]);
    expectRefused(
      state,
      CHANCE,
      dealOf([
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
      /no chance move is expected now/,
    );
  });

  it('samples a permutation of the deck and a seat', () => {
    const state = newGame(4);
    const rng = { int: (n: number) => n - 1 };
    const deal = manhattan.sampleChance(state, rng);
    expect(manhattan.validate(state, CHANCE, deal)).toBeNull();
    expect(deal).toMatchObject({ type: 'deal', first: 3 });
  });
});
