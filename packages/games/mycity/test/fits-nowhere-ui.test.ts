/**
 * The sentence the board says when the revealed building fits nowhere (`fitsNowhere` in `ui/geometry.ts`): the build
 * buttons vanished without a word. It reads the game's own legal moves, here from a game played until a building no
 * longer fits on seat 0's board.
 */
import { mycity, type MyCityMove, type MyCityState } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { fitsNowhere } from '../ui/geometry.js';
import { CHANCE, dealOf, newGame, play } from './helpers.js';

/** Seat 1 stops at once; seat 0 builds every building on the first spot the rules list, until one fits nowhere. */
function untilNothingFits(): MyCityState {
  let state = play(newGame(2), [CHANCE, dealOf()], [1, { type: 'stop' }]);
  for (let card = 0; card < 24; card++) {
    const moves = mycity.legalMoves(state, 0);
    const build = moves.find((m) => m.type === 'build');
    if (!build) return state;
    state = play(state, [0, build]);
  }
  throw new Error('every building fitted');
}

describe('a building that fits nowhere', () => {
  const state = untilNothingFits();
  const moves = mycity.legalMoves(state, 0) as MyCityMove[];

  it('is said, with the moves left, when the rules offer no build (seat 0 may still pass: marker above 0)', () => {
    expect(moves.some((m) => m.type === 'build')).toBe(false);
    expect(state.markers[0]).toBeGreaterThan(0);
    expect(fitsNowhere(moves)).toBe('passOrStop');
  });

  it('says "stop" alone when the marker is at 0 (the rules then offer only stop)', () => {
    expect(fitsNowhere([{ type: 'stop' }])).toBe('stop');
  });

  it('says nothing when a build is offered, nor when nothing is asked (a choice made, or a spectator)', () => {
    expect(
      fitsNowhere(mycity.legalMoves(play(newGame(2), [CHANCE, dealOf()]), 0) as MyCityMove[]),
    ).toBeNull();
    expect(fitsNowhere([])).toBeNull();
  });
});
