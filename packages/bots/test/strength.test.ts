import { describe, expect, it } from 'vitest';
import { arena, search, type BotLevel } from '../src/index.js';
import { SeededRng } from '@skyline/engine';
import { ALL_GAMES, midGame, optionsOf } from './helpers.js';

describe.each(ALL_GAMES.map((game) => [game.id, game] as const))('%s', (_, game) => {
  // A small fixed-seed arena: a test that can fail, not a strength benchmark (that is `skyline arena`).
  it('greedy beats random clearly', () => {
    const players = game.minPlayers;
    const bots: BotLevel[] = ['greedy', ...Array.from({ length: players - 1 }, () => 'random' as const)];
    const summary = arena({ game, bots, options: optionsOf(game, players), games: 20, seed: 99, budget: {} });
    expect(summary.bots[0]?.share).toBeGreaterThanOrEqual(0.7);
  }, 30_000); // 1-3 s alone; past vitest's 5 s default on a loaded machine

  it('ISMCTS with an iteration cap is deterministic for a seed', () => {
    for (const seed of [3, 4]) {
      const { state, seat } = midGame(game, 4, seed, 25);
      const choose = () =>
        search({
          game,
          view: game.view(state, seat),
          seat,
          legalMoves: game.legalMoves(state, seat),
          rng: new SeededRng(seed),
          budget: { iterations: 60 },
        });
      const first = choose();
      const second = choose();
      expect(second.move).toStrictEqual(first.move);
      expect(second.iterations).toBe(first.iterations);
      expect(game.legalMoves(state, seat)).toContainEqual(first.move);
    }
  });
});
