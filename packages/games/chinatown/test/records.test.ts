import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replayRecord, type AnyGame } from '@skyline/engine';
import { chinatown } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';

const GAMES = new Map<string, AnyGame>([[chinatown.id, chinatown]]);

function load(name: string): { log: unknown[] } & Record<string, unknown> {
  const path = fileURLToPath(new URL(`../records/${name}`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as { log: unknown[] } & Record<string, unknown>;
}

function statusOf(record: unknown) {
  const result = replayRecord(GAMES, record);
  if (!result.ok) throw new Error(result.error.line);
  return result.game.status(result.state);
}

/** The golden records and their final status, each checked independently (records/README.md). */
const GOLDEN: [string, { scores: number[]; winners: number[] }][] = [
  ['scripted-3p-trades.json', { scores: [34000, 33000, 2000], winners: [0] }],
  ['random-3p-default.json', { scores: [108000, 100000, 113000], winners: [2] }],
  ['random-4p-variants.json', { scores: [60000, 54000, 41000, 66000], winners: [3] }],
  ['random-5p-drawmax.json', { scores: [53000, 61000, 61000, 61000, 57000], winners: [1, 2, 3] }],
];

describe('golden records', () => {
  it.each(GOLDEN)('%s replays to its hand-checked result', (name, expected) => {
    expect(statusOf(load(name))).toEqual({ over: true, active: [], ...expected });
  });

  it('replays a record cut short: the status of the game so far', () => {
    const record = load('scripted-3p-trades.json');
    // setup, three settles, the shuffle, then seat 0's offer and seat 1's acceptance: trading goes on
    const status = statusOf({ ...record, log: record.log.slice(0, 7) });
    expect(status).toEqual({ over: false, active: [0, 1, 2], scores: [7000, 3000, 5000], winners: [] });
  });

  it('stops at an illegal entry and says where and why', () => {
    const record = load('scripted-3p-trades.json');
    const log = record.log.slice(0, 8);
    log.push({ seat: 1, move: { type: 'accept', offer: 2 } }); // offer 2 is made to seat 0
    const result = replayRecord(GAMES, { ...record, log });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.line).toBe('log[8] seat 1: offer 2 is not made to you');
  });

  it('refuses unknown options and seat counts out of range', () => {
    const record = load('scripted-3p-trades.json');
    const bad = replayRecord(GAMES, { ...record, options: { sixRounds: true } });
    expect(bad.ok).toBe(false);
    const two = replayRecord(GAMES, { ...record, players: 2 });
    expect(two.ok).toBe(false);
    if (!two.ok) expect(two.error.line).toBe('record: Chinatown is played by 3 to 5 seats, not 2');
  });
});
