import { CHANCE, SPECTATOR } from '@skyline/engine';
import { nyny, tileId, type NynyState } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { PASS, dealOf, expectRefused, newGame, play, playTile, takeTile } from './helpers.js';

const RED = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
const BLUE = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'];
const YELLOW = ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'];
const POOL = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];

/** Three seats, simultaneous variant, round started by seat 1; the deck starts g7 g8 g9. */
function threeSeats(): NynyState {
  return play(newGame(3, { variant: 'simultaneous' }), [
    CHANCE,
    dealOf(3, [RED, BLUE, YELLOW], POOL, ['g7', 'g8', 'g9'], 1),
  ]);
}

const ids = (tiles: number[]) => tiles.map(tileId);

describe('simultaneous variant: choose (spec: Simultaneous variant, step 1)', () => {
  it('makes every seat in play active at once', () => {
    const state = threeSeats();
    expect(nyny.status(state).active).toEqual([0, 1, 2]);
    for (const seat of [0, 1, 2]) expect(nyny.legalMoves(state, seat)).toHaveLength(7);
  });

  it('commits a chosen tile face down: the others see only that the seat has chosen', () => {
    const state = play(threeSeats(), [0, playTile('r3')]);
    expect(nyny.status(state).active).toEqual([1, 2]);
    const own = nyny.view(state, 0);
    expect(own.choice).toBe('r3');
    const other = nyny.view(state, 1);
    expect(other.choice).toBeNull();
    expect(other.chosen).toEqual([true, false, false]);
    expect(other.handSizes).toEqual([6, 6, 6]); // the choice does not show in the hand sizes either
    expect(JSON.stringify(other)).not.toContain('"r3"');
    expect(JSON.stringify(nyny.view(state, SPECTATOR))).not.toContain('"r3"');
    expect(state.skyline.flat()).toEqual([]); // nothing is placed before the reveal
  });

  it('hides a pass the same way until the reveal', () => {
    const state = play(threeSeats(), [2, PASS]);
    expect(nyny.view(state, 0).passed).toEqual([false, false, false]);
    expect(nyny.view(state, 0).chosen).toEqual([false, false, true]);
    expect(nyny.view(state, 2).choice).toBe('pass');
  });

  it('does not let a seat change its choice once sent', () => {
    const state = play(threeSeats(), [0, playTile('r3')]);
    expectRefused(state, 0, playTile('r4'), 'you have already chosen this turn');
    expectRefused(state, 0, PASS, 'you have already chosen this turn');
    expect(nyny.legalMoves(state, 0)).toEqual([]);
  });

  it('refuses a take during the choose step', () => {
    expectRefused(threeSeats(), 0, takeTile('g1'), 'choose a tile to play (or pass) first');
  });
});

describe('simultaneous variant: reveal and take (steps 2 and 3, Decision on the take order)', () => {
  const revealed = () => play(threeSeats(), [0, playTile('r3')], [2, playTile('y5')], [1, playTile('b3')]);

  it('boxes every tile whose number was revealed more than once, and places the others', () => {
    const state = revealed();
    expect(ids(state.box).sort()).toEqual(['b3', 'r3']);
    expect(ids(state.skyline[4] as number[])).toEqual(['y5']);
    expect(ids(state.skyline[2] as number[])).toEqual([]);
    expect(ids(state.hands[0] as number[])).toEqual(['r1', 'r2', 'r4', 'r5', 'r6']);
    expect(nyny.view(state, 0).box.sort()).toEqual(['b3', 'r3']);
  });

  it("lets the seats take by revealed number, ties clockwise from the round's first seat; only the seat due is active", () => {
    let state = revealed();
    // Numbers: seat 0 → 3, seat 1 → 3, seat 2 → 5. Round started by seat 1: seat 1 before seat 0.
    expect(state.takeQueue).toEqual([1, 0, 2]);
    expect(nyny.status(state).active).toEqual([1]);
    expectRefused(state, 0, takeTile('g1'), 'it is not your turn: seat 1 is to take a tile from the pool');
    state = play(state, [1, takeTile('g1')]);
    expect(ids(state.pool)).toEqual(['g7', 'g2', 'g3', 'g4', 'g5', 'g6']); // refilled after each take
    expect(nyny.status(state).active).toEqual([0]);
    state = play(state, [0, takeTile('g7')]);
    expect(ids(state.pool)).toEqual(['g8', 'g2', 'g3', 'g4', 'g5', 'g6']);
    expect(nyny.status(state).active).toEqual([2]);
    state = play(state, [2, takeTile('g8')]);
    // Every seat has taken: the next choose step starts, with every seat in play.
    expect(nyny.status(state).active).toEqual([0, 1, 2]);
    expect(state.hands.map((h) => h.length)).toEqual([6, 6, 6]);
  });

  it('orders takes by number first: a lower number takes first whatever the seat', () => {
    const state = play(threeSeats(), [0, playTile('r6')], [1, playTile('b2')], [2, playTile('y4')]);
    expect(state.takeQueue).toEqual([1, 2, 0]);
  });

  it('puts a passing seat out of the round at the reveal; it does not take', () => {
    const state = play(threeSeats(), [0, PASS], [1, playTile('b1')], [2, playTile('y2')]);
    expect(state.passed).toEqual([true, false, false]);
    expect(state.takeQueue).toEqual([1, 2]);
    const next = play(state, [1, takeTile('g1')], [2, takeTile('g2')]);
    expect(nyny.status(next).active).toEqual([1, 2]);
    expectRefused(next, 0, playTile('r1'), 'you have passed and are out for the rest of this round');
  });

  it('ends the round when every seat has passed, and scores the skyline', () => {
    let state = play(threeSeats(), [0, playTile('r1')], [1, playTile('b2')], [2, playTile('y3')]);
    state = play(state, [0, takeTile('g1')], [1, takeTile('g2')], [2, takeTile('g3')]);
    state = play(state, [0, PASS], [1, PASS], [2, PASS]);
    // r1 b2 y3: three neighbouring positions of three colours, one point each... of their numbers.
    expect(nyny.status(state)).toEqual({ over: true, active: [], scores: [1, 2, 3], winners: [2] });
  });
});

describe('simultaneous variant: what everyone knows of a hand', () => {
  it('shows a tile taken from the pool as known until it is revealed, whether placed or boxed', () => {
    let state = play(threeSeats(), [0, playTile('r1')], [1, playTile('b2')], [2, playTile('y3')]);
    state = play(state, [0, takeTile('g4')], [1, takeTile('g5')], [2, takeTile('g6')]);
    expect(nyny.view(state, SPECTATOR).known).toEqual([['g4'], ['g5'], ['g6']]);
    // Seat 0 chooses its known g4: hidden until the reveal, so it is still known to be in its hand.
    state = play(state, [0, playTile('g4')]);
    expect(nyny.view(state, 1).known).toEqual([['g4'], ['g5'], ['g6']]);
    // Seat 1 reveals b4 with it: both 4s go to the box; seat 2 places its known g6.
    state = play(state, [1, playTile('b4')], [2, playTile('g6')]);
    expect(ids(state.box)).toEqual(['b4', 'g4']); // equal numbers: clockwise from seat 1, who began the round
    expect(nyny.view(state, 1).known).toEqual([[], ['g5'], []]);
  });
});

describe('simultaneous variant: redaction of the log', () => {
  it("hides the others' choices of the current step, and shows them once revealed", () => {
    const log = [
      { chance: dealOf(3, [RED, BLUE, YELLOW], POOL, ['g7', 'g8', 'g9'], 1) },
      { seat: 0, move: playTile('r3') },
      { seat: 2, move: PASS },
    ];
    let state = newGame(3, { variant: 'simultaneous' });
    for (const entry of log)
      state = play(state, 'chance' in entry ? [CHANCE, entry.chance] : [entry.seat, entry.move]);
    expect(nyny.redact(log[1]!, 1, 1, state)).toEqual({ seat: 0, move: { type: 'hidden' } });
    expect(nyny.redact(log[2]!, 2, 1, state)).toEqual({ seat: 2, move: { type: 'hidden' } });
    expect(nyny.redact(log[1]!, 1, 0, state)).toEqual(log[1]); // a seat sees its own choice
    state = play(state, [1, playTile('b4')]);
    expect(nyny.redact(log[1]!, 1, 1, state)).toEqual(log[1]);
    expect(nyny.redact(log[2]!, 2, SPECTATOR, state)).toEqual(log[2]);
  });
});
