/**
 * Legal-move enumeration for a build: every distinct placement, each set of squares once (even for shapes that look
 * the same after a half-turn), then pass (marker above 0), then stop.
 */
import { SeededRng, randomMove } from '@skyline/engine';
import { BUILDING_IDS, mycity, type BuildMove, type MyCityState } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import data from '../data/mycity.json' with { type: 'json' };
import { CHANCE, STOP, build, dealOf, newGame, play } from './helpers.js';

type Cells = [number, number][];

const setKey = (cells: readonly (readonly [number, number])[]): string =>
  cells
    .map(([r, c]) => r * 100 + c)
    .sort((a, b) => a - b)
    .join(',');

const builds = (state: MyCityState, seat: number): BuildMove[] =>
  mycity.legalMoves(state, seat).filter((m): m is BuildMove => m.type === 'build');

/**
 * Every set of squares the building covers turned 0..3 quarter-turns and moved anywhere within the board, each set
 * once, kept if `validate` accepts it: an enumeration written independently of the engine's.
 */
function bruteForce(state: MyCityState, seat: number, id: string): string[] {
  let shape = (data.buildings.find((b) => b.id === id)?.cells ?? []) as Cells;
  const sets = new Map<string, Cells>();
  for (let k = 0; k < 4; k++) {
    shape = shape.map(([r, c]) => [c, -r]);
    const r0 = Math.min(...shape.map(([r]) => r));
    const c0 = Math.min(...shape.map(([, c]) => c));
    for (let top = -4; top < 12; top++) {
      for (let left = -4; left < 14; left++) {
        const cells = shape.map(([r, c]) => [r - r0 + top, c - c0 + left] as [number, number]);
        sets.set(setKey(cells), cells);
      }
    }
  }
  return [...sets]
    .filter(([, cells]) => mycity.validate(state, seat, build(...cells)) === null)
    .map(([key]) => key)
    .sort();
}

describe('legal builds', () => {
  it('the square y3 as a first building: the 18 places counted by hand, then pass and stop', () => {
    // 2×2 blocks of grass with a square next to the river. Left bank, by top-left square: [0,4] [1,3] [2,3] [3,3]
    // [4,3] [5,3] [6,4] [7,4] [8,5]; right bank: [0,7] [1,7] [2,7] [3,6] [4,7] [5,7] [6,8] [7,8] [8,8].
    const state = play(newGame(2), [CHANCE, dealOf('y3')]);
    const topLefts = builds(state, 0).map((m) => m.cells[0] as [number, number]);
    expect(topLefts.sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual([
      [0, 4],
      [0, 7],
      [1, 3],
      [1, 7],
      [2, 3],
      [2, 7],
      [3, 3],
      [3, 6],
      [4, 3],
      [4, 7],
      [5, 3],
      [5, 7],
      [6, 4],
      [6, 8],
      [7, 4],
      [7, 8],
      [8, 5],
      [8, 8],
    ]);
    const moves = mycity.legalMoves(state, 0);
    expect(moves.slice(-2)).toEqual([{ type: 'pass' }, { type: 'stop' }]);
    expect(moves).toHaveLength(20);
  });

  it('each set of squares is listed once, cells in reading order', () => {
    const state = play(newGame(2), [CHANCE, dealOf('y1')]);
    const moves = builds(state, 0);
    const keys = moves.map((m) => setKey(m.cells));
    expect(new Set(keys).size).toBe(keys.length);
    // The straight y1 looks the same after a half-turn: [0,7] [0,8] [0,9] is there once.
    expect(
      keys.filter(
        (k) =>
          k ===
          setKey([
            [0, 7],
            [0, 8],
            [0, 9],
          ]),
      ),
    ).toHaveLength(1);
    for (const m of moves) expect(m.cells).toEqual([...m.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });

  it('for every building, on an empty board and on crowded ones, exactly the sets validate accepts', () => {
    const rng = new SeededRng(7);
    for (const id of BUILDING_IDS) {
      // Play a random game where the building comes late, then look at the seats' builds for it.
      const order = [...BUILDING_IDS.filter((b) => b !== id).slice(0, 10), id];
      let state = play(newGame(2), [CHANCE, dealOf(...order)]);
      const firsts = builds(state, 0).map((m) => setKey(m.cells));
      expect(firsts.sort(), `${order[0]} first`).toEqual(bruteForce(state, 0, order[0] as string));
      while (state.card < order.length - 1 && mycity.active(state).length > 0) {
        for (const seat of mycity.active(state) as number[]) {
          const moves = mycity.legalMoves(state, seat).filter((m) => m.type !== 'stop');
          state = play(state, [seat, moves.length > 0 ? randomMove(mycity, state, seat, rng) : STOP]);
        }
      }
      for (const seat of mycity.active(state) as number[]) {
        const listed = builds(state, seat).map((m) => setKey(m.cells));
        expect(new Set(listed).size, id).toBe(listed.length);
        expect(listed.sort(), `${id} seat ${seat}`).toEqual(bruteForce(state, seat, id));
      }
    }
  });

  it('pass is listed only while the marker is above 0; stop always', () => {
    let state = play(newGame(2), [CHANCE, dealOf()], [1, STOP]);
    for (let k = 0; k < 10; k++) {
      expect(mycity.legalMoves(state, 0)).toContainEqual({ type: 'pass' });
      state = play(state, [0, { type: 'pass' }]);
    }
    expect(state.markers[0]).toBe(0);
    const moves = mycity.legalMoves(state, 0);
    expect(moves).not.toContainEqual({ type: 'pass' });
    expect(moves.at(-1)).toEqual({ type: 'stop' });
  });

  it('seats not awaited have no moves', () => {
    const state = play(newGame(3), [CHANCE, dealOf()], [1, STOP]);
    expect(mycity.legalMoves(state, 1)).toEqual([]);
    expect(mycity.legalMoves(newGame(3), 0)).toEqual([]);
  });
});
