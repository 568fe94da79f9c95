/** The Chinatown heuristic's placement: among placements worth the same, the one with room for its shop to grow. */
import { SeededRng } from '@skyline/engine';
import { chinatown, KIND_IDS, NEIGHBOURS, type ChinatownState, type ChinatownView } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { midGame } from '@skyline/engine/testing';
import { chinatownHeuristic } from '../src/bot/heuristic.js';

const SEAT = 0;
const KIND = KIND_IDS[0] as string;

/** A real view, then a board of our own: the seat owns exactly `lots`, with the shops given. */
function placing(lots: number[], shops: Record<number, string> = {}): ChinatownView {
  const { state } = midGame(chinatown, 3, 5, 40);
  const view: ChinatownView = structuredClone(chinatown.view(state as ChinatownState, SEAT));
  view.phase = 'place';
  view.owner = view.owner.map(() => -1);
  view.shop = view.shop.map(() => null);
  for (const lot of lots) view.owner[lot] = SEAT;
  for (const [lot, kind] of Object.entries(shops)) view.shop[Number(lot)] = kind;
  view.tiles = view.tiles.map(() => ({}));
  (view.tiles[SEAT] as Record<string, number>)[KIND] = 1;
  return view;
}

function choice(view: ChinatownView, lots: number[]): number {
  const legalMoves = [...lots.map((lot) => ({ type: 'place', lot, shop: KIND })), { type: 'done' }];
  // Every placement is worth the same (as a lone tile is on any empty lot): only the tie-break decides.
  const move = chinatownHeuristic.choose?.(
    { game: chinatown, view, seat: SEAT, legalMoves, rng: new SeededRng(1), budget: { ms: 100 } },
    (candidate) => ((candidate as { type: string }).type === 'place' ? 1e9 : 0),
  ) as { type: string; lot?: number };
  expect(move.type).toBe('place');
  return move.lot as number;
}

/** Two neighbouring lots, and a third lot touching neither. */
function board(): { b: number; c: number; far: number; d: number } {
  for (let b = 1; b < NEIGHBOURS.length; b++) {
    const around = NEIGHBOURS[b] as number[];
    for (const c of around) {
      const d = (NEIGHBOURS[c] as number[]).find((x) => x !== b && !around.includes(x));
      if (d === undefined) continue;
      const near = new Set([
        b,
        c,
        d,
        ...around,
        ...(NEIGHBOURS[c] as number[]),
        ...(NEIGHBOURS[d] as number[]),
      ]);
      for (let far = 1; far < NEIGHBOURS.length; far++) if (!near.has(far)) return { b, c, d, far };
    }
  }
  throw new Error('no such lots');
}

describe('Chinatown greedy placement', () => {
  it('puts a tile next to its own empty lots rather than on a lot alone, when both are worth the same', () => {
    const { b, c, far } = board();
    const lot = choice(placing([far, b, c]), [far, b, c]);
    expect([b, c]).toContain(lot);
  });

  it('prefers the lot beside a shop of the same kind', () => {
    const { b, c, d, far } = board();
    // c touches a shop of the tile's kind at d (and the empty b); b touches only the empty c.
    expect(choice(placing([far, b, c, d], { [d]: KIND }), [far, b, c])).toBe(c);
  });
});

describe('the tree-search bot in the placement phase', () => {
  it('leaves the placement to the search (deep), where the greedy bot places by the rules above', () => {
    const view = placing([10, 20]);
    const legalMoves = [...[10, 20].map((lot) => ({ type: 'place', lot, shop: KIND })), { type: 'done' }];
    const input = {
      game: chinatown,
      view,
      seat: SEAT,
      legalMoves,
      rng: new SeededRng(1),
      budget: { ms: 100 },
    };
    const value = (candidate: unknown) => ((candidate as { type: string }).type === 'place' ? 1e9 : 0);
    expect(chinatownHeuristic.choose?.(input, value, true)).toBeUndefined();
    expect(chinatownHeuristic.choose?.(input, value, false)).toMatchObject({ type: 'place' });
  });
});
