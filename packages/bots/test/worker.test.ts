import { describe, expect, it } from 'vitest';
import { findGame } from '@skyline/games';
import { answer, type BotRequest } from '../src/index.js';
import { midGame } from './helpers.js';

/** What a worker thread answers a server (the request and the answer are plain JSON). */
describe('answer', () => {
  it('chooses one of the legal moves from a JSON round-trip of the view and moves', () => {
    const game = findGame('nyny');
    if (!game) throw new Error('nyny is not registered');
    const { state, seat } = midGame(game, 3, 5, 10);
    for (const level of ['random', 'greedy', 'ismcts'] as const) {
      const request = JSON.parse(
        JSON.stringify({
          id: 7,
          game: 'nyny',
          level,
          view: game.view(state, seat),
          seat,
          legalMoves: game.legalMoves(state, seat),
          budget: { iterations: 20 },
          seed: 3,
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
      seed: 1,
    });
    expect(response).toEqual({ id: 1, error: 'unknown game "chess"' });
  });
});
