import { readFileSync, readdirSync } from 'node:fs';
import { replayRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { manhattan, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../records/', import.meta.url);
const load = (file: string): { log: unknown[] } & Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as { log: unknown[] } & Record<string, unknown>;

/** Expected results, checked independently of the engine (see records/README.md and records/check.py). */
const GOLDEN: Record<string, { scores: number[]; winners: number[]; rounds: number[][] }> = {
  'classic-2p.json': {
    scores: [75, 73],
    winners: [0],
    rounds: [
      [10, 13],
      [16, 14],
      [22, 21],
      [27, 25],
    ],
  },
  'perspective-sixrounds-3p.json': {
    scores: [73, 74, 86],
    winners: [2],
    rounds: [
      [4, 6, 6],
      [8, 12, 12],
      [10, 11, 17],
      [15, 14, 14],
      [17, 14, 16],
      [19, 17, 21],
    ],
  },
  'classic-4p.json': {
    scores: [59, 47, 40, 40],
    winners: [0],
    rounds: [
      [10, 7, 6, 5],
      [13, 11, 9, 6],
      [19, 14, 13, 15],
      [17, 15, 12, 14],
    ],
  },
  'perspective-4p-discard.json': {
    scores: [49, 61, 45, 38],
    winners: [1],
    rounds: [
      [7, 11, 7, 7],
      [8, 12, 10, 9],
      [15, 18, 14, 12],
      [19, 20, 14, 10],
    ],
  },
};

describe('golden records (records/*.json)', () => {
  it('every record file has its expected result here', () => {
    expect(
      readdirSync(DIR)
        .filter((file) => file.endsWith('.json'))
        .sort(),
    ).toEqual(Object.keys(GOLDEN).sort());
  });

  for (const [file, expected] of Object.entries(GOLDEN)) {
    it(`${file} replays to scores ${expected.scores.join(', ')}`, () => {
      const result = replayRecord(GAMES, load(file));
      if (!result.ok) throw new Error(result.error.line);
      expect(result.game).toBe(manhattan);
      expect(manhattan.status(result.state as ManhattanState)).toEqual({
        over: true,
        active: [],
        scores: expected.scores,
        winners: expected.winners,
      });
      expect((result.state as ManhattanState).history).toEqual(expected.rounds);
    });
  }

  it('a record cut short replays to a game in progress', () => {
    const record = load('classic-2p.json');
    // entries: 0 the deal, 1-2 the choices, 3-14 the 12 builds of round 1 (then scored), 15 a choice of round 2
    const result = replayRecord(GAMES, { ...record, log: record.log.slice(0, 16) });
    if (!result.ok) throw new Error(result.error.line);
    const status = manhattan.status(result.state as ManhattanState);
    expect(status.over).toBe(false);
    expect(status.winners).toEqual([]);
    expect(status.scores).toEqual([10, 13]);
    // round 2 starts with the seat after the first seat, and the first seat chooses second
    const first = (record.log[0] as { chance: { first: number } }).chance.first;
    expect(status.active).toEqual([first]);
  });

  it('an illegal entry stops the replay with its index, its seat and the rule', () => {
    const record = load('classic-2p.json');
    const log = record.log.slice();
    // entry 3 is seat 0's or seat 1's first build: play a card that seat does not hold (the deck has five of each,
    // so pick a number absent from the dealt hand)
    const entry = log[3] as { seat: number; move: { card: number } };
    const deal = (log[0] as { chance: { order: number[] } }).chance.order;
    const hand = deal.slice(entry.seat * 4, entry.seat * 4 + 4);
    const missing = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((card) => !hand.includes(card)) as number;
    log[3] = { seat: entry.seat, move: { ...entry.move, card: missing } };
    const result = replayRecord(GAMES, { ...record, log });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.line).toBe(`log[3] seat ${entry.seat}: card ${missing} is not in your hand`);
  });

  it('an unknown option is a problem with the record', () => {
    const result = replayRecord(GAMES, { ...load('classic-2p.json'), options: { rounds: 3 } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.line).toMatch(/^record: options/);
  });
});
