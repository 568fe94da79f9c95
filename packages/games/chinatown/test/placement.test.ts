import { NEIGHBOURS, NO_STREET_ACCESS_LOTS, chinatown, type ChinatownState } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { DONE, allDone, allReady, expectRefused, openingTrade, place, play, settleFirst } from './helpers.js';

const RADIO = 11;

describe('placement, all at once (default)', () => {
  const state = allReady(openingTrade());

  it('awaits every seat; each places on its own empty lots, then says done', () => {
    expect(state.phase).toBe('place');
    expect(chinatown.active(state)).toEqual([0, 1, 2]);
    const next = play(state, [1, place(16, 'seafood')], [0, place(19, 'restaurant')], [0, DONE]);
    expect(next.shop[16]).toBe(0);
    expect(next.shop[19]).toBe(4);
    expect(chinatown.active(next)).toEqual([1, 2]);
    expectRefused(next, 0, place(20, 'seafood'), 'you have ended your placement this round');
  });

  it('refuses lots of others, lots with a tile, and tiles not in hand', () => {
    const next = play(state, [0, place(19, 'restaurant')]);
    expectRefused(next, 0, place(16, 'seafood'), 'lot 16 is not yours');
    expectRefused(next, 0, place(1, 'seafood'), 'lot 1 is not yours');
    expectRefused(next, 0, place(19, 'seafood'), 'lot 19 already holds a shop tile');
    expectRefused(next, 0, place(20, 'radio'), 'you hold no radio tile');
    expectRefused(next, 0, place(20, 'bakery'), 'there is no shop kind "bakery"');
    expectRefused(next, 0, place(0, 'seafood'), 'there is no lot 0 (lots are 1 to 85)');
  });

  it('lists every own empty lot with every kind in hand, and done', () => {
    // seat 0: lots 19 20 22 24 26, restaurant and seafood tiles
    const moves = chinatown.legalMoves(state, 0);
    expect(moves.length).toBe(5 * 2 + 1);
    expect(moves.at(-1)).toEqual(DONE);
  });

  it('may place nothing', () => {
    const next = allDone(state);
    expect(next.round).toBe(2);
    expect(next.tiles[0]![4]).toBe(4); // the restaurants stay in hand
  });

  it('pays the economy card and the shops when all are done (worked by hand)', () => {
    const next = play(
      state,
      // seat 0: restaurants 19 22 24 26 (a column, complete: $8,000), seafood 20 (alone: $1,000)
      [0, place(19, 'restaurant')],
      [0, place(22, 'restaurant')],
      [0, place(24, 'restaurant')],
      [0, place(26, 'restaurant')],
      [0, place(20, 'seafood')],
      // seat 1: seafood 16 17 18 (complete: $5,000), radio 23 ($1,000)
      [1, place(16, 'seafood')],
      [1, place(17, 'seafood')],
      [1, place(18, 'seafood')],
      [1, place(23, 'radio')],
      // seat 2: tea house 71 72 73 (complete: $5,000), antiques 74 and 75 (not neighbours: 2 x $1,000)
      [2, place(71, 'teahouse')],
      [2, place(72, 'teahouse')],
      [2, place(73, 'teahouse')],
      [2, place(74, 'antiques')],
      [2, place(75, 'antiques')],
      [0, DONE],
      [1, DONE],
      [2, DONE],
    );
    // round 1's economy card is "all-3" ($1,000 per tile of a size-3 kind: seafood, tea house)
    // seat 0: 8,000 + 1,000 + 1,000 (1 seafood); seat 1: 5,000 + 1,000 + 3,000; seat 2: 5,000 + 2,000 + 3,000
    expect(next.income).toEqual([[10000, 9000, 10000]]);
    expect(next.money).toEqual([15000, 14000, 15000]);
    expect(chinatown.status(next).scores).toEqual([15000, 14000, 15000]);
  });

  it('pays no economy bonus without economy cards', () => {
    let next = play(allReady(openingTrade({ economy: false })), [1, place(16, 'seafood')]);
    next = allDone(next);
    expect(next.income).toEqual([[0, 1000, 0]]);
  });
});

describe('placement, one seat at a time (sequentialPlacement)', () => {
  it('starts with the holder of the start tile, goes clockwise, and passes the start tile after every round', () => {
    let state = allReady(openingTrade({ sequentialPlacement: true }, 1));
    expect(chinatown.active(state)).toEqual([1]);
    expectRefused(state, 0, place(19, 'restaurant'), 'it is not your turn to place: seat 1 is placing');
    expectRefused(state, 2, DONE, 'it is not your turn to place: seat 1 is placing');
    state = play(state, [1, place(16, 'seafood')], [1, DONE]);
    expect(chinatown.active(state)).toEqual([2]);
    state = play(state, [2, DONE]);
    expect(chinatown.active(state)).toEqual([0]);
    state = play(state, [0, DONE]);
    expect(state.round).toBe(2);
    state = allReady(settleFirst(state));
    expect(chinatown.active(state)).toEqual([2]);
  });
});

describe('variant A: street access', () => {
  /** Seat 0 in placement, owning `lot` (empty) and holding a radio tile; the neighbours as given. */
  const position = (lot: number, neighbours: [number, number, number][] = []): ChinatownState => {
    const state = chinatown.clone(allReady(openingTrade({ streetAccess: true })));
    state.owner[lot] = 0;
    state.shop[lot] = -1;
    state.tiles[0]![RADIO] = 1;
    for (const [next, owner, kind] of neighbours) {
      state.owner[next] = owner;
      state.shop[next] = kind;
    }
    return state;
  };
  const listed = Object.values(NO_STREET_ACCESS_LOTS).flat();

  it('uses the lots the rule text lists', () => {
    expect(NO_STREET_ACCESS_LOTS).toEqual({
      'Lafayette St': [1, 2, 3, 6, 7],
      Bowery: [14, 17, 18, 21, 22],
      'Grand St': [29, 30, 32, 33, 34, 35, 38, 39],
      'Centre St': [47, 50, 53, 56, 57],
      'Canal St': [63, 64, 68],
      'Park Row': [77, 78, 80, 82, 84],
    });
  });

  it.each(listed)('lot %i cannot open a shop, only extend one of the same kind and owner', (lot) => {
    const alone = position(
      lot,
      (NEIGHBOURS[lot] as number[]).map((next) => [next, 1, -1]),
    );
    expectRefused(
      alone,
      0,
      place(lot, 'radio'),
      `lot ${lot} has no street access: it can only extend a radio shop of yours next to it`,
    );
    expect(chinatown.legalMoves(alone, 0)).not.toContainEqual(place(lot, 'radio'));
    const first = (NEIGHBOURS[lot] as number[])[0]!;
    // a neighbouring radio of another seat, or a neighbouring shop of another kind, does not help
    expect(chinatown.validate(position(lot, [[first, 1, RADIO]]), 0, place(lot, 'radio'))).not.toBeNull();
    expect(chinatown.validate(position(lot, [[first, 0, 4]]), 0, place(lot, 'radio'))).not.toBeNull();
    // a neighbouring radio of its own: the tile extends that shop
    const extend = position(lot, [[first, 0, RADIO]]);
    expect(chinatown.validate(extend, 0, place(lot, 'radio'))).toBeNull();
    expect(chinatown.legalMoves(extend, 0)).toContainEqual(place(lot, 'radio'));
  });

  it('lets every other lot open a shop (the rule text: 75, 76 and 81 can open new shops)', () => {
    for (const lot of [75, 76, 81, 19, 20, 85]) {
      expect(chinatown.validate(position(lot), 0, place(lot, 'radio'))).toBeNull();
    }
  });

  it('does not apply without the option', () => {
    const state = chinatown.clone(allReady(openingTrade()));
    state.owner[77] = 0;
    state.tiles[0]![RADIO] = 1;
    expect(chinatown.validate(state, 0, place(77, 'radio'))).toBeNull();
  });
});
