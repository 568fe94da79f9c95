import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { playGame, type BotInput, type BotLevel } from '../src/index.js';
import { ALL_GAMES, VARIANTS, objectsOf, optionsOf, stringLeaves } from './helpers.js';

/**
 * A bot's input holds nothing of the other seats' secrets: at every decision of bot games, the input is exactly the
 * seat's view and legal moves (nothing else: no state), none of the strings the game declares secret for that seat
 * (`secrets()`, as the conformance suite checks views) appears in it, and it shares no object with the true state.
 */
describe.each(ALL_GAMES.map((game) => [game.id, game] as const))('%s', (_, game) => {
  const settings = [{}, ...(VARIANTS[game.id] ?? [])];
  it.each(settings)(
    'bots see only their view and moves, options %j',
    (options) => {
      const players = game.maxPlayers;
      const levels: BotLevel[] = Array.from({ length: players }, (_, seat) =>
        seat % 2 === 0 ? 'greedy' : 'random',
      );
      let checked = 0;
      const onInput = (input: BotInput, state: unknown): void => {
        expect(Object.keys(input).sort()).toEqual(['budget', 'game', 'legalMoves', 'rng', 'seat', 'view']);
        expect(isDeepStrictEqual(input.view, game.view(state, input.seat))).toBe(true);
        expect(isDeepStrictEqual(input.legalMoves, game.legalMoves(state, input.seat))).toBe(true);
        const { strings } = game.secrets(state, input.seat);
        if (strings.length > 0) {
          const seen = stringLeaves([input.view, input.legalMoves]);
          const leaked = strings.filter((secret) => seen.has(secret));
          expect(leaked).toEqual([]);
        }
        const shared = objectsOf(state);
        for (const object of objectsOf(input.view)) expect(shared.has(object)).toBe(false);
        checked++;
      };
      for (const seed of [1, 2])
        playGame(game, levels, optionsOf(game, players, options), seed, {}, { onInput });
      expect(checked).toBeGreaterThan(20);
      // Whole bot games with a check at every decision: a second or two alone, many times that on a loaded machine.
    },
    60_000,
  );
});
