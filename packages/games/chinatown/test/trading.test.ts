import { chinatown, type ChinatownState } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import {
  DONE,
  READY,
  UNREADY,
  accept,
  allDone,
  allReady,
  decline,
  expectRefused,
  offer,
  openingTrade,
  place,
  play,
  settleFirst,
  withdraw,
} from './helpers.js';

// openingTrade(): seat 0 owns 19 20 22 24 26 and holds 4 restaurant + 3 seafood tiles; seat 1 owns 16 17 18 23 25,
// 3 seafood + 4 radio; seat 2 owns 71..75, 3 teahouse + 4 antiques. Everyone has $5,000.

const tilesOf = (state: ChinatownState, seat: number, kind: string) =>
  state.tiles[seat]![
    [
      'seafood',
      'pharmacy',
      'teahouse',
      'drycleaner',
      'restaurant',
      'sports',
      'antiques',
      'hardware',
      'tailor',
      'agency',
      'watchmaker',
      'radio',
    ].indexOf(kind)
  ];

describe('trading: offers', () => {
  const state = openingTrade();

  it('opens with every seat active and nobody ready', () => {
    expect(state.phase).toBe('trade');
    expect(chinatown.active(state)).toEqual([0, 1, 2]);
    expect(state.ready).toEqual([false, false, false]);
  });

  it('numbers offers from 1 in the order they are made, and makes their maker not ready', () => {
    let next = play(state, [0, READY], [0, offer(1, { shops: { seafood: 1 } }, { shops: { radio: 1 } })]);
    expect(next.ready[0]).toBe(false);
    next = play(next, [2, offer(0, { money: 1000 }, { lots: [26] })]);
    expect(next.offers.map((o) => [o.id, o.from, o.to])).toEqual([
      [1, 0, 1],
      [2, 2, 0],
    ]);
  });

  it('checks what the maker can know: its own side, and the lots and tiles of the other seat', () => {
    expectRefused(state, 0, offer(1, { lots: [16] }, {}), 'you do not own lot 16');
    expectRefused(state, 0, offer(1, { shops: { radio: 1 } }, {}), 'you do not hold 1 radio tile (only 0)');
    expectRefused(
      state,
      0,
      offer(1, { shops: { seafood: 4 } }, {}),
      'you do not hold 4 seafood tiles (only 3)',
    );
    expectRefused(state, 0, offer(1, { money: 6000 }, {}), 'you do not have $6,000');
    expectRefused(state, 0, offer(1, {}, { lots: [19] }), "lot 19 is not seat 1's");
    expectRefused(state, 0, offer(1, {}, { lots: [71] }), "lot 71 is not seat 1's");
    expectRefused(
      state,
      0,
      offer(1, {}, { shops: { antiques: 1 } }),
      'seat 1 does not hold 1 antiques tile (only 0)',
    );
    expectRefused(state, 0, offer(0, { money: 1000 }, {}), 'you cannot make an offer to yourself');
    expectRefused(state, 0, offer(3, { money: 1000 }, {}), '"to" must be a seat from 0 to 2');
    expectRefused(state, 0, offer(1, {}, {}), 'an offer must give or ask for something');
    expectRefused(
      state,
      0,
      offer(1, { money: 1500 }, {}),
      'give.money must be a positive amount in whole thousands, such as 3000',
    );
    expectRefused(
      state,
      0,
      offer(1, { shops: { bakery: 1 } }, {}),
      'give.shops: there is no shop kind "bakery"',
    );
    expectRefused(state, 0, offer(1, { lots: [19, 19] }, {}), 'give.lots: lot 19 is listed twice');
    expectRefused(
      state,
      0,
      offer(1, { cash: 1 }, {}),
      '"give" has no field "cash" (a bundle has lots, shops, money and lotCards)',
    );
    expectRefused(
      state,
      0,
      offer(1, {}, { lotCards: [5] }),
      'lot cards can be traded only with the keepLotCards option',
    );
  });

  it("does not check the other seat's money when the offer is made (it is secret), only on acceptance", () => {
    const next = play(state, [0, offer(1, { lots: [26] }, { money: 9000 })]);
    expectRefused(next, 1, accept(1), 'you do not have $9,000');
    expect(chinatown.legalMoves(next, 1)).not.toContainEqual(accept(1));
    expect(chinatown.legalMoves(next, 1)).toContainEqual(decline(1));
  });

  it('allows gifts (one side empty, or left out)', () => {
    const next = play(state, [0, offer(2, { money: 2000 }, {})], [2, accept(1)]);
    expect(next.money).toEqual([3000, 5000, 7000]);
    const asked = play(state, [1, { type: 'offer', to: 2, get: { shops: { teahouse: 1 } } }], [2, accept(1)]);
    expect(tilesOf(asked, 1, 'teahouse')).toBe(1);
    expectRefused(state, 0, { type: 'offer', to: 1 }, 'an offer must give or ask for something');
  });
});

describe('trading: answers', () => {
  const state = play(openingTrade(), [0, offer(1, { lots: [26], money: 1000 }, { shops: { radio: 2 } })]);

  it('accept exchanges everything at once', () => {
    const next = play(state, [1, accept(1)]);
    expect(next.owner[26]).toBe(1);
    expect(next.money).toEqual([4000, 6000, 5000]);
    expect(tilesOf(next, 0, 'radio')).toBe(2);
    expect(tilesOf(next, 1, 'radio')).toBe(2);
    expect(next.offers).toEqual([]);
  });

  it('only the seat the offer is made to answers it; only its maker withdraws it', () => {
    expectRefused(state, 2, accept(1), 'offer 1 is not made to you');
    expectRefused(state, 0, accept(1), 'offer 1 is not made to you');
    expectRefused(state, 1, withdraw(1), 'offer 1 is not yours to withdraw');
    expectRefused(state, 1, accept(2), 'there is no offer 2');
    expectRefused(state, 1, accept(0), '"offer" must be an offer number (1, 2, ...)');
    const declined = play(state, [1, decline(1)]);
    expect(declined.offers).toEqual([]);
    expectRefused(declined, 1, accept(1), 'offer 1 is no longer open');
    const withdrawn = play(state, [0, withdraw(1)]);
    expect(withdrawn.offers).toEqual([]);
    expectRefused(withdrawn, 1, accept(1), 'offer 1 is no longer open');
  });

  it('lists the answers as legal moves of the seats concerned', () => {
    expect(chinatown.legalMoves(state, 1)).toEqual(expect.arrayContaining([accept(1), decline(1)]));
    expect(chinatown.legalMoves(state, 0)).toContainEqual(withdraw(1));
    expect(chinatown.legalMoves(state, 2)).not.toContainEqual(accept(1));
  });

  it('accepting makes both seats of the trade not ready', () => {
    const next = play(state, [0, READY], [2, READY], [1, accept(1)]);
    expect(next.ready).toEqual([false, false, true]);
  });
});

describe('trading: a trade made invalid by an earlier trade', () => {
  it('refuses the acceptance with the reason and changes nothing', () => {
    let state = play(
      openingTrade(),
      [0, offer(1, { lots: [26] }, { shops: { radio: 1 } })], // 1
      [0, offer(2, { lots: [26] }, { shops: { antiques: 1 } })], // 2: the same lot
      [0, offer(1, { shops: { seafood: 3 } }, { shops: { radio: 1 } })], // 3
      [0, offer(2, { shops: { seafood: 1 } }, {})], // 4
      [0, offer(1, { money: 5000 }, { shops: { radio: 1 } })], // 5
      [0, offer(2, { money: 1000 }, {})], // 6
      [2, offer(1, {}, { shops: { radio: 4 } })], // 7: asks for all of seat 1's radios
    );
    state = play(state, [1, accept(1)]);
    expect(state.owner[26]).toBe(1);
    expectRefused(state, 2, accept(2), 'seat 0 no longer owns lot 26');
    expect(chinatown.legalMoves(state, 2)).not.toContainEqual(accept(2));

    state = play(state, [1, accept(3)]);
    expectRefused(state, 2, accept(4), 'seat 0 no longer holds 1 seafood tile (only 0)');

    state = play(state, [1, accept(5)]);
    expectRefused(state, 2, accept(6), 'seat 0 no longer has the $1,000 of the offer');

    // seat 1 gave 3 of its 4 radios away (offers 1, 3 and 5): it cannot accept offer 7 any more
    expectRefused(state, 1, accept(7), 'you do not hold 4 radio tiles (only 1)');
  });
});

describe('trading: ready', () => {
  const state = openingTrade();

  it('refuses ready twice and unready when not ready', () => {
    const next = play(state, [0, READY]);
    expectRefused(next, 0, READY, 'you are ready already');
    expectRefused(next, 1, UNREADY, 'you are not ready: there is nothing to take back');
    expect(play(next, [0, UNREADY]).ready[0]).toBe(false);
  });

  it('keeps every seat active until all are ready; then offers lapse and placement begins', () => {
    let next = play(state, [2, offer(0, { money: 1000 }, {})], [0, READY], [1, READY]);
    expect(chinatown.active(next)).toEqual([0, 1, 2]);
    expect(chinatown.legalMoves(next, 0)).toContainEqual(decline(1));
    next = play(next, [2, READY]);
    expect(next.phase).toBe('place');
    expect(next.offers).toEqual([]);
    expectRefused(next, 0, accept(1), 'an accept move is not possible now: the seats are placing shop tiles');
  });

  it('numbers offers over the whole game', () => {
    let next = play(state, [0, offer(1, { money: 1000 }, {})]);
    next = settleFirst(allDone(allReady(next)));
    expect(next.round).toBe(2);
    next = play(next, [1, offer(0, { money: 1000 }, {})]);
    expect(next.offers[0]!.id).toBe(2);
  });
});

describe('trading: lots with shops, and lot cards', () => {
  it('moves the ownership marker; the shop tile stays on the lot', () => {
    let state = play(openingTrade(), [0, READY], [1, READY], [2, READY], [0, place(19, 'restaurant')]);
    state = settleFirst(allDone(state));
    state = play(state, [0, offer(1, { lots: [19] }, { money: 1000 })], [1, accept(1)]);
    expect(state.owner[19]).toBe(1);
    expect(state.shop[19]).toBe(4); // restaurant
  });

  it('with keepLotCards, trades the lot cards in hand', () => {
    const state = openingTrade({ keepLotCards: true }); // seat 0 keeps 1 2, seat 1 3 4, seat 2 5 6
    expectRefused(state, 0, offer(1, { lotCards: [3] }, {}), 'you do not hold lot card 3');
    expectRefused(state, 0, offer(1, {}, { lotCards: [2] }), 'lot card 2 is in your own hand');
    expectRefused(
      state,
      0,
      offer(1, {}, { lotCards: [19] }),
      'lot card 19 has left the game: lot 19 is settled',
    );
    // seat 0 cannot know that seat 1 does not hold card 5: checked on acceptance
    let next = play(state, [0, offer(1, { lotCards: [1] }, { lotCards: [5] })]);
    expectRefused(next, 1, accept(1), 'you do not hold lot card 5');
    next = play(next, [0, offer(1, { lotCards: [1] }, { lotCards: [3] })], [1, accept(2)]);
    expect(next.hands).toEqual([
      [2, 3],
      [1, 4],
      [5, 6],
    ]);
  });
});

export { DONE };
