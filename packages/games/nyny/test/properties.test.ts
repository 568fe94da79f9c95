/** Property tests over random New York games (fast-check drives the seeds and the hostile input). */
import { CHANCE, SeededRng, applyMove, randomStep, randomSteps } from '@skyline/engine';
import { nyny, skylineScores, type NynyState } from '@skyline/nyny';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComponents, newGame } from './helpers.js';

/** A random game after `steps` random steps (or at its end). */
function randomState(
  seed: number,
  players: number,
  variant: 'classic' | 'simultaneous',
  steps: number,
): NynyState {
  const state = newGame(players, { variant, rounds: 2 });
  randomSteps(nyny, state, new SeededRng(seed), steps);
  return state;
}

const games = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  variant: fc.constantFrom('classic' as const, 'simultaneous' as const),
  steps: fc.nat(250),
});

describe('properties of random games', () => {
  it('refuses any input that is not a legal move without throwing and without changing the state', () => {
    fc.assert(
      fc.property(
        games,
        fc.integer({ min: -1, max: 4 }),
        fc.anything(),
        ({ seed, players, variant, steps }, seat, move) => {
          const state = randomState(seed, players, variant, steps);
          const before = JSON.stringify(state);
          const legal =
            seat >= 0 && nyny.legalMoves(state, seat).some((m) => JSON.stringify(m) === JSON.stringify(move));
          const result = applyMove(nyny, state, seat === -1 ? CHANCE : seat, move);
          expect(result.ok).toBe(legal);
          expect(JSON.stringify(state)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('conserves the 48 tiles and never lets the pool hold more than 6', () => {
    fc.assert(
      fc.property(games, ({ seed, players, variant, steps }) => {
        checkComponents(randomState(seed, players, variant, steps));
      }),
      { numRuns: 200 },
    );
  });

  it('ends every game, a round lasting at most 1 deal + 48 plays + a take per pool and deck tile + a pass per seat', () => {
    fc.assert(
      fc.property(games, ({ seed, players, variant }) => {
        const state = newGame(players, { variant, rounds: 2 });
        const rng = new SeededRng(seed);
        let steps = 0;
        while (randomStep(nyny, state, rng) !== null) steps++;
        expect(nyny.status(state).over).toBe(true);
        expect(steps).toBeLessThanOrEqual(2 * (1 + 48 + (48 - 6 * players) + players));
      }),
      { numRuns: 50 },
    );
  });

  it("keeps each seat's score equal to its finished rounds' scores plus what its skyline scores now", () => {
    fc.assert(
      fc.property(games, ({ seed, players, variant, steps }) => {
        const state = randomState(seed, players, variant, steps);
        const { colours, bonus } = state.options;
        const finished = state.phase === 'over' ? state.round : state.round - 1;
        expect(state.history).toHaveLength(finished);
        // The last skyline stays on the table at the end: the last round's score is what it scores.
        if (state.phase === 'over')
          expect(state.history.at(-1)).toEqual(skylineScores(state.skyline, colours, bonus));
        const current =
          state.phase === 'deal' || state.phase === 'over'
            ? null
            : skylineScores(state.skyline, colours, bonus);
        const expected = Array.from({ length: players }, (_, seat) => {
          const rounds = state.history.reduce((sum, round) => sum + (round[seat] as number), 0);
          return rounds + (current?.[seat] ?? 0);
        });
        const { scores } = nyny.status(state);
        expect(scores).toEqual(expected);
        scores.forEach((score) => expect(score).toBeGreaterThanOrEqual(0));
      }),
      { numRuns: 200 },
    );
  });
});
