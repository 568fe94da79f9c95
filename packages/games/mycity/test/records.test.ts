/**
 * Golden records: complete games replayed as `skyline replay` does (`replayRecord`), with the status expected after
 * their last entry. How each expected score was checked by hand is in `records/README.md`.
 */
import { readFileSync } from 'node:fs';
import { replayRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { mycity } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';

const read = (name: string): Record<string, unknown> & { log: unknown[] } =>
  JSON.parse(readFileSync(new URL(`../records/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  > & {
    log: unknown[];
  };

function replayStatus(record: unknown) {
  const result = replayRecord(GAMES, record);
  if (!result.ok) throw new Error(result.error.line);
  return result.game.status(result.state);
}

describe('golden records', () => {
  it.each([
    ['two-seats-stop.json', { over: true, active: [], scores: [-56, -55], winners: [1] }],
    ['tie-break.json', { over: true, active: [], scores: [-56, -56], winners: [1] }],
    ['series-3p.json', { over: true, active: [], scores: [-112, -112, -118], winners: [0, 1] }],
    ['full-deck-4p.json', { over: true, active: [], scores: [-26, -45, -45, -33], winners: [0] }],
  ])('%s', (name, expected) => {
    expect(replayStatus(read(name))).toEqual(expected);
  });

  it('a record cut short gives the status so far', () => {
    const record = read('two-seats-stop.json');
    // After seat 0's first build, not yet revealed: both seats still at −59, seat 1 awaited.
    expect(replayStatus({ ...record, log: record.log.slice(0, 2) })).toEqual({
      over: false,
      active: [1],
      scores: [-59, -59],
      winners: [],
    });
    expect(replayStatus({ ...record, log: [] })).toEqual({
      over: false,
      active: ['chance'],
      scores: [0, 0],
      winners: [],
    });
    // Between the episodes of a series: the first episode's scores, waiting for the second deal.
    const series = read('series-3p.json');
    expect(replayStatus({ ...series, log: series.log.slice(0, 6) })).toEqual({
      over: false,
      active: ['chance'],
      scores: [-56, -56, -59],
      winners: [],
    });
  });

  it('an illegal entry is reported with its index, its seat and the rule', () => {
    const record = read('two-seats-stop.json');
    const log = record.log.slice();
    log[4] = {
      seat: 1,
      move: {
        type: 'build',
        cells: [
          [0, 5],
          [0, 6],
          [0, 7],
        ],
      },
    };
    const result = replayRecord(GAMES, { ...record, log });
    expect(result).toMatchObject({
      ok: false,
      error: { line: 'log[4] seat 1: square [0, 6] is river: buildings go on grass only', index: 4 },
    });
    const passing = record.log.slice();
    passing[6] = { seat: 1, move: { type: 'pass' } };
    passing[7] = { seat: 1, move: { type: 'pass' } };
    expect(replayRecord(GAMES, { ...record, log: passing }).ok).toBe(true);
    const badOption = replayRecord(GAMES, { ...record, options: { episodes: 0 } });
    expect(badOption.ok).toBe(false);
    if (!badOption.ok) expect(badOption.error.line).toMatch(/^record: options\.episodes: /);
  });

  it('the registry knows the game', () => {
    expect(GAMES.get('mycity')).toBe(mycity);
  });
});
