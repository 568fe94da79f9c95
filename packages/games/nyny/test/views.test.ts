import { CHANCE, SPECTATOR, SeededRng, type Viewer } from '@skyline/engine';
import { nyny } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { dealOf, newGame, play, playTile, takeTile, tileOf } from './helpers.js';

const HANDS = [
  ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
  ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
];
const POOL = ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'];
const dealt = () => play(newGame(2), [CHANCE, dealOf(2, HANDS, POOL, ['g1'])]);

describe('views (spec: Secrets)', () => {
  it('shows a seat its own hand, and of the others only how many tiles they hold', () => {
    const view = nyny.view(dealt(), 0);
    expect(view.hand).toEqual(HANDS[0]);
    expect(view.handSizes).toEqual([6, 6]);
    for (const tile of HANDS[1]!) expect(JSON.stringify(view)).not.toContain(`"${tile}"`);
  });

  it('shows the deck only as a count', () => {
    const view = nyny.view(dealt(), 1);
    expect(view.deckSize).toBe(30);
    expect(JSON.stringify(view)).not.toContain('"g1"');
  });

  it('shows a spectator no hand at all', () => {
    const view = nyny.view(dealt(), SPECTATOR);
    expect(view.hand).toBeNull();
    for (const tile of HANDS.flat()) expect(JSON.stringify(view)).not.toContain(`"${tile}"`);
  });

  it('shows everyone the public facts: the pool, every tile of every stack, the box, who passed, the totals', () => {
    const state = play(
      dealt(),
      [0, playTile('r3')],
      [0, takeTile('y1')],
      [1, playTile('b3')],
      [1, takeTile('g1')],
    );
    const view = nyny.view(state, SPECTATOR);
    // y1's slot got g1 from the deck; g1's slot got the next deck tile, r7 (the unnamed tiles follow in id order).
    expect(view.pool).toEqual(['r7', 'y2', 'y3', 'y4', 'y5', 'y6']);
    expect(view.skyline[2]).toEqual(['r3', 'b3']);
    expect(view.passed).toEqual([false, false]);
    expect(view.totals).toEqual([0, 0]);
    expect(view.scores).toEqual([0, 3]);
  });

  it("redacts the deal to the viewer's own hand, and shows everyone the tile a seat takes from the face-up pool", () => {
    const deal = dealOf(2, HANDS, POOL, ['g1']);
    const state = play(dealt(), [0, playTile('r3')], [0, takeTile('y1')]);
    const redacted = nyny.redact({ chance: deal }, 0, 1, state) as {
      chance: { order: (string | null)[]; first: number };
    };
    expect(redacted.chance.order.slice(6, 12)).toEqual(HANDS[1]);
    expect(redacted.chance.order.filter((id) => id !== null)).toEqual(HANDS[1]);
    expect(redacted.chance.first).toBe(0);
    for (const viewer of [0, 1, SPECTATOR] as Viewer[])
      expect(nyny.redact({ seat: 0, move: { type: 'take', tile: 'y1' } }, 2, viewer, state)).toEqual({
        seat: 0,
        move: { type: 'take', tile: 'y1' },
      });
    expect(nyny.redact({ seat: 0, move: { type: 'play', tile: 'r3' } }, 1, 1, state)).toEqual({
      seat: 0,
      move: { type: 'play', tile: 'r3' },
    });
  });

  it('shows every viewer the tiles a seat took face up, and of its face-down tiles still only how many', () => {
    const state = play(
      dealt(),
      [0, playTile('r3')],
      [0, takeTile('y1')],
      [1, playTile('b1')],
      [1, takeTile('y4')],
    );
    for (const viewer of [0, 1, SPECTATOR] as Viewer[]) {
      const view = nyny.view(state, viewer);
      expect(view.known).toEqual([['y1'], ['y4']]);
      expect(view.handSizes).toEqual([6, 6]);
    }
    const other = JSON.stringify(nyny.view(state, 1));
    // Seat 0 holds r1 r2 r4 r5 r6 face down and y1 face up: only y1 shows.
    for (const tile of ['r1', 'r2', 'r4', 'r5', 'r6']) expect(other).not.toContain(`"${tile}"`);
    expect(other).toContain('"y1"');
  });

  it('forgets a known tile once it is played: it is on the skyline, no longer in the hand', () => {
    let state = play(
      dealt(),
      [0, playTile('r3')],
      [0, takeTile('y1')],
      [1, playTile('b1')],
      [1, takeTile('y4')],
    );
    state = play(state, [0, playTile('y1')], [0, takeTile('y2')]);
    expect(nyny.view(state, 1).known).toEqual([['y2'], ['y4']]);
    expect(nyny.view(state, 1).skyline[0]).toEqual(['b1', 'y1']);
  });

  it('starts every round with nothing known: the new hands are dealt face down', () => {
    const state = play(newGame(2, { rounds: 2 }), [CHANCE, dealOf(2, HANDS, POOL)], [0, playTile('r3')]);
    const taken = play(state, [0, takeTile('y1')], [1, { type: 'pass' }], [0, { type: 'pass' }]);
    expect(taken.phase).toBe('deal');
    expect(nyny.view(taken, 1).known).toEqual([[], []]);
  });

  it('shows the full log once the game is over', () => {
    const deal = dealOf(2, HANDS, POOL);
    const state = play(dealt(), [0, { type: 'pass' }], [1, { type: 'pass' }]);
    expect(nyny.redact({ chance: deal }, 0, 1, state)).toEqual({ chance: deal });
  });

  it('determinizes a view into a state that looks the same to the seat, with the unseen tiles resampled', () => {
    const state = play(dealt(), [0, playTile('r3')], [0, takeTile('y1')]);
    const view = nyny.view(state, 1);
    const rng = new SeededRng(3);
    const samples = Array.from({ length: 20 }, () => nyny.determinize(view, 1, rng));
    for (const sample of samples) expect(nyny.view(sample, 1)).toEqual(view);
    // Seat 0's hand is not always what it really is: the bot cannot know it...
    const hands = new Set(samples.map((s) => JSON.stringify(s.hands[0])));
    expect(hands.size).toBeGreaterThan(1);
    // ...except for y1, which everyone saw it take.
    for (const sample of samples) expect(sample.hands[0]).toContain(tileOf('y1'));
  });
});
