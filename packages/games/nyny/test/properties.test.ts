/** Property tests over random New York games (fast-check drives the seeds and the hostile input). */
import {
  CHANCE,
  SPECTATOR,
  SeededRng,
  applyMove,
  randomStep,
  randomSteps,
  type LogEntry,
  type Viewer,
} from '@skyline/engine';
import { nyny, skylineScores, tileId, type NynyDeal, type NynyMove, type NynyState } from '@skyline/nyny';
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

  it("reveals of another seat's hand exactly the tiles it took from the face-up pool and still holds", () => {
    /** Every string anywhere in a JSON value. */
    const strings = (value: unknown, out: Set<string>): Set<string> => {
      if (typeof value === 'string') out.add(value);
      else if (typeof value === 'object' && value !== null)
        for (const item of Object.values(value)) strings(item, out);
      return out;
    };
    fc.assert(
      fc.property(games, fc.integer({ min: 0, max: 9 }), ({ seed, players, variant, steps }, passes) => {
        const state = newGame(players, { variant, rounds: 2 });
        const rng = new SeededRng(seed);
        const log: LogEntry<NynyMove, NynyDeal>[] = [];
        // Random moves, passing now and then (one time in `passes + 2`), so that passed seats keep what they took.
        for (let step = 0; step < steps && nyny.active(state).length > 0; step++) {
          const [actor] = nyny.active(state);
          if (actor === CHANCE) {
            const chance = nyny.sampleChance(state, rng);
            nyny.applyInPlace(state, CHANCE, chance);
            log.push({ chance });
            continue;
          }
          const seat = actor as number;
          const moves = nyny.legalMoves(state, seat);
          const pass = moves.find((move) => move.type === 'pass');
          const move = pass && rng.int(passes + 2) === 0 ? pass : (moves[rng.int(moves.length)] as NynyMove);
          nyny.applyInPlace(state, seat, move);
          log.push({ seat, move });
        }
        if (state.phase === 'over' || state.phase === 'deal') return;
        // Worked out from the log, not from the state's own bookkeeping: the tiles each seat took this round that
        // are still in its hand.
        let dealtAt = log.length - 1;
        while (!('chance' in (log[dealtAt] as LogEntry))) dealtAt--;
        const handIds = state.hands.map((hand) => hand.map(tileId));
        const taken = handIds.map((hand, seat) =>
          log
            .slice(dealtAt)
            .flatMap((entry) =>
              'seat' in entry && entry.seat === seat && entry.move.type === 'take' ? [entry.move.tile] : [],
            )
            .filter((tile) => hand.includes(tile))
            .sort(),
        );
        const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: players }, (_, seat) => seat)];
        for (const viewer of viewers) {
          const view = nyny.view(state, viewer);
          const seen = strings(view, new Set());
          log.forEach((entry, index) => {
            if (index >= dealtAt) strings(nyny.redact(entry, index, viewer, state), seen);
          });
          for (let other = 0; other < players; other++) {
            expect(view.handSizes[other]).toBe(handIds[other]!.length);
            expect(view.known[other]!.slice().sort()).toEqual(taken[other]);
            if (other === viewer) continue;
            const shown = handIds[other]!.filter((tile) => seen.has(tile)).sort();
            expect(shown).toEqual(taken[other]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
