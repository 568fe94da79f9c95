import { CHANCE, SeededRng, randomMove, type AnyGame } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { DuplicateChances, roundDeal, sameOrder, type ChanceSource, type RoundDeal } from '../src/deals.js';

/** Plays one table to its end: chance from `source`, seats by a random player seeded by `players`. */
function playTable(game: AnyGame, seats: number, source: ChanceSource, players: number) {
  const options = (game.parseOptions(seats, {}) as { ok: true; options: unknown }).options;
  const state = game.setup(seats, options);
  const rng = new SeededRng(players);
  const chances: unknown[] = [];
  for (let step = 0; step < 100_000; step++) {
    const active = game.active(state);
    if (active.length === 0) break;
    const actor = game.randomActor ? game.randomActor(state, rng) : active[0]!;
    if (actor === CHANCE) {
      const chance = source.chance(game, state, chances.length);
      expect(game.validate(state, CHANCE, chance)).toBeNull();
      game.applyInPlace(state, CHANCE, chance);
      chances.push(chance);
    } else game.applyInPlace(state, actor, randomMove(game, state, actor, rng));
  }
  expect(game.active(state)).toEqual([]);
  return chances;
}

/** A fixed key per test number: the tests replay; a round's real key is `KeyedRng.newKey()`. */
const keyOf = (n: number) => n.toString(16).padStart(64, '0');

function dealOf(id: string, seats: number, key: number | string) {
  const game = GAMES.get(id)!;
  const options = (game.parseOptions(seats, {}) as { ok: true; options: unknown }).options;
  return { game, deal: roundDeal(game, seats, options, typeof key === 'string' ? key : keyOf(key)) };
}

describe('duplicate deals', () => {
  for (const [id, seats] of [
    ['nyny', 4],
    ['mycity', 4],
    ['chinatown', 4],
  ] as const)
    it(`${id}: two tables of a round with different players' moves are dealt the same chance moves`, () => {
      const { game, deal } = dealOf(id, seats, 77);
      const a = playTable(game, seats, new DuplicateChances(deal, 0), 1);
      const b = playTable(game, seats, new DuplicateChances(deal, 1), 2);
      expect(a[0]).toEqual(deal.chances[0]);
      expect(b[0]).toEqual(deal.chances[0]);
      // Every later chance move (Chinatown's lot shuffles) keeps the deal's relative order of the cards.
      for (const table of [a, b])
        table.forEach((chance, k) => {
          const order = (chance as { order?: number[] }).order;
          const stored = (deal.chances[k] as { order?: number[] } | undefined)?.order;
          if (k === 0 || !order || !stored) return;
          const common = order.filter((card) => stored.includes(card));
          expect(common).toEqual(stored.filter((card) => order.includes(card)));
        });
    });

  it('another round (another key) is dealt other chance moves', () => {
    expect(dealOf('nyny', 4, 1).deal.chances[0]).not.toEqual(dealOf('nyny', 4, 2).deal.chances[0]);
  });

  it('a deal depends on the whole 256-bit key: keys that differ only above the 31st bit deal differently', () => {
    // A seed mixed down to 31 bits (as deals once were) would deal these alike: 2^31 seeds can be searched in minutes.
    const low = keyOf(7);
    const high = '8' + low.slice(1); // the key's top bit set
    const middle = low.slice(0, 40) + '1' + low.slice(41);
    const deals = [low, high, middle].map((key) => JSON.stringify(dealOf('chinatown', 4, key).deal.chances));
    expect(new Set(deals).size).toBe(3);
    // And it replays from its key: shown once the round is over, the key lets anyone check the deal.
    expect(JSON.stringify(dealOf('chinatown', 4, high).deal.chances)).toBe(deals[1]);
  });

  it('Manhattan: the same first deal; a reshuffle the table made different falls back to one drawn from the key’s stream', () => {
    const { game, deal } = dealOf('manhattan', 4, 5);
    const a = playTable(game, 4, new DuplicateChances(deal, 0), 1);
    const b = playTable(game, 4, new DuplicateChances(deal, 1), 2);
    expect(a[0]).toEqual(deal.chances[0]);
    expect(b[0]).toEqual(deal.chances[0]);
    // A chance move the table did not take as it was from the deal (a reshuffle of its own discard pile).
    const fell = a.findIndex((chance, k) => JSON.stringify(chance) !== JSON.stringify(deal.chances[k]));
    expect(fell).toBeGreaterThan(0);
    expect(JSON.stringify(b)).not.toEqual(JSON.stringify(a));
    // The same table played again falls back to the same chance moves (the key's stream for table and index).
    expect(playTable(game, 4, new DuplicateChances(deal, 0), 1)).toEqual(a);
  });

  it('the fall-back when a stored chance move is not applicable: drawn from the key’s stream for (table, index)', () => {
    const game = GAMES.get('nyny')!;
    const options = (game.parseOptions(4, {}) as { ok: true; options: unknown }).options;
    const broken = { key: keyOf(9), chances: [{ type: 'deal', order: ['not a tile'], first: 0 }] };
    const state = game.setup(4, options);
    const first = new DuplicateChances(broken, 0).chance(game, state, 0);
    expect(game.validate(state, CHANCE, first)).toBeNull();
    expect(new DuplicateChances(broken, 0).chance(game, state, 0)).toEqual(first);
    expect(new DuplicateChances(broken, 1).chance(game, state, 0)).not.toEqual(first);
  });

  it('a deal stored before deals had keys (a numbered seed) falls back to fresh secret draws, not to its seed', () => {
    const game = GAMES.get('nyny')!;
    const options = (game.parseOptions(4, {}) as { ok: true; options: unknown }).options;
    const old = { seed: 9, chances: [{ type: 'deal', order: ['not a tile'], first: 0 }] } as RoundDeal;
    const state = game.setup(4, options);
    const draws = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const chance = new DuplicateChances(old, 0).chance(game, state, 0);
      expect(game.validate(state, CHANCE, chance)).toBeNull();
      draws.add(JSON.stringify(chance));
    }
    expect(draws.size).toBe(20);
  });

  it('the same relative order matches repeated cards once per copy, and inserts the others at seeded places', () => {
    const stored = { type: 'shuffle', order: [3, 1, 3, 2] };
    const fresh = { type: 'shuffle', order: [5, 1, 3] };
    const aligned = sameOrder(stored, fresh, new SeededRng(4)) as { order: number[] };
    expect([...aligned.order].sort()).toEqual([1, 3, 5]);
    expect(aligned.order.filter((card) => card !== 5)).toEqual([3, 1]);
    expect(sameOrder(stored, fresh, new SeededRng(4))).toEqual(aligned);
    expect(sameOrder(stored, { type: 'deal', order: [1] }, new SeededRng(4))).toBeNull();
  });
});
