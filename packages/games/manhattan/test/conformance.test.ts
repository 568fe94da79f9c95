import type { Rng } from '@skyline/engine';
import { describeConformance } from '@skyline/engine/testing';
import { manhattan, type ManhattanChance, type ManhattanState } from '@skyline/manhattan';
import { checkComponents } from './helpers.js';

const setups = [2, 3, 4].flatMap((players) =>
  [false, true].flatMap((sixrounds) =>
    [false, true].map((perspective) => ({ players, options: { sixrounds, perspective } })),
  ),
);
// Options left out take their defaults.
setups.push({ players: 3, options: {} as { sixrounds: boolean; perspective: boolean } });

/** Plausible moves, legal or not: every card on every city with every piece, selections, discards, a skip. */
function candidateMoves(state: unknown, seat: number): unknown[] {
  const s = state as ManhattanState;
  const moves: unknown[] = [{ type: 'skip' }];
  for (let card = 0; card <= 10; card++) moves.push({ type: 'discard', card });
  for (const card of [1, 5, 9, ...(s.hands[seat] ?? [])]) {
    for (let city = 0; city <= 7; city++) {
      for (let piece = 0; piece <= 5; piece++) moves.push({ type: 'build', card, city, piece });
    }
  }
  const k = s.options.sixrounds ? 4 : 6;
  moves.push(
    { type: 'select', pieces: new Array<number>(k).fill(1) },
    { type: 'select', pieces: new Array<number>(k).fill(4) },
    { type: 'select', pieces: new Array<number>(k).fill(2) },
    { type: 'select', pieces: [1, 1, 2, 2, 3, 4].slice(0, k) },
    { type: 'select', pieces: [1, 1, 2, 2, 3, 4, 4].slice(0, k + 1) },
    { type: 'select', pieces: [1, 2, 3].slice(0, k - 1) },
    { type: 'select', pieces: [0, 1, 1, 1, 1, 5].slice(0, k) },
  );
  return moves;
}

describeConformance(manhattan, {
  setups,
  games: 8,
  maxSteps: 400,
  viewEvery: 3,
  candidateMoves,
  corruptChance: (state, chance, rng: Rng) => {
    const move = chance as ManhattanChance;
    const s = state as ManhattanState;
    const order = move.order;
    const swapped = order.slice();
    // one card replaced by another number: the multiset changes
    const at = rng.int(order.length);
    swapped[at] = ((order[at] as number) % 9) + 1;
    const bad: unknown[] = [
      { ...move, order: order.slice(1) },
      { ...move, order: [...order, 5] },
      { ...move, order: swapped },
      { ...move, order: order.map((card, k) => (k === 0 ? 10 : card)) },
      { ...move, order: order.map((card, k) => (k === 0 ? String(card) : card)) },
    ];
    if (move.type === 'deal') {
      bad.push({ ...move, first: s.players }, { ...move, first: -1 }, { type: 'shuffle', order });
    } else {
      bad.push({ ...move, first: 0 }, { type: 'deal', order, first: 0 });
    }
    return bad;
  },
  invariant: (state) => checkComponents(state as ManhattanState),
});
