/**
 * The `skyline replay` contract (docs/command-line.md, `skyline replay`): in process for what a command computes, and
 * spawned as a user runs the built command (`npm test` builds first) for the exit codes and the streams.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skyline, spawned, type Ran } from './skyline.js';

const RECORD = fileURLToPath(new URL('../../games/nyny/records/classic-2p-full.json', import.meta.url));

interface Rec {
  format: string;
  game: string;
  players: number;
  options?: Record<string, unknown>;
  log: Record<string, unknown>[];
}
const record = (): Rec => JSON.parse(readFileSync(RECORD, 'utf8')) as Rec;
const run = (rec: unknown, ...args: string[]) => skyline(['replay', '-', ...args], JSON.stringify(rec));

/** The error contract: exit 1, nothing on stdout, exactly one line on stderr. */
function expectError(result: Ran, line: string | RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  if (typeof line === 'string') expect(result.stderr.trimEnd()).toBe(line);
  else expect(result.stderr.trimEnd()).toMatch(line);
}

describe('skyline replay', { timeout: 30_000 }, () => {
  it('prints the status JSON of a legal record and exits 0', () => {
    const result = spawned(['replay', RECORD]);
    expect(result).toEqual({
      code: 0,
      stdout: '{"over":true,"active":[],"scores":[53,38],"winners":[0]}\n',
      stderr: '',
    });
  });

  it('reads the record from standard input with -', async () => {
    expect((await run(record())).stdout).toBe('{"over":true,"active":[],"scores":[53,38],"winners":[0]}\n');
  });

  it('reports a resignation in the status: a resigned 2-seat game is over, the other seat wins', async () => {
    const rec = record();
    // The deal, seat 1 plays r2 (red scores 2), then seat 1 resigns: seat 0 wins on 0 points, seat 1 is placed last.
    rec.log = [...rec.log.slice(0, 2), { seat: 1, resign: true }];
    expect((await run(rec)).stdout).toBe(
      '{"over":true,"active":[],"scores":[2,0],"winners":[0],"resigned":[1]}\n',
    );
    rec.log.push({ seat: 0, move: { type: 'pass' } });
    expectError(await run(rec), 'log[3] record: the game was resigned before this entry');
  });

  it('prints the status of a game that is not over', async () => {
    const rec = record();
    rec.log = rec.log.slice(0, 2); // the deal, then seat 1 plays r2: red scores 2, and seat 1 must now take
    const result = await run(rec);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ over: false, active: [1], scores: [2, 0], winners: [] });
  });

  it("prints a seat's view with --view, and a spectator's with --view spectator", async () => {
    const rec = record();
    rec.log = rec.log.slice(0, 1);
    const seat = JSON.parse((await run(rec, '--view', '1')).stdout) as {
      hand: string[];
      handSizes: number[];
    };
    const deal = (rec.log[0] as { chance: { order: string[] } }).chance.order;
    expect(seat.hand.slice().sort()).toEqual(deal.slice(6, 12).sort());
    expect(seat.handSizes).toEqual([6, 6]);
    for (const tile of deal.slice(0, 6)) expect(JSON.stringify(seat)).not.toContain(`"${tile}"`);
    const spectator = JSON.parse((await run(rec, '--view', 'spectator')).stdout) as { hand: null };
    expect(spectator.hand).toBeNull();
    for (const tile of deal.slice(0, 12)) expect(JSON.stringify(spectator)).not.toContain(`"${tile}"`);
  });

  it('names the first illegal seat move: log[N] seat S: reason', async () => {
    const rec = record();
    rec.log[1] = { seat: 1, move: { type: 'play', tile: 'y11' } }; // y11 was dealt to seat 0
    expectError(await run(rec), 'log[1] seat 1: tile y11 is not in your hand');
  });

  it('names a move out of turn', async () => {
    const rec = record();
    rec.log[1] = { seat: 0, move: { type: 'pass' } };
    expectError(await run(rec), 'log[1] seat 0: it is not your turn: seat 1 is to play');
  });

  it('names an illegal chance move: log[N] chance: reason', async () => {
    const rec = record();
    const deal = rec.log[0] as { chance: { order: string[] } };
    deal.chance.order = deal.chance.order.slice(1);
    expectError(await run(rec), 'log[0] chance: the deal must list all 48 tiles, not 47');
  });

  it('names a log entry that is neither a chance move nor a seat move, and a seat that does not exist', async () => {
    const rec = record();
    rec.log[3] = { player: 1, move: { type: 'pass' } };
    expectError(await run(rec), /^record: log\[3\] must be/);
    rec.log[3] = { seat: 5, move: { type: 'pass' } };
    expectError(await run(rec), 'log[3] seat 5: there is no seat 5 in a 2-seat game');
  });

  it.each([
    [{ game: 'chess' }, /^record: unknown game "chess"/],
    [{ players: 5 }, 'record: New York, New York is played by 2 to 4 seats, not 5'],
    [{ options: { speed: 'fast' } }, /^record: options: .*speed/],
    [{ options: { rounds: 11 } }, /^record: options\.rounds: /],
    [{ format: 'skyline-record/2' }, /^record: format: /],
    [{ names: ['only one'] }, 'record: names lists 1 names for 2 seats'],
    [{ log: 'none' }, /^record: log: /],
  ])('refuses a malformed record %j with a record: line', async (change, line) => {
    expectError(await run({ ...record(), ...change }), line);
  });

  it('refuses text that is not JSON, and a file it cannot read', () => {
    expectError(spawned(['replay', '-'], '{"format": '), /^record: not valid JSON/);
    expectError(
      spawned(['replay', '/no/such/record.json']),
      'record: cannot read /no/such/record.json (ENOENT)',
    );
  });

  it('refuses to show the view of a seat the game does not have', async () => {
    expectError(await run(record(), '--view', '2'), /^record: cannot show the view of "2"/);
  });
});

describe('skyline sim', { timeout: 30_000 }, () => {
  it('plays random games and summarises each seat, reproducibly from a seed', async () => {
    const args = ['sim', 'nyny', '--games', '50', '--players', '3', '--seed', '9', '--json'];
    const first = JSON.parse((await skyline(args)).stdout) as {
      games: number;
      seats: { wins: number; averageScore: number }[];
    };
    const again = JSON.parse((await skyline(args)).stdout) as typeof first;
    expect(first.games).toBe(50);
    expect(first.seats).toHaveLength(3);
    expect(first.seats.reduce((sum, seat) => sum + seat.wins, 0)).toBeCloseTo(50);
    expect(again.seats).toEqual(first.seats);
  });

  it('explains a wrong command line and exits 2', async () => {
    const result = spawned(['sim', 'nyny']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sim needs --games N/);
    expect((await skyline(['sim', 'nyny', '--games', '1', '--options', '{"rounds": 0}'])).stderr).toMatch(
      /options\.rounds/,
    );
  });
});
