import { manhattan } from '@skyline/manhattan';
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';

describe('options (spec "Options")', () => {
  it('defaults: 4 rounds, cards read as seat 0 reads them', () => {
    expect(manhattan.parseOptions(3, {})).toEqual({
      ok: true,
      options: { sixrounds: false, perspective: false },
    });
    expect(manhattan.parseOptions(3, undefined)).toEqual({
      ok: true,
      options: { sixrounds: false, perspective: false },
    });
  });

  it('takes both options', () => {
    expect(manhattan.parseOptions(4, { sixrounds: true, perspective: true })).toEqual({
      ok: true,
      options: { sixrounds: true, perspective: true },
    });
  });

  // Unknown names, wrong types and values out of range: packages/games/registry/test/options.test.ts, for every game.
  it('is a game of 2 to 4 seats, registered as "manhattan"', () => {
    expect([manhattan.minPlayers, manhattan.maxPlayers]).toEqual([2, 4]);
    expect(GAMES.get('manhattan')).toBe(manhattan);
  });
});
