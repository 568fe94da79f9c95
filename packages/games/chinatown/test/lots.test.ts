import { CHANCE, applyMove } from '@skyline/engine';
import { chinatown, lotCardsOf, shopTilesOf } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import {
  OPENING_LOTS,
  OPENING_SHOPS,
  allDone,
  allReady,
  expectRefused,
  newGame,
  nextRound,
  opening,
  openingTrade,
  play,
  settle,
  settleFirst,
  setupMove,
} from './helpers.js';

describe('setup (chance)', () => {
  const fresh = newGame(3);
  const good = setupMove(OPENING_LOTS, OPENING_SHOPS);

  it('waits for the setup chance move, and no seat can move', () => {
    expect(chinatown.active(fresh)).toEqual(['chance']);
    expectRefused(
      fresh,
      0,
      { type: 'ready' },
      'a ready move is not possible now: the game has not been set up yet',
    );
  });

  it('takes a permutation of the 85 lot cards, the 90 shop tiles, the 9 economy cards and a start seat', () => {
    expect(chinatown.validate(fresh, CHANCE, good)).toBeNull();
    const lots = good.lots as number[];
    expectRefused(
      fresh,
      CHANCE,
      { ...good, lots: lots.slice(1) },
      '"lots" must list the 85 lot cards of the deck, not 84',
    );
    expectRefused(
      fresh,
      CHANCE,
      { ...good, lots: [lots[1], ...lots.slice(1)] },
      /lot card \d+ appears twice/,
    );
    const shops = (good.shops as string[]).map((id, k) => (k === 0 ? 'seafood' : id));
    expectRefused(fresh, CHANCE, { ...good, shops }, '"shops" must hold 6 seafood tiles, not 7');
    expectRefused(fresh, CHANCE, { ...good, start: 3 }, '"start" must be a seat from 0 to 2');
    expectRefused(fresh, CHANCE, { ...good, economy: undefined }, /"economy" must list the 9 economy cards/);
    const economy = (good.economy as string[]).map((id, k) => (k === 1 ? 'none-1' : id));
    expectRefused(fresh, CHANCE, { ...good, economy }, 'economy card none-1 appears twice');
  });

  it('has no economy field when the economy cards are not used', () => {
    const noEconomy = newGame(3, { economy: false });
    expectRefused(noEconomy, CHANCE, good, 'the game is played without economy cards: leave out "economy"');
    const { economy: _unused, ...without } = good;
    expect(chinatown.validate(noEconomy, CHANCE, without)).toBeNull();
  });

  it('samples valid setups, with or without economy cards', () => {
    const rng = { int: (n: number) => (n > 1 ? 1 : 0) };
    for (const economy of [true, false]) {
      const state = newGame(4, { economy });
      const move = chinatown.sampleChance(state, rng);
      expect(chinatown.validate(state, CHANCE, move)).toBeNull();
      expect('economy' in move).toBe(economy);
    }
  });
});

describe('lot cards: drawing', () => {
  it('follows the player aid: [drawn, settled] per round, and shop tiles (round 1 the larger number)', () => {
    const table = (players: number) =>
      [1, 2, 3, 4, 5, 6].map((round) => {
        const { draw, settle: kept } = lotCardsOf(players, round, false);
        return `${draw}/${kept}`;
      });
    expect(table(3)).toEqual(['7/5', '6/4', '6/4', '6/4', '6/4', '6/4']);
    expect(table(4)).toEqual(['6/4', '5/3', '5/3', '5/3', '5/3', '5/3']);
    expect(table(5)).toEqual(['5/3', '5/3', '5/3', '4/2', '4/2', '4/2']);
    expect([1, 2].map((round) => shopTilesOf(4, round))).toEqual([6, 3]);
    expect(lotCardsOf(5, 4, true)).toEqual({ draw: 5, settle: 2 });
  });

  it('deals seat 0 first, then seat 1, and so on, from the front of the deck', () => {
    const state = opening();
    expect(state.hands).toEqual([
      [1, 2, 19, 20, 22, 24, 26],
      [3, 4, 16, 17, 18, 23, 25],
      [5, 6, 71, 72, 73, 74, 75],
    ]);
    expect(state.lotDeck.length).toBe(85 - 21);
    expect(state.lotDeck.slice(0, 3)).toEqual([7, 8, 9]);
    expect(state.toSettle).toEqual([5, 5, 5]);
    expect(chinatown.active(state)).toEqual([0, 1, 2]);
  });

  it('draws 6 each and settles 4 in round 2 with 3 seats; with drawMax, 7 as in round 1', () => {
    const plain = allDone(allReady(openingTrade()));
    expect(plain.round).toBe(2);
    // the deck after round 1: 1..6 back on top (our shuffle), then 7, 8, ...
    expect(plain.hands).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
      [13, 14, 15, 21, 27, 28],
    ]);
    expect(plain.toSettle).toEqual([4, 4, 4]);
    const max = allDone(allReady(openingTrade({ drawMax: true })));
    expect(max.hands.map((hand) => hand.length)).toEqual([7, 7, 7]);
    expect(max.hands[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(max.toSettle).toEqual([4, 4, 4]);
  });

  it('when the deck runs short, deals one card at a time, seat by seat, as long as it lasts', () => {
    // A game at the end of round 1's placement whose deck is cut down to 7 cards (the others settled by seat 2).
    let state = allReady(openingTrade());
    state = chinatown.clone(state);
    const kept = state.lotDeck.slice(0, 7);
    for (const card of state.lotDeck.slice(7)) state.owner[card] = 2;
    state.lotDeck = kept;
    state = allDone(state);
    expect(state.round).toBe(2);
    // 7 cards for 3 seats drawing 6: seat 0 gets cards 1, 4, 7; seat 1 cards 2, 5; seat 2 cards 3, 6
    expect(state.hands).toEqual([
      [kept[0], kept[3], kept[6]].sort((a, b) => a! - b!),
      [kept[1], kept[4]].sort((a, b) => a! - b!),
      [kept[2], kept[5]].sort((a, b) => a! - b!),
    ]);
    expect(state.lotDeck).toEqual([]);
    // each seat settles at most as many lots as it holds cards
    expect(state.toSettle).toEqual([3, 2, 2]);
    expectRefused(
      state,
      1,
      settle(...state.hands[1]!.slice(0, 1)),
      'you settle exactly 2 lots this round, not 1',
    );
    state = settleFirst(state);
    expect(state.phase).toBe('trade'); // nothing went back: no reshuffle
  });

  it('with drawMax, the deck runs short in round 6 of a 5-seat game (20 cards for 5 seats drawing 5)', () => {
    let state = newGame(5, { drawMax: true });
    state = settleFirst(play(state, [CHANCE, setupMove([], [], { start: 0 })]));
    while (state.round < 5) state = nextRound(state);
    const deck = state.lotDeck.slice();
    // 5 rounds settle 3+3+3+2+2 lots per seat: 65 lots; 20 cards are left and go round the table 4 times
    expect(deck.length).toBe(20);
    state = allDone(allReady(state));
    expect(state.round).toBe(6);
    expect(state.hands).toEqual(
      [0, 1, 2, 3, 4].map((seat) =>
        [deck[seat], deck[seat + 5], deck[seat + 10], deck[seat + 15]].sort((a, b) => a! - b!),
      ),
    );
    expect(state.lotDeck).toEqual([]);
    expect(state.toSettle).toEqual([2, 2, 2, 2, 2]);
  });
});

describe('lot cards: settling', () => {
  it('accepts exactly the right number of lots from the hand', () => {
    const state = opening();
    expectRefused(state, 0, settle(19, 20, 22, 24), 'you settle exactly 5 lots this round, not 4');
    expectRefused(state, 0, settle(19, 20, 22, 24, 16), 'lot card 16 is not in your hand');
    expectRefused(state, 0, settle(19, 19, 22, 24, 26), 'lot 19 is listed twice');
    expectRefused(state, 0, settle(19, 20, 22, 24, 86), 'there is no lot 86 (lots are 1 to 85)');
    expectRefused(state, 0, { type: 'settle', lots: 19 }, '"lots" must list the 5 lots you settle');
    expectRefused(
      state,
      0,
      { type: 'ready' },
      'a ready move is not possible now: the seats are choosing the lots they settle',
    );
  });

  it('lists every choice as a legal move', () => {
    // 7 cards, settle 5: C(7, 5) = 21 choices
    const moves = chinatown.legalMoves(opening(), 0);
    expect(moves.length).toBe(21);
    expect(moves[0]).toEqual(settle(1, 2, 19, 20, 22));
  });

  it('hides the choice until all have chosen; then marks the lots and returns the other cards for a reshuffle', () => {
    let state = play(opening(), [0, settle(19, 20, 22, 24, 26)]);
    expect(chinatown.active(state)).toEqual([1, 2]);
    expect(state.owner[19]).toBe(-1);
    expectRefused(state, 0, settle(1, 2, 19, 20, 22), 'you have already chosen your lots this round');
    state = play(state, [1, settle(16, 17, 18, 23, 25)], [2, settle(71, 72, 73, 74, 75)]);
    expect([19, 20, 22, 24, 26].map((lot) => state.owner[lot])).toEqual([0, 0, 0, 0, 0]);
    expect([16, 17, 18, 23, 25].map((lot) => state.owner[lot])).toEqual([1, 1, 1, 1, 1]);
    expect(state.hands).toEqual([[], [], []]);
    expect(state.phase).toBe('shuffle');
    expect(chinatown.active(state)).toEqual(['chance']);
    expect(state.lotDeck.length).toBe(64 + 6);
    // the new order must be exactly the cards now in the deck
    const deck = state.lotDeck;
    expectRefused(
      state,
      CHANCE,
      { type: 'shuffleLots', order: deck.slice(1) },
      '"order" must list the 70 lot cards of the deck, not 69',
    );
    expectRefused(
      state,
      CHANCE,
      { type: 'shuffleLots', order: [19, ...deck.slice(1)] },
      'lot card 19 is not in the deck',
    );
    const reversed = deck.slice().reverse();
    const after = play(state, [CHANCE, { type: 'shuffleLots', order: reversed }]);
    expect(after.lotDeck).toEqual(reversed);
    expect(after.phase).toBe('trade');
  });

  it('with keepLotCards, keeps the cards not settled in hand (no reshuffle) for a later round', () => {
    let state = openingTrade({ keepLotCards: true });
    expect(state.phase).toBe('trade');
    expect(state.hands).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    state = allDone(allReady(state));
    // round 2: 2 kept + 6 drawn, settle 4, which may be kept cards
    expect(state.hands[0]).toEqual([1, 2, 7, 8, 9, 10, 11, 12]);
    expect(state.toSettle).toEqual([4, 4, 4]);
    state = play(state, [0, settle(1, 2, 7, 8)]);
    expect(applyMove(chinatown, state, 1, settle(3, 4, 13, 14)).ok).toBe(true);
  });
});
