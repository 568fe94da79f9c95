/**
 * Bots at a table (`mayWait`) wait instead of undoing their own decision: a Chinatown seat that is ready and has no
 * offer to answer has nothing to do, and every level says so (`WAIT`) rather than play `unready` (which was the only
 * other move left, and made tables loop between ready and not ready).
 */
import { CHANCE, SeededRng, randomStep } from '@skyline/engine';
import {
  chinatown,
  type ChinatownMove,
  type ChinatownOptions,
  type ChinatownState,
} from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, WAIT, botFor } from '../src/index.js';
import { optionsOf } from './helpers.js';

/** A 3-seat game in its first trading phase, seat 0 ready. */
function readyToTrade(seed: number): ChinatownState {
  const rng = new SeededRng(seed);
  const state = chinatown.setup(3, optionsOf(chinatown, 3) as ChinatownOptions);
  while (state.phase !== 'trade') randomStep(chinatown, state, rng);
  chinatown.applyInPlace(state, 0, { type: 'ready' });
  expect(chinatown.active(state)).not.toContain(CHANCE);
  return state;
}

function ask(level: (typeof BOT_LEVELS)[number], state: ChinatownState, mayWait: boolean, seed = 3): unknown {
  return botFor(level).choose({
    game: chinatown,
    view: chinatown.view(state, 0),
    seat: 0,
    legalMoves: chinatown.legalMoves(state, 0),
    rng: new SeededRng(seed),
    budget: { iterations: 20 },
    mayWait,
  });
}

describe('patient bots (Chinatown trading)', () => {
  for (const level of BOT_LEVELS) {
    it(`${level}: ready with nothing to answer, it waits at a table instead of playing unready`, () => {
      for (const seed of [1, 2, 3]) {
        const state = readyToTrade(seed);
        expect(ask(level, state, true)).toBe(WAIT);
        // The arena (no mayWait) never gets WAIT: it asks such a seat only when it has something to answer.
        const move = ask(level, state, false);
        expect(move).not.toBe(WAIT);
        expect(chinatown.validate(state, 0, move)).toBeNull();
      }
    });

    it(`${level}: ready with an offer made to it, it answers the offer`, () => {
      const state = readyToTrade(4);
      const offer = chinatown
        .legalMoves(state, 1)
        .find((move) => move.type === 'offer' && (move as { to: number }).to === 0);
      if (offer === undefined) throw new Error('no offer to seat 0 in the sample');
      chinatown.applyInPlace(state, 1, offer);
      const id = state.offerCount;
      // The random bot answers at random: over a few tries it always answers, never waits or unreadies.
      for (let k = 0; k < 5; k++) {
        const move = ask(level, state, true, k) as ChinatownMove;
        expect(move).not.toBe(WAIT);
        expect(['accept', 'decline']).toContain(move.type);
        expect((move as { offer: number }).offer).toBe(id);
      }
    });
  }
});
