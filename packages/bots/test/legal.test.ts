import { describe, expect, it } from 'vitest';
import { playGame, type BotLevel } from '../src/index.js';
import { ALL_GAMES, VARIANTS, optionsOf, seatCounts } from './helpers.js';

/**
 * Bots never send an illegal move: the arena's referee validates every move of many games (every game, every seat
 * count, the levels mixed) and throws on the first illegal one. Each test plays whole games: on a shared, loaded machine
 * they take longer than vitest's default 5 s (a Chinatown one timed out at 5.5 s beside two arenas), so 30 s.
 */
describe.each(ALL_GAMES.map((game) => [game.id, game] as const))(
  '%s',
  (_, game) => {
    it.each(seatCounts(game))('random and greedy bots play only legal moves, %i seats', (players) => {
      const mixes: BotLevel[][] = [
        Array.from({ length: players }, (_, seat) => (seat % 2 === 0 ? 'greedy' : 'random')),
        Array.from({ length: players }, () => 'greedy'),
      ];
      const finals = new Set<string>();
      for (const levels of mixes) {
        for (let seed = 1; seed <= 4; seed++) {
          const state = playGame(game, levels, optionsOf(game, players), seed * 101 + players, {});
          expect(game.status(state).over).toBe(true);
          finals.add(JSON.stringify(state));
        }
      }
      // Eight different games, not one game eight times: the seeds and the levels are used.
      expect(finals.size).toBe(8);
    });

    it.each(VARIANTS[game.id] ?? [])(
      'greedy and ISMCTS bots play only legal moves with options %j',
      (options) => {
        for (const players of [game.minPlayers, game.maxPlayers]) {
          const levels: BotLevel[] = Array.from({ length: players }, (_, seat) =>
            seat === 0 ? 'ismcts' : 'greedy',
          );
          const state = playGame(game, levels, optionsOf(game, players, options), players, { iterations: 4 });
          expect(game.status(state).over).toBe(true);
        }
      },
    );

    it('an ISMCTS bot (iteration cap) plays only legal moves, and a table of only bots plays to the end', () => {
      const players = Math.max(game.minPlayers, 2);
      const levels: BotLevel[] = Array.from({ length: players }, (_, seat) =>
        seat === 0 ? 'ismcts' : 'greedy',
      );
      levels[players - 1] = players > 2 ? 'random' : (levels[players - 1] as BotLevel);
      const state = playGame(game, levels, optionsOf(game, players), 7, { iterations: 8 });
      const status = game.status(state);
      expect(status.over).toBe(true);
      expect(status.winners.length).toBeGreaterThan(0);
    });
  },
  30_000,
);
