/**
 * A tournament survives its server being killed with `kill -9` mid-round: started again on the same SQLite database,
 * the server finds the tournament, its round and its tables there (the dead process's lease runs out), lets the bots
 * finish the round, pairs the next one and names the winner, with no table opened twice.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TournamentDetail, TournamentSummary } from '@skyline/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/db/connect.js';
import { TestClient, spawnServer } from './harness.js';
import { standings, tableResultsCheck, until } from './tournament-checks.js';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

const serve = async (databasePath: string) => {
  const server = await spawnServer({
    DATABASE_PATH: databasePath,
    BOT_DELAY_MS: '40',
    BOT_LEASE_MS: '1500',
    PASSWORD_COST: '10',
  });
  children.push(server.child);
  return server;
};

describe('a tournament and a restart', () => {
  it('finishes after its server is killed with kill -9 mid-round and started again', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'skyline-')), 'skyline.db');
    const first = await serve(databasePath);
    const organiser = await TestClient.guest(first.url, 'organiser');
    expect(
      (await organiser.http('POST', '/api/register', { password: 'a long enough password' })).status,
    ).toBe(200);
    const created = await organiser.http('POST', '/api/tournaments', {
      name: 'Restart',
      game: 'nyny',
      seatsPerTable: 4,
      rounds: 2,
      format: 'swiss',
      duplicate: true,
      maxPlayers: 8,
    });
    const id = (created.body.tournament as TournamentSummary).id;
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'greedy', count: 8 });
    const detail = async (url: string) =>
      (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as TournamentDetail;
    await until(
      async () => {
        const d = await detail(first.url);
        return d.rounds.length === 1 && d.rounds[0]!.tables.every((table) => table.status === 'playing');
      },
      60_000,
      'round 1 to start',
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // some moves
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await serve(databasePath);
    let last: TournamentDetail | undefined;
    await until(
      async () => {
        last = await detail(second.url);
        return last.tournament.status === 'finished';
      },
      150_000,
      'the restarted server to finish the tournament',
    );
    expect(last!.rounds.map((round) => round.tables.length)).toEqual([2, 2]);
    const store = await openStore({ databasePath, databaseUrl: null });
    try {
      const tables = await store.db
        .selectFrom('tables')
        .select('id')
        .where('tournament_id', '=', id)
        .execute();
      expect(tables).toHaveLength(4);
      await tableResultsCheck(store.db, id);
      expect(last!.standings.map((s) => [s.player, s.points])).toEqual(
        (await standings(store.db, id)).map((s) => [s.id, s.points]),
      );
    } finally {
      await store.db.destroy();
    }
  }, 240_000);
});
