/** Property tests over random Manhattan games (fast-check drives the seeds and the hostile input). */
import { CHANCE, SeededRng, applyMove, randomSteps } from '@skyline/engine';
import { manhattan, type ManhattanState } from '@skyline/manhattan';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComponents, newGame } from './helpers.js';

/** A random game after `steps` random steps (or at its end). */
function randomState(seed: number, players: number, sixrounds: boolean, perspective: boolean, steps: number) {
  const state = newGame(players, { sixrounds, perspective });
  randomSteps(manhattan, state, new SeededRng(seed), steps);
  return state;
}

const games = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  sixrounds: fc.boolean(),
  perspective: fc.boolean(),
  steps: fc.nat(140),
});

/** Plausible seat moves, legal or not, mixed with anything at all. */
const moves = fc.oneof(
  fc.anything(),
  fc.record({
    type: fc.constant('build'),
    card: fc.integer({ min: 0, max: 10 }),
    city: fc.integer({ min: 0, max: 7 }),
    piece: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({ type: fc.constant('discard'), card: fc.integer({ min: 0, max: 10 }) }),
  fc.constant({ type: 'skip' }),
  fc.record({
    type: fc.constant('select'),
    pieces: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 7 }),
  }),
);

/** A move as `legalMoves` would list it: a choice of pieces is the same choice in any order. */
function canonical(move: unknown): string {
  const m = move as { type?: unknown; pieces?: unknown };
  if (m !== null && typeof m === 'object' && m.type === 'select' && Array.isArray(m.pieces)) {
    return JSON.stringify({ ...m, pieces: (m.pieces as number[]).slice().sort((a, b) => a - b) });
  }
  return JSON.stringify(move);
}

describe('properties of random games', () => {
  it('accepts exactly the listed moves (a choice in any order), refusing the rest without throwing or changing state', () => {
    fc.assert(
      fc.property(games, fc.integer({ min: -1, max: 4 }), moves, (game, seat, move) => {
        const state = randomState(game.seed, game.players, game.sixrounds, game.perspective, game.steps);
        const before = JSON.stringify(state);
        const legal =
          seat >= 0 && manhattan.legalMoves(state, seat).some((m) => JSON.stringify(m) === canonical(move));
        const result = applyMove(manhattan, state, seat === -1 ? CHANCE : seat, move);
        expect(result.ok).toBe(legal);
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it("conserves the 45 cards and each seat's 24 pieces", () => {
    fc.assert(
      fc.property(games, (game) => {
        checkComponents(randomState(game.seed, game.players, game.sixrounds, game.perspective, game.steps));
      }),
      { numRuns: 200 },
    );
  });

  it('ends every game after its rounds, each seat having placed or lost its 24 pieces', () => {
    fc.assert(
      fc.property(games, (game) => {
        const state: ManhattanState = randomState(
          game.seed,
          game.players,
          game.sixrounds,
          game.perspective,
          10_000,
        );
        expect(manhattan.status(state).over).toBe(true);
        expect(state.history.length).toBe(game.sixrounds ? 6 : 4);
        for (let seat = 0; seat < game.players; seat++) {
          expect(state.reserves[seat]).toEqual([0, 0, 0, 0]);
          expect(state.chosen[seat]).toEqual([0, 0, 0, 0]);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('keeps the scores equal to the sum of the rounds scored, never falling', () => {
    fc.assert(
      fc.property(games, (game) => {
        const state = randomState(game.seed, game.players, game.sixrounds, game.perspective, game.steps);
        const { scores } = manhattan.status(state);
        expect(scores).toEqual(
          scores.map((_, seat) => state.history.reduce((sum, round) => sum + (round[seat] as number), 0)),
        );
        for (const round of state.history)
          for (const points of round) expect(points).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});
