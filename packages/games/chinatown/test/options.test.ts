import { chinatown } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';

describe('options', () => {
  it('fills in the defaults of the spec', () => {
    expect(chinatown.parseOptions(4, {})).toEqual({
      ok: true,
      options: {
        economy: true,
        streetAccess: false,
        keepLotCards: false,
        drawMax: false,
        sequentialPlacement: false,
      },
    });
  });

  it('takes every option', () => {
    const all = {
      economy: false,
      streetAccess: true,
      keepLotCards: true,
      drawMax: true,
      sequentialPlacement: true,
    };
    expect(chinatown.parseOptions(3, all)).toEqual({ ok: true, options: all });
  });

  // Unknown names, wrong types and values out of range: packages/games/registry/test/options.test.ts, for every game.
  it('is played by 3 to 5 seats', () => {
    expect([chinatown.minPlayers, chinatown.maxPlayers]).toEqual([3, 5]);
  });
});
