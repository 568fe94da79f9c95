import { describe, expect, it } from 'vitest';
import { meetings, pair, type PairingInput } from '../src/pairing.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** Plays `rounds` rounds of pairings (standing = the given order, unchanged) and returns the history. */
function run(format: PairingInput['format'], players: string[], size: number, rounds: number) {
  const history: PairingInput['history'][number][] = [];
  for (let r = 0; r < rounds; r++)
    history.push(pair({ format, seatsPerTable: size, players, history, seed: 100 + r }));
  return history;
}

describe('pairing', () => {
  it('seats everyone once per round: tables of the size asked, the remainder on byes', () => {
    for (const size of [2, 3, 4, 5])
      for (const n of [size, 7, 8, 11]) {
        if (n < size) continue;
        const { tables, byes } = pair({
          format: 'swiss',
          seatsPerTable: size,
          players: ids(n),
          history: [],
          seed: 1,
        });
        expect(tables.every((table) => table.length === size)).toBe(true);
        expect(byes).toHaveLength(n % size);
        expect([...tables.flat(), ...byes].sort()).toEqual(ids(n).sort());
      }
  });

  it('is deterministic given the seed', () => {
    const a = run('roundrobin', ids(9), 3, 4);
    const b = run('roundrobin', ids(9), 3, 4);
    expect(a).toEqual(b);
  });

  it('Swiss avoids repeat meetings while possible (16 players, 4 seats: round 2 meets new players only)', () => {
    const history = run('swiss', ids(16), 4, 2);
    for (const count of meetings(history).values()) expect(count).toBe(1);
  });

  it('Swiss keeps repeats to the least when they cannot be avoided (8 players, 4 seats: 2 pairs meet again)', () => {
    const history = run('swiss', ids(8), 4, 2);
    const again = [...meetings(history).values()].filter((count) => count > 1);
    expect(again).toHaveLength(4);
  });

  it('Swiss, 2 seats, 8 players: 7 rounds without a repeat when standings do not change', () => {
    const history = run('swiss', ids(8), 2, 5);
    for (const count of meetings(history).values()) expect(count).toBe(1);
  });

  it('Swiss groups close standings: round 1 seats the top players together', () => {
    const { tables } = pair({ format: 'swiss', seatsPerTable: 4, players: ids(8), history: [], seed: 3 });
    expect([...tables[0]!].sort()).toEqual(['p0', 'p1', 'p2', 'p3']);
  });

  it('round-robin with 2 seats: everyone meets everyone exactly once in n-1 rounds (odd n: a bye each)', () => {
    for (const n of [6, 7]) {
      const rounds = n % 2 === 0 ? n - 1 : n;
      const history = run('roundrobin', ids(n), 2, rounds);
      const met = meetings(history);
      expect(met.size).toBe((n * (n - 1)) / 2);
      for (const count of met.values()) expect(count).toBe(1);
      if (n % 2 === 1) expect(new Set(history.flatMap((round) => round.byes)).size).toBe(n);
    }
  });

  it('byes go to those who had fewest (Swiss: the lowest standing first)', () => {
    const history = run('swiss', ids(9), 4, 3);
    expect(history[0]!.byes).toEqual(['p8']);
    const all = history.flatMap((round) => round.byes);
    expect(new Set(all).size).toBe(all.length);
  });

  it('rotates seats fairly: over 4 rounds of 4-seat tables nobody has a seat more than twice', () => {
    const history = run('roundrobin', ids(8), 4, 4);
    for (const id of ids(8)) {
      const counts = [0, 0, 0, 0];
      for (const round of history)
        for (const table of round.tables) if (table.includes(id)) counts[table.indexOf(id)]!++;
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    }
  });
});
