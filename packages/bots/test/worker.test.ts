import { describe, expect, it } from 'vitest';
import { findGame } from '@skyline/games';
import { BOT_LEVELS, answer, type BotRequest } from '../src/index.js';
import { midGame } from './helpers.js';

const KEY = '0'.repeat(64);

/** What a worker thread answers a server (the request and the answer are plain JSON). */
describe('answer', () => {
  it('chooses one of the legal moves from a JSON round-trip of the view and moves', () => {
    const game = findGame('nyny');
    if (!game) throw new Error('nyny is not registered');
    const { state, seat } = midGame(game, 3, 5, 10);
    for (const level of BOT_LEVELS) {
      const request = JSON.parse(
        JSON.stringify({
          id: 7,
          game: 'nyny',
          level,
          view: game.view(state, seat),
          seat,
          legalMoves: game.legalMoves(state, seat),
          budget: { iterations: 20 },
          key: KEY,
        }),
      ) as BotRequest;
      const response = answer(request);
      expect('index' in response && response.id === 7).toBe(true);
      if ('index' in response) {
        expect(game.validate(state, seat, request.legalMoves[response.index])).toBeNull();
      }
    }
  });

  it('answers an error, not a throw, for a bad request', () => {
    const response = answer({
      id: 1,
      game: 'chess',
      level: 'random',
      view: {},
      seat: 0,
      legalMoves: [],
      budget: {},
      key: KEY,
    });
    expect(response).toEqual({ id: 1, error: 'unknown game "chess"' });
  });

  it("draws its random choices from the request's 256-bit key: replayed by the same key, changed by its top bits", () => {
    const game = findGame('nyny');
    if (!game) throw new Error('nyny is not registered');
    const { state, seat } = midGame(game, 3, 5, 10);
    const legalMoves = [...game.legalMoves(state, seat)];
    expect(legalMoves.length).toBeGreaterThan(4);
    const choice = (key: string) => {
      const base = {
        id: 1,
        game: 'nyny',
        level: 'random' as const,
        view: game.view(state, seat),
        seat,
        legalMoves,
      };
      const response = answer({ ...base, budget: {}, key });
      if (!('index' in response)) throw new Error('no move');
      return response.index;
    };
    // Keys that differ only in their first hex digit (bits 252-255): a seed cut to 31 bits would choose alike.
    const keys = Array.from({ length: 16 }, (_, k) => k.toString(16) + '5'.repeat(63));
    const choices = keys.map(choice);
    expect(new Set(choices).size).toBeGreaterThan(1);
    expect(keys.map(choice)).toEqual(choices);
  });
});
