/**
 * The end screen's and the replay's score by category, worked out from a finished game's record in the browser: the
 * same as the game's own breakdown of its final state, adding up to the final scores, for every game of the registry
 * that has the facet (a game whose breakdown was lost on the way from the record would leave the end screen without one).
 */
import { SeededRng, breakdownTotals, randomStep } from '@skyline/engine';
import { newGame } from '@skyline/engine/testing';
import { GAME_ENTRIES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { buildReplay, finalBreakdown } from '../src/replay-engine.js';

describe('the score by category from a record', () => {
  // The facet is optional (`scoreBreakdown?` in the engine contract): a game without it has no breakdown to check.
  for (const { game } of GAME_ENTRIES.filter((entry) => entry.game.scoreBreakdown !== undefined)) {
    it(`${game.id}: the final breakdown from the record is the game's, and adds up to the final scores`, () => {
      const players = Math.max(game.minPlayers, 3);
      const state = newGame(game, players);
      const log: unknown[] = [];
      const rng = new SeededRng(7);
      for (let entry = randomStep(game, state, rng); entry; entry = randomStep(game, state, rng))
        log.push(entry);
      const record = { game: game.id, players, log };
      const breakdown = finalBreakdown(record);
      expect(breakdown).toEqual(game.scoreBreakdown!(state));
      expect(breakdownTotals(breakdown!, players)).toEqual(game.status(state).scores);
      // The replay viewer's last step shows the same.
      expect(buildReplay(record).breakdownAt(log.length)).toEqual(breakdown);
    });
  }
});
