/**
 * What a seat's move depends on (`moveContext`), checked against the rules: in the phases every seat plays at once,
 * another seat's move leaves this seat's context and its legal moves as they were, so the server may take a move made
 * before it; with placement in turn, it does not.
 */
import { SeededRng, randomStep } from '@skyline/engine';
import { chinatown, type ChinatownState } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { newGame } from './helpers.js';

const contextOf = (state: ChinatownState, seat: number) =>
  JSON.stringify(chinatown.moveContext!(chinatown.view(state, seat), seat, { type: 'done' }));
const movesOf = (state: ChinatownState, seat: number) => JSON.stringify(chinatown.legalMoves(state, seat));

/**
 * For every position of random games in `phase` where two seats or more are awaited, one awaited seat moves at
 * random; `check` sees each other awaited seat before and after.
 */
function eachOtherSeatAfterAMove(
  phase: ChinatownState['phase'],
  options: Record<string, unknown>,
  check: (before: ChinatownState, after: ChinatownState, other: number) => void,
): number {
  let checked = 0;
  for (let seed = 1; seed <= 6; seed++) {
    const rng = new SeededRng(seed);
    const state = newGame(4, options);
    while (!chinatown.status(state).over) {
      const awaited = chinatown.active(state).filter((actor): actor is number => typeof actor === 'number');
      if (state.phase === phase && awaited.length >= 2) {
        const mover = awaited[rng.int(awaited.length)]!;
        const moves = chinatown.legalMoves(state, mover);
        const after = chinatown.clone(state);
        chinatown.applyInPlace(after, mover, moves[rng.int(moves.length)]!);
        for (const other of awaited) {
          if (other === mover) continue;
          check(state, after, other);
          checked++;
        }
      }
      randomStep(chinatown, state, rng);
    }
  }
  return checked;
}

describe('what a Chinatown move depends on', () => {
  it('settling: another seat choosing its lots changes neither what this seat depends on nor its choices', () => {
    const checked = eachOtherSeatAfterAMove('settle', {}, (before, after, other) => {
      expect(contextOf(after, other)).toBe(contextOf(before, other));
      expect(movesOf(after, other)).toBe(movesOf(before, other));
    });
    expect(checked).toBeGreaterThan(20);
  });

  it('placing at once: another seat placing a tile changes neither what this seat depends on nor its placements', () => {
    const checked = eachOtherSeatAfterAMove('place', {}, (before, after, other) => {
      expect(contextOf(after, other)).toBe(contextOf(before, other));
      expect(movesOf(after, other)).toBe(movesOf(before, other));
    });
    expect(checked).toBeGreaterThan(20);
  });

  it('placing in turn: the board and the turn are part of every move, so a move made before another is refused', () => {
    const rng = new SeededRng(3);
    const state = newGame(4, { sequentialPlacement: true });
    while (state.phase !== 'place') randomStep(chinatown, state, rng);
    const mover = state.turn;
    const other = (mover + 1) % 4;
    const before = contextOf(state, other);
    const place = chinatown.legalMoves(state, mover).find((move) => move.type === 'place');
    chinatown.applyInPlace(state, mover, place ?? { type: 'done' });
    expect(contextOf(state, other)).not.toBe(before);
  });
});
