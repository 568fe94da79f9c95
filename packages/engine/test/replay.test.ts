import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHANCE, describeIssues, replayLog, seatCountProblem } from '../src/index.js';
import { toy, type ToyState } from './toy.js';

const DEAL = { type: 'deal', cards: ['a', 'b'] };
const add = (n: number) => ({ type: 'add', n });

describe('replayLog', () => {
  it('visits the new game and the state after each entry, and ends on the last', () => {
    const seen: [number, number][] = [];
    const result = replayLog(
      toy,
      2,
      {},
      [{ chance: DEAL }, { seat: 0, move: add(2) }, { seat: 1, move: add(1) }],
      (state, applied) => seen.push([applied, (state as ToyState).total]),
    );
    expect(seen).toEqual([
      [0, 0],
      [1, 0],
      [2, 2],
      [3, 3],
    ]);
    expect(result.ok && (result.state as ToyState).added).toEqual([2, 1]);
  });

  it('names the refused entry, its actor and the reason', () => {
    const result = replayLog(toy, 2, {}, [{ chance: DEAL }, { seat: 1, move: add(1) }]);
    expect(result).toEqual({
      ok: false,
      error: { index: 1, reason: 'not your turn', line: 'log[1] seat 1: not your turn', malformed: false },
    });
    expect(replayLog(toy, 2, {}, [{ chance: { type: 'deal', cards: ['a', 'a'] } }])).toMatchObject({
      ok: false,
      error: { line: `log[0] ${CHANCE}: a deal gives each seat a different card` },
    });
  });

  it('refuses a seat that does not exist and an entry of another shape', () => {
    expect(replayLog(toy, 2, {}, [{ chance: DEAL }, { seat: 2, move: add(1) }])).toMatchObject({
      ok: false,
      error: { index: 1, line: 'log[1] seat 2: there is no seat 2 in a 2-seat game', malformed: false },
    });
    for (const entry of [null, [], { seat: 0 }, { seat: 0.5, move: add(1) }, { chance: DEAL, seat: 0 }]) {
      expect(replayLog(toy, 2, {}, [entry])).toMatchObject({
        ok: false,
        error: { index: 0, malformed: true },
      });
    }
  });
});

describe('defineGame', () => {
  it('counts every applied entry in state.step, chance moves included', () => {
    const result = replayLog(toy, 2, {}, [
      { chance: DEAL },
      { seat: 0, move: add(1) },
      { seat: 1, move: add(1) },
    ]);
    expect(result.ok && (result.state as ToyState).step).toBe(3);
    expect('apply' in toy).toBe(false);
  });
});

describe('describeIssues', () => {
  const shape = z.object({
    players: z.number().int(),
    port: z.string().transform((value, context) => {
      context.addIssue({ code: 'custom', message: `PORT must be a number, not ${value}` });
      return z.NEVER;
    }),
  });

  it('puts the path (below a prefix) before a schema issue, and shows our own issues as they are', () => {
    const parsed = shape.safeParse({ players: 1.5, port: 'x' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(describeIssues(parsed.error, 'options')).toMatch(
      /^options\.players: .*expected int.*; PORT must be a number, not x$/,
    );
    expect(describeIssues(parsed.error)).toMatch(/^players: /);
  });

  it('shows an issue without a path as its message alone', () => {
    const parsed = z.number().safeParse('1');
    expect(parsed.success || describeIssues(parsed.error)).toMatch(/^Invalid input: expected number/);
  });
});

describe('seatCountProblem', () => {
  it('accepts the seat counts of the game and names the range otherwise', () => {
    expect([2, 3].map((n) => seatCountProblem(toy, n))).toEqual([null, null]);
    expect(seatCountProblem(toy, 4)).toBe('Toy is played by 2 to 3 seats, not 4');
    expect(seatCountProblem(toy, 2.5)).toBe('Toy is played by 2 to 3 seats, not 2.5');
  });
});
