import type { Rng } from '@skyline/engine';
import { describeConformance } from '@skyline/engine/testing';
import { TILE_IDS, nyny, type NynyDeal, type NynyState } from '@skyline/nyny';
import { checkComponents } from './helpers.js';

const setups = [2, 3, 4].flatMap((players) =>
  (['classic', 'simultaneous'] as const).flatMap((variant) => [
    { players, options: { variant } },
    { players, options: { variant, bonus: false, rounds: players } },
    { players, options: { variant, colours: ['g', 'y', 'b', 'r'].slice(0, players) } },
  ]),
);

describeConformance(nyny, {
  setups,
  games: 8,
  maxSteps: 10 * (1 + 48 * 2),
  candidateMoves: () => [
    ...TILE_IDS.map((tile) => ({ type: 'play', tile })),
    ...TILE_IDS.map((tile) => ({ type: 'take', tile })),
    { type: 'pass' },
    { type: 'play', tile: 'r13' },
    { type: 'take', tile: 'x1' },
  ],
  corruptChance: (state, chance, rng: Rng) => {
    const deal = chance as NynyDeal;
    const { players, first } = state as NynyState;
    const duplicated = deal.order.slice();
    duplicated[1 + rng.int(47)] = duplicated[0] as string;
    return [
      { ...deal, order: deal.order.slice(1) },
      { ...deal, order: [...deal.order, 'r1'] },
      { ...deal, order: duplicated },
      { ...deal, order: deal.order.map((id, k) => (k === 5 ? 'q5' : id)) },
      { ...deal, first: players },
      { ...deal, first: -1 },
      // after round 1, only the seat after the previous first seat may start
      ...((state as NynyState).round > 1 ? [{ ...deal, first: (first + 2) % players }] : []),
      { type: 'shuffle', order: deal.order },
    ];
  },
  invariant: (state) => checkComponents(state as NynyState),
});
