import { describe, expect, it } from 'vitest';
import { isIntIn, readMove } from '../src/moves.js';

const SHAPES = {
  play: { required: ['tile'] },
  pass: {},
  offer: { required: ['to'], optional: ['give'] },
} as const;

describe('readMove', () => {
  it('accepts a move of a known type with exactly its fields', () => {
    expect(readMove({ type: 'play', tile: 'r1' }, SHAPES)).toEqual({
      ok: true,
      type: 'play',
      fields: { type: 'play', tile: 'r1' },
    });
    expect(readMove({ type: 'offer', to: 1 }, SHAPES).ok).toBe(true);
    expect(readMove({ type: 'offer', to: 1, give: {} }, SHAPES).ok).toBe(true);
  });

  it.each([
    [null, 'a move must be an object such as {"type": "play"}'],
    [[], 'a move must be an object such as {"type": "play"}'],
    ['pass', 'a move must be an object such as {"type": "play"}'],
    [{}, 'unknown move type null: expected play, pass, offer'],
    [{ type: 7 }, 'unknown move type 7: expected play, pass, offer'],
    [{ type: 'toString' }, 'unknown move type "toString": expected play, pass, offer'],
    [{ type: 'play' }, 'a play move needs "tile"'],
    [{ type: 'pass', tile: 'r1' }, 'a pass move has no field "tile"'],
  ])('refuses %j: %s', (move, reason) => {
    expect(readMove(move, SHAPES)).toEqual({ ok: false, reason });
  });
});

describe('isIntIn', () => {
  it('accepts whole numbers in range only', () => {
    expect([0, 3, 5].map((x) => isIntIn(x, 0, 5))).toEqual([true, true, true]);
    expect([-1, 6, 1.5, '2', NaN, null].map((x) => isIntIn(x, 0, 5))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
