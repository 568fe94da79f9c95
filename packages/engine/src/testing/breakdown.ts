/**
 * The property every game's score breakdown keeps (`Game.scoreBreakdown`): at every step of a random game, each
 * seat's terms add up to the score `status` reports. Each game's `breakdown.test.ts` runs it under fast-check.
 */
import { expect } from 'vitest';
import { breakdownTotals } from '../breakdown.js';
import type { AnyGame } from '../contract.js';
import { randomStep } from '../play.js';
import { SeededRng } from '../rng.js';
import { newGame } from './helpers.js';

/**
 * Plays a random game from `seed` with these players and options, checking the breakdown against the status before
 * every step and at the end; returns the finished state, for further checks.
 */
export function checkBreakdownThroughGame(
  game: AnyGame,
  players: number,
  options: object,
  seed: number,
  maxSteps = 100_000,
): unknown {
  const breakdownOf = game.scoreBreakdown?.bind(game);
  if (!breakdownOf) throw new Error(`${game.id} has no scoreBreakdown`);
  const state = newGame(game, players, options);
  const rng = new SeededRng(seed);
  for (let step = 0; ; step++) {
    const breakdown = breakdownOf(state);
    const scores = game.status(state).scores;
    // Every term gives a number to every seat (the end screen writes one cell per seat).
    for (const term of breakdown.terms) expect(term.values, term.term).toHaveLength(players);
    expect(breakdownTotals(breakdown, players), `step ${step}`).toEqual(scores);
    if (randomStep(game, state, rng) === null) break;
    if (step > maxSteps) throw new Error(`${game.id}: not over after ${maxSteps} steps`);
  }
  expect(game.status(state).over).toBe(true);
  return state;
}
