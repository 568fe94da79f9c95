import { CHANCE, SeededRng } from '@skyline/engine';
import { TILE_IDS, nyny } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { PASS, dealOf, expectRefused, newGame, play } from './helpers.js';

describe('components', () => {
  it('has 48 tiles, 1 to 12 in four colours, named by colour letter and number', () => {
    expect(TILE_IDS).toHaveLength(48);
    expect(new Set(TILE_IDS).size).toBe(48);
    for (const colour of ['r', 'b', 'y', 'g']) {
      for (let n = 1; n <= 12; n++) expect(TILE_IDS).toContain(`${colour}${n}`);
    }
  });
});

describe('the deal (spec: Chance moves)', () => {
  it('starts every game waiting for the deal', () => {
    const state = newGame(3);
    expect(nyny.status(state)).toEqual({ over: false, active: ['chance'], scores: [0, 0, 0], winners: [] });
    expect(nyny.legalMoves(state, 0)).toEqual([]);
    expectRefused(state, 0, { type: 'play', tile: 'r1' }, 'the round has not been dealt yet');
  });

  it('gives order[0..5] to seat 0, order[6..11] to seat 1, the next 6 to the pool, the rest to the deck in order', () => {
    const order = TILE_IDS.slice().reverse(); // g12 g11 ... r1
    const state = play(newGame(2), [CHANCE, { type: 'deal', order, first: 1 }]);
    const v0 = nyny.view(state, 0);
    const v1 = nyny.view(state, 1);
    expect(v0.hand?.slice().sort()).toEqual(order.slice(0, 6).sort());
    expect(v1.hand?.slice().sort()).toEqual(order.slice(6, 12).sort());
    expect(v0.pool).toEqual(order.slice(12, 18));
    expect(v0.deckSize).toBe(30);
    expect(state.deck.map((t) => TILE_IDS[t])).toEqual(order.slice(18));
    expect(nyny.status(state).active).toEqual([1]);
  });

  it('lets any seat start round 1', () => {
    for (const first of [0, 1, 2]) {
      const state = play(newGame(3), [CHANCE, { type: 'deal', order: TILE_IDS, first }]);
      expect(nyny.status(state).active).toEqual([first]);
    }
  });

  it.each([
    [{ type: 'deal', order: TILE_IDS.slice(1), first: 0 }, 'the deal must list all 48 tiles, not 47'],
    [{ type: 'deal', order: [...TILE_IDS.slice(1), 'r2'], first: 0 }, 'tile r2 appears twice in the deal'],
    [{ type: 'deal', order: [...TILE_IDS.slice(1), 'r13'], first: 0 }, 'there is no tile "r13" (order[47])'],
    [{ type: 'deal', order: TILE_IDS, first: 2 }, '"first" must be a seat from 0 to 1'],
    [{ type: 'deal', order: TILE_IDS }, 'a deal chance move needs "first"'],
    [{ type: 'deal', order: 'r1', first: 0 }, '"order" must list the 48 tile ids'],
    [{ type: 'shuffle', order: TILE_IDS, first: 0 }, 'unknown chance move type "shuffle": expected deal'],
  ])('refuses a malformed deal: %j', (deal, reason) => {
    expectRefused(newGame(2), CHANCE, deal, reason);
  });

  it('is the only chance move: none is accepted once the round is dealt', () => {
    const state = play(newGame(2), [
      CHANCE,
      dealOf(
        2,
        [
          ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
          ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
        ],
        ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'],
      ),
    ]);
    expectRefused(
      state,
      CHANCE,
      { type: 'deal', order: TILE_IDS, first: 0 },
      /no chance move is expected now/,
    );
  });

  it('samples a deal of all 48 tiles with a random first seat in round 1 and the next seat after', () => {
    const rng = new SeededRng(7);
    const firsts = new Set<number>();
    for (let k = 0; k < 40; k++) {
      const deal = nyny.sampleChance(newGame(4), rng);
      expect(deal.order.slice().sort()).toEqual(TILE_IDS.slice().sort());
      firsts.add(deal.first);
    }
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
    // Round 2 of a match whose round 1 was started by seat 3: seat 0 starts.
    let state = play(newGame(4, { rounds: 2 }), [CHANCE, { type: 'deal', order: TILE_IDS, first: 3 }]);
    for (const seat of [3, 0, 1, 2]) state = play(state, [seat, PASS]);
    expect(state.phase).toBe('deal');
    expect(nyny.sampleChance(state, rng).first).toBe(0);
  });
});
