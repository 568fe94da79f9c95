import { lotOfCard, manhattan } from '@skyline/manhattan';
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

describe('the perspective option', () => {
  it('reads a card from each seat’s side of the table, from the state or from a view alike (spec examples)', () => {
    const table = { players: 4, options: { perspective: true, sixrounds: false } };
    expect(lotOfCard(table, 2, 1)).toBe(9); // across the table: lot 1 is seen as lot 9
    expect(lotOfCard(table, 1, 1)).toBe(3);
    expect(lotOfCard(table, 0, 4)).toBe(4); // side 0 reads the cards as printed
    expect(lotOfCard({ ...table, players: 2 }, 1, 1)).toBe(9); // two players sit face to face
    expect(lotOfCard({ ...table, options: { perspective: false, sixrounds: false } }, 3, 7)).toBe(7);
  });
});
