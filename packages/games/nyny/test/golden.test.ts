import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replayRecord, type Status } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';

/** Expected statuses, worked out by hand from each record (see `records/README.md`). */
const GOLDEN: Record<string, Status> = {
  'worked-example-4p.json': { over: true, active: [], scores: [51, 18, 7, 20], winners: [0] },
  'classic-2p-full.json': { over: true, active: [], scores: [53, 38], winners: [0] },
  'simultaneous-3p-full.json': { over: true, active: [], scores: [35, 35, 9], winners: [0, 1] },
  'classic-4p-2rounds.json': { over: true, active: [], scores: [83, 32, 37, 25], winners: [0] },
};

const read = (name: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../records/${name}`, import.meta.url)), 'utf8'));

describe('golden records', () => {
  it.each(Object.entries(GOLDEN))('%s replays to its hand-checked status', (name, expected) => {
    const result = replayRecord(GAMES, read(name));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.game.status(result.state)).toEqual(expected);
  });

  it('stops at a corrupted entry of a golden record and names it', () => {
    const record = read('classic-2p-full.json') as {
      log: { seat?: number; move?: { type: string; tile?: string } }[];
    };
    const at = record.log.findIndex((entry) => entry.move?.type === 'play');
    const seat = record.log[at]!.seat as number;
    record.log[at] = { seat, move: { type: 'play', tile: 'g12' } };
    const result = replayRecord(GAMES, record);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({
        line: `log[${at}] seat ${seat}: tile g12 is not in your hand`,
        index: at,
      });
  });
});
