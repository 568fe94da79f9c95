import { describe, expect, it } from 'vitest';
import {
  judged,
  reliabilityOf,
  reliabilityRefusal,
  storedFloor,
  type SeatEnd,
} from '../src/ratings/reliability.js';

/** A game Ann played to its end herself (Manhattan's opening: 2 moves, say). */
const fine: SeatEnd = {
  standIn: null,
  resignedAt: null,
  ownMoves: 2,
  openingLeast: 2,
  anyMoveMade: true,
  closedOrStopped: false,
  name: 'ann',
};
const timedOut: SeatEnd = { ...fine, standIn: 'greedy' };

describe('reliability', () => {
  it('a player who lets the clock run out in 3 of 5 games is at 40% and refused at a 75% table', () => {
    const r = reliabilityOf([timedOut, fine, timedOut, fine, timedOut]);
    expect(r).toEqual({ games: 5, kept: 2, share: 40 });
    expect(reliabilityRefusal(r, 70)).toEqual({
      code: 'reliability.below',
      params: { least: 70, share: 40 },
    });
    expect(reliabilityRefusal(r, 0)).toBeNull();
  });

  it('a newcomer with 4 games has no share yet, and is let in at a 90% table (their first games make the share)', () => {
    const r = reliabilityOf([timedOut, timedOut, timedOut, timedOut]);
    expect(r).toEqual({ games: 4, kept: 0, share: null });
    expect(reliabilityRefusal(r, 90)).toBeNull();
  });

  it('a guest (no record) is refused at a table asking 50% and let in at one asking nothing', () => {
    expect(reliabilityRefusal(null, 50)).toEqual({ code: 'reliability.guest', params: { least: 50 } });
    expect(reliabilityRefusal(null, 0)).toBeNull();
  });

  it('a stored floor that is not one of the protocol’s (a hand-edited row) counts as none', () => {
    expect([null, undefined, 0, 55, 80].map(storedFloor)).toEqual([0, 0, 0, 0, 80]);
  });

  it('a player who resigns before playing the opening has left early; after it, conceded', () => {
    expect(judged({ ...fine, resignedAt: 3, ownMoves: 1 })).toBe('failed');
    expect(judged({ ...fine, resignedAt: 9, ownMoves: 2, standIn: 'greedy' })).toBe('kept');
  });

  it('a player who aborts after a first move is counted against; the others and a move-less abort count for nobody', () => {
    expect(judged({ ...fine, abortedBy: 'ann' })).toBe('failed');
    expect(judged({ ...fine, abortedBy: 'bob' })).toBeNull();
    expect(judged({ ...fine, abortedBy: 'ann', anyMoveMade: false })).toBeNull();
  });

  it('a player who took the seat back with /back (stand-in cleared) kept the game; a closed game is not counted', () => {
    expect(judged(fine)).toBe('kept');
    expect(judged({ ...timedOut, closedOrStopped: true })).toBeNull();
    // 9 kept of 10: 90%, at the edge of a 90% table.
    const r = reliabilityOf([...Array<SeatEnd>(9).fill(fine), timedOut]);
    expect(r.share).toBe(90);
    expect(reliabilityRefusal(r, 90)).toBeNull();
    expect(reliabilityRefusal({ ...r, kept: 8, share: 89 }, 90)).toMatchObject({ code: 'reliability.below' });
  });
});
