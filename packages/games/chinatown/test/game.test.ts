import { chinatown } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import {
  allDone,
  allReady,
  expectRefused,
  nextRound,
  openingTrade,
  place,
  play,
  settleFirst,
} from './helpers.js';

describe('the game', () => {
  it('lasts six rounds and ends after the income of round 6; the richest seat wins', () => {
    let state = openingTrade({ economy: false });
    // round 1: seat 1 opens a seafood shop of 3 on 16 17 18 ($5,000 a round from now on)
    state = play(
      allReady(state),
      [1, place(16, 'seafood')],
      [1, place(17, 'seafood')],
      [1, place(18, 'seafood')],
    );
    state = settleFirst(allDone(state));
    for (let round = 2; round <= 5; round++) {
      expect(state.round).toBe(round);
      expect(chinatown.status(state).over).toBe(false);
      state = nextRound(state);
    }
    expect(state.round).toBe(6);
    state = nextRound(state);
    const status = chinatown.status(state);
    // 6 rounds of $5,000 for seat 1, nothing for the others
    expect(status).toEqual({ over: true, active: [], scores: [5000, 35000, 5000], winners: [1] });
    expectRefused(state, 0, { type: 'ready' }, 'the game is over');
  });

  it('lets ties share the win', () => {
    let state = openingTrade({ economy: false });
    while (state.phase !== 'over') state = nextRound(state);
    expect(chinatown.status(state).winners).toEqual([0, 1, 2]);
  });

  it('scores each seat its money while the game goes on', () => {
    const state = play(
      openingTrade(),
      [0, { type: 'offer', to: 2, give: { money: 2000 }, get: {} }],
      [2, { type: 'accept', offer: 1 }],
    );
    expect(chinatown.status(state)).toEqual({
      over: false,
      active: [0, 1, 2],
      scores: [3000, 5000, 7000],
      winners: [],
    });
  });

  it('reveals the economy cards in order, one per round, after the three put away', () => {
    let state = openingTrade();
    while (state.phase !== 'over') state = nextRound(state);
    expect(chinatown.view(state, 0).economy).toEqual([
      'all-3',
      'all-4',
      'all-5',
      'all-6',
      'all-3-4',
      'all-5-6',
    ]);
  });
});
