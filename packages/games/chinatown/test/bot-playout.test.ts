/**
 * What the tree search believes of a sampled Chinatown state, and its playout policy
 * (`src/bot/playout.ts`).
 */
import { CHANCE, SeededRng, randomStep, type Seat } from '@skyline/engine';
import {
  chinatown,
  shopIncome,
  START_MONEY,
  type ChinatownOptions,
  type ChinatownState,
} from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { optionsOf } from '@skyline/engine/testing';
import { believeMoney, placementGain, playoutMove } from '../src/bot/playout.js';

/** Option sets other than the defaults (those the bots' tests play: packages/bots/test/helpers.ts). */
const VARIANTS: Record<string, unknown>[] = [
  { sequentialPlacement: true, economy: false },
  { keepLotCards: true, drawMax: true, streetAccess: true },
];

/** A seeded random game of `players` seats, played until `until` holds (or the end). */
function randomGame(
  players: number,
  seed: number,
  until: (state: ChinatownState) => boolean,
  options: Record<string, unknown> = {},
): ChinatownState {
  const rng = new SeededRng(seed);
  const state = chinatown.setup(players, optionsOf(chinatown, players, options) as ChinatownOptions);
  while (state.phase !== 'over' && !until(state)) randomStep(chinatown, state, rng);
  return state;
}

describe('Chinatown samples for the tree search', () => {
  it('give each rival the starting money plus its announced incomes, not the 0 that determinize fills in', () => {
    const state = randomGame(4, 7, (s) => s.phase === 'trade' && s.round === 4);
    const seat: Seat = 1;
    const view = chinatown.view(state, seat);
    const sampled = chinatown.determinize(view, seat, new SeededRng(3));
    believeMoney(sampled, view, seat);
    expect(sampled.money[seat]).toBe(state.money[seat]);
    for (const other of [0, 2, 3]) {
      // Rounds 1 to 3 were paid: the announced incomes, summed by hand from the record of the true state.
      const income =
        (state.income[0]?.[other] ?? 0) + (state.income[1]?.[other] ?? 0) + (state.income[2]?.[other] ?? 0);
      expect(state.income).toHaveLength(3);
      expect(sampled.money[other]).toBe(START_MONEY + income);
    }
  });
});

describe('the Chinatown playout policy', () => {
  it('counts what a tile adds to the shops as the income rules do', () => {
    const state = randomGame(3, 11, (s) => s.phase === 'place' && s.round === 3);
    for (let seat = 0; seat < 3; seat++) {
      for (let lot = 1; lot < state.owner.length; lot++) {
        if (state.owner[lot] !== seat || state.shop[lot] !== -1) continue;
        for (let kind = 0; kind < 12; kind++) {
          const before = shopIncome(3, state.owner, state.shop)[seat] as number;
          const shop = state.shop.slice();
          shop[lot] = kind;
          const after = shopIncome(3, state.owner, shop)[seat] as number;
          expect(placementGain(state, seat, lot, kind)).toBe(after - before);
        }
      }
    }
  });

  it.each([{}, ...VARIANTS])('plays only legal moves and finishes the game (%j)', (options) => {
    for (const seed of [1, 2, 3]) {
      const players = 3 + (seed % 3);
      const state = randomGame(players, seed, (s) => s.round === 2 && s.phase === 'trade', options);
      const rng = new SeededRng(seed);
      let moves = 0;
      while (state.phase !== 'over') {
        const active = chinatown.active(state);
        if (active[0] === CHANCE) {
          chinatown.applyInPlace(state, CHANCE, chinatown.sampleChance(state, rng));
          continue;
        }
        const seat = chinatown.randomActor?.(state, rng) as Seat;
        const move = playoutMove(chinatown, state, seat, rng);
        expect(chinatown.validate(state, seat, move)).toBeNull();
        chinatown.applyInPlace(state, seat, move);
        expect(++moves).toBeLessThan(2000);
      }
      // Every tile found a lot while there were lots: no seat ends with both a tile and an empty lot.
      for (let seat = 0; seat < players; seat++) {
        const emptyLot = state.owner.some((owner, lot) => owner === seat && state.shop[lot] === -1);
        const tile = (state.tiles[seat] as number[]).some((n) => n > 0);
        if (!state.options.streetAccess) expect(emptyLot && tile).toBe(false);
      }
    }
  });
});
