import type { Rng } from '@skyline/engine';
import { describeConformance } from '@skyline/engine/testing';
import {
  COLS,
  MIRRORED_SHAPES,
  ROWS,
  TURNED_SHAPES,
  mycity,
  type MyCityDeal,
  type MyCityState,
} from '@skyline/mycity';
import { checkComponents } from './helpers.js';

const setups = [2, 3, 4].flatMap((players) => [
  { players },
  { players, options: { episodes: 2 } },
  { players, options: { episodes: 3 } },
]);

const parseShape = (key: string): [number, number][] =>
  key.split(';').map((cell) => cell.split(',').map(Number) as [number, number]);

/**
 * Every way to put the revealed building's shape, turned or mirrored, anywhere within the board's bounds (on grass or
 * not, free or not, touching or not), cells in reading order as `legalMoves` lists them: validate must accept exactly
 * the listed ones.
 */
function candidateBuilds(state: MyCityState): unknown[] {
  const building = state.deck[state.card];
  if (building === undefined) return [];
  const out: unknown[] = [];
  const shapes = [...(TURNED_SHAPES[building] ?? []), ...(MIRRORED_SHAPES[building] ?? [])].map(parseShape);
  for (const shape of shapes) {
    const height = Math.max(...shape.map(([r]) => r)) + 1;
    const width = Math.max(...shape.map(([, c]) => c)) + 1;
    for (let top = 0; top + height <= ROWS; top++) {
      for (let left = 0; left + width <= COLS; left++) {
        out.push({ type: 'build', cells: shape.map(([r, c]) => [top + r, left + c]) });
      }
    }
  }
  return out;
}

describeConformance(mycity, {
  setups,
  games: 5,
  maxSteps: 3 * (1 + 24 * 4),
  viewEvery: 4,
  candidateMoves: (state) => [
    ...candidateBuilds(state as MyCityState),
    { type: 'pass' },
    { type: 'stop' },
    { type: 'build', cells: [] },
    { type: 'build', cells: [[0, 0]] },
    {
      type: 'build',
      cells: [
        [-1, 3],
        [0, 3],
        [1, 3],
      ],
    },
    {
      type: 'build',
      cells: [
        [3, 3],
        [3, 3],
        [3, 4],
      ],
    },
    { type: 'build', cells: 'x' },
    { type: 'stop', cells: [] },
  ],
  corruptChance: (_state, chance, rng: Rng) => {
    const deal = chance as MyCityDeal;
    const duplicated = deal.order.slice();
    duplicated[1 + rng.int(23)] = duplicated[0] as string;
    return [
      { ...deal, order: deal.order.slice(1) },
      { ...deal, order: [...deal.order, 'y1'] },
      { ...deal, order: duplicated },
      { ...deal, order: deal.order.map((id, k) => (k === 5 ? 'g5' : id)) },
      { ...deal, order: deal.order.map((id, k) => (k === 0 ? 1 : id)) },
      { ...deal, first: 0 },
      { type: 'shuffle', order: deal.order },
    ];
  },
  invariant: (state) => checkComponents(state as MyCityState),
});
