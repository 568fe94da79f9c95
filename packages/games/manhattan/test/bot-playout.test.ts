/**
 * The Manhattan tree search's playout policy and judge (`src/bot/playout.ts`): the same values as the
 * heuristic computed from scratch on a view, and the greedy bot's choice.
 */
import { CHANCE, SeededRng, randomStep, type Seat } from '@skyline/engine';
import {
  boardFromStacks,
  lotIndex,
  lotOfCard,
  manhattan,
  placedPiece,
  type ManhattanMove,
  type ManhattanOptions,
  type ManhattanState,
} from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { lookahead } from '@skyline/bots';
import { optionsOf } from '@skyline/engine/testing';
import { manhattanHeuristic } from '../src/bot/heuristic.js';
import { buildValue, judgeManhattan, manhattanPlayoutMove } from '../src/bot/playout.js';

const OPTION_SETS: Record<string, unknown>[] = [{}, { sixrounds: true, perspective: true }];

function newGame(players: number, options: Record<string, unknown> = {}): ManhattanState {
  return manhattan.setup(players, optionsOf(manhattan, players, options) as ManhattanOptions);
}

/** `state` with `piece` floors of `seat` put on `lot` and nothing else changed (no turn, no card). */
function withPiece(state: ManhattanState, seat: Seat, lot: number, piece: number): ManhattanState {
  const next = manhattan.clone(state);
  (next.stacks[lot] as number[]).push(placedPiece(seat, piece));
  Object.assign(next, boardFromStacks(next.players, next.stacks));
  return next;
}

/** Every build position of a seeded random game (the seat to move and its legal builds), in order. */
function* buildPositions(players: number, seed: number, options: Record<string, unknown>) {
  const rng = new SeededRng(seed);
  const state = newGame(players, options);
  for (let step = 0; step < 2_000 && state.phase !== 'over'; step++) {
    const active = manhattan.active(state);
    if (active[0] !== CHANCE && state.phase === 'build') {
      const seat = active[0] as Seat;
      const builds = manhattan
        .legalMoves(state, seat)
        .filter((move): move is Extract<ManhattanMove, { type: 'build' }> => move.type === 'build');
      if (builds.length > 0) yield { state, seat, builds };
    }
    randomStep(manhattan, state, rng);
  }
}

describe('the Manhattan playout policy', () => {
  it('values a first building by hand: 1 building, the majority of its city and the tallest building', () => {
    const state = newGame(2);
    // Seat 0 alone on the board: 1 + 2 + 3 = 6 points over seat 1's 0, and 0.05 for its 3 floors over none.
    expect(buildValue(state, 0, lotIndex(2, 5), 3)).toBeCloseTo(6 + 0.05 * 3, 9);
  });

  it('values taking a rival building by hand: the building, the majority and the tallest change hands', () => {
    // Seat 1 owns a 2-floor building in city 1 (its majority, the tallest) and a 1-floor one in city 2 (majority).
    let state = newGame(3);
    state = withPiece(state, 1, lotIndex(1, 1), 2);
    state = withPiece(state, 1, lotIndex(2, 1), 1);
    // Seat 0 builds 2 floors on the 2-floor building: 4 floors, its own. Seat 0: 1 building + majority of city 1
    // + tallest = 6 points, 4 floors; seat 1: 1 building + majority of city 2 = 3 points, 1 floor; seat 2: 0.
    expect(buildValue(state, 0, lotIndex(1, 1), 2)).toBeCloseTo(6 - 3 + 0.05 * (4 - 1), 9);
    // A 1-floor piece beside it in city 1 instead ties city 1 (one building each: nobody's majority): seat 0 has 1
    // point, seat 1 its 2 buildings + the majority of city 2 + the tallest = 7; floors 1 against 3.
    expect(buildValue(state, 0, lotIndex(1, 2), 1)).toBeCloseTo(1 - 7 + 0.05 * (1 - 3), 9);
  });

  it('values every legal build as the heuristic does from scratch on the board after it', () => {
    let checked = 0;
    for (const players of [2, 3, 4]) {
      for (const options of OPTION_SETS) {
        for (const { state, seat, builds } of buildPositions(players, 40 + players, options)) {
          for (const move of builds) {
            const lot = lotIndex(move.city, lotOfCard(state, seat, move.card));
            const after = withPiece(state, seat, lot, move.piece);
            const expected = manhattanHeuristic.evaluate(manhattan.view(after, seat), seat);
            expect(buildValue(state, seat, lot, move.piece)).toBeCloseTo(expected, 9);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('judges a state as the heuristic judges its view, for every seat, through a whole game', () => {
    for (const players of [2, 4]) {
      for (const { state } of buildPositions(players, 7, {})) {
        for (let seat = 0; seat < players; seat++) {
          const expected = manhattanHeuristic.evaluate(manhattan.view(state, seat), seat);
          expect(judgeManhattan(manhattan, state, seat)).toBeCloseTo(expected, 9);
        }
      }
    }
  });

  it("chooses one of the greedy bot's best builds when the build does not end the round", () => {
    const rng = new SeededRng(5);
    let compared = 0;
    for (const players of [2, 3, 4]) {
      for (const { state, seat, builds } of buildPositions(players, 90 + players, {})) {
        const piecesLeft = state.chosen.flat().reduce((sum, count) => sum + count, 0);
        if (piecesLeft <= 1 || builds.length < 2) continue; // the last build scores the round: the view differs
        const value = lookahead(manhattan, manhattanHeuristic, manhattan.view(state, seat), seat, rng);
        const best = Math.max(...builds.map(value));
        const chosen = manhattanPlayoutMove(manhattan, state, seat, rng);
        expect(builds).toContain(chosen);
        expect(value(chosen)).toBeCloseTo(best, 9);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
