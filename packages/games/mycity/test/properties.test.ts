/** Property tests over random My City games (fast-check drives the seeds and the hostile input). */
import { CHANCE, SeededRng, applyMove, randomSteps } from '@skyline/engine';
import { EMPTY, TERRAIN, mycity, type MyCityState } from '@skyline/mycity';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComponents, newGame } from './helpers.js';

/** A random game after `steps` random steps (or at its end). */
function randomState(seed: number, players: number, steps: number): MyCityState {
  const state = newGame(players, { episodes: 2 });
  randomSteps(mycity, state, new SeededRng(seed), steps);
  return state;
}

const games = fc.record({
  seed: fc.integer(),
  players: fc.integer({ min: 2, max: 4 }),
  steps: fc.nat(150),
});

/**
 * What a board scores by the rules page, counted here square by square: the marker, plus the trees still visible,
 * minus the rocks still visible and the grass squares left empty.
 */
function boardScore(state: MyCityState, seat: number): number {
  let score = state.markers[seat] as number;
  (state.boards[seat] as number[]).forEach((building, square) => {
    if (building !== EMPTY) return;
    if (TERRAIN[square] === 'T') score += 1;
    else if (TERRAIN[square] === 'R' || TERRAIN[square] === '.') score -= 1;
  });
  return score;
}

/** Build moves with 2 to 7 squares near the board (some off it), in any order, sometimes repeated. */
const builds = fc.record({
  type: fc.constant('build'),
  cells: fc.array(fc.tuple(fc.integer({ min: -1, max: 12 }), fc.integer({ min: -1, max: 12 })), {
    minLength: 2,
    maxLength: 7,
  }),
});

const sortedKey = (move: unknown): string => {
  const m = move as { type: string; cells?: [number, number][] } | null;
  if (typeof m !== 'object' || m === null || !Array.isArray(m.cells)) return JSON.stringify(m) ?? '';
  const cells = m.cells.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return JSON.stringify({ type: m.type, cells });
};

describe('properties of random games', () => {
  it('refuses any input that is not a legal move without throwing and without changing the state', () => {
    fc.assert(
      fc.property(
        games,
        fc.integer({ min: -1, max: 4 }),
        fc.oneof(fc.anything(), builds),
        ({ seed, players, steps }, seat, move) => {
          const state = randomState(seed, players, steps);
          const before = JSON.stringify(state);
          const listed =
            seat >= 0 && mycity.legalMoves(state, seat).some((m) => sortedKey(m) === sortedKey(move));
          const result = applyMove(mycity, state, seat === -1 ? CHANCE : seat, move);
          expect(JSON.stringify(state)).toBe(before);
          if (seat >= 0) expect(result.ok).toBe(listed);
          if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('components are conserved and scores follow the markers and boards through random games', () => {
    fc.assert(
      fc.property(games, ({ seed, players, steps }) => {
        const state = randomState(seed, players, steps);
        checkComponents(state);
        const status = mycity.status(state);
        expect(status.scores).toHaveLength(players);
        expect(status.over).toBe(mycity.active(state).length === 0);
      }),
      { numRuns: 100 },
    );
  });

  it("keeps each seat's score equal to its finished episodes plus what its board scores now", () => {
    fc.assert(
      fc.property(games, ({ seed, players, steps }) => {
        const state = randomState(seed, players, steps);
        const finished = state.phase === 'over' ? state.episode : state.episode - 1;
        expect(state.history).toHaveLength(finished);
        const seats = Array.from({ length: players }, (_, seat) => seat);
        // The last boards stay on the table at the end: the last episode scored what they score.
        if (state.phase === 'over')
          expect(state.history.at(-1)).toEqual(seats.map((seat) => boardScore(state, seat)));
        const expected = seats.map(
          (seat) =>
            state.history.reduce((sum, episode) => sum + (episode[seat] as number), 0) +
            (state.phase === 'choose' ? boardScore(state, seat) : 0),
        );
        expect(mycity.status(state).scores).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
