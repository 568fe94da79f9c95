/**
 * A tournament across two processes on one PostgreSQL database (and Redis): one process at a time drives it (a lease
 * on its row); the driving process is killed with `kill -9` in the middle of a round, and the other takes the
 * tournament over (and the tables' bots) from what is stored, and finishes it: every round played once, every table
 * opened once, standings as the tournament library makes them of the stored results.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type { TournamentDetail, TournamentSummary } from '@skyline/protocol';
import { lacking, locationOf } from '@skyline/testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/connect.js';
import { TestClient, spawnServer } from './harness.js';
import { createDatabase } from './pg.js';
import { standings, tableResultsCheck, until } from './tournament-checks.js';

let database: Awaited<ReturnType<typeof createDatabase>>;
let store: Store;
const processes: { url: string; child: ChildProcess }[] = [];

beforeAll(async () => {
  if (lacking('postgres', 'redis')) return;
  database = await createDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: locationOf('redis'),
    REDIS_KEY: `skyline-test-${randomBytes(4).toString('hex')}`,
    // Bots move at a pace that keeps a round going for seconds; a dead process's leases lapse after 1.5 s.
    BOT_DELAY_MS: '40',
    BOT_LEASE_MS: '1500',
    PASSWORD_COST: '10',
  };
  // The first process runs the migrations alone.
  processes.push(await spawnServer(env));
  processes.push(await spawnServer(env));
  store = await openStore({ databasePath: '', databaseUrl: database.url });
}, 60_000);

afterAll(async () => {
  for (const { child } of processes) child.kill('SIGKILL');
  await store?.db.destroy();
  await database?.drop();
});

async function processNamed(name: string): Promise<{ url: string; child: ChildProcess }> {
  for (const candidate of processes) {
    if (candidate.child.exitCode !== null || candidate.child.signalCode !== null) continue;
    const health = (await (await fetch(`${candidate.url}/healthz`)).json()) as { process: string };
    if (health.process === name) return candidate;
  }
  throw new Error(`no live process is ${name}`);
}

describe.skipIf(lacking('postgres', 'redis'))('a tournament across two processes', () => {
  it('goes on when the process driving it is killed mid-round: the other finishes it', async () => {
    const organiser = await TestClient.guest(processes[0]!.url, 'organiser');
    expect(
      (await organiser.http('POST', '/api/register', { password: 'a long enough password' })).status,
    ).toBe(200);
    const created = await organiser.http('POST', '/api/tournaments', {
      name: 'Two processes',
      game: 'nyny',
      seatsPerTable: 4,
      rounds: 2,
      format: 'swiss',
      duplicate: true,
      maxPlayers: 8,
    });
    expect(created.status).toBe(200);
    const id = (created.body.tournament as TournamentSummary).id;
    expect(
      (await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'greedy', count: 8 })).status,
    ).toBe(200);
    const db = store.db;
    const row = () => db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Round 1 under way: some moves played, no table over yet.
    await until(
      async () => {
        const t = await row();
        if (t.status !== 'running' || t.round !== 1 || t.driver === null) return false;
        const moves = await db
          .selectFrom('moves')
          .innerJoin('tables', 'tables.id', 'moves.table_id')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('tables.tournament_id', '=', id)
          .executeTakeFirstOrThrow();
        return Number(moves.n) > 10;
      },
      60_000,
      'round 1 to be under way',
    );
    const driver = (await row()).driver!;
    const victim = await processNamed(driver);
    const over = await db
      .selectFrom('tables')
      .select('id')
      .where('tournament_id', '=', id)
      .where('status', '=', 'over')
      .execute();
    expect(over).toHaveLength(0); // killed mid-round
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    victim.child.kill('SIGKILL');
    await exited;
    const survivor = processes.find((p) => p !== victim)!;
    const watcher = await TestClient.guest(survivor.url, 'watcher');
    let detail: TournamentDetail | undefined;
    await until(
      async () => {
        detail = (await watcher.http('GET', `/api/tournaments/${id}`)).body as unknown as TournamentDetail;
        return detail.tournament.status === 'finished';
      },
      150_000,
      'the survivor to finish the tournament',
    );
    expect(detail!.rounds.map((round) => round.tables.length)).toEqual([2, 2]);
    const tables = await db.selectFrom('tables').select('id').where('tournament_id', '=', id).execute();
    expect(tables).toHaveLength(4); // every table opened once
    await tableResultsCheck(db, id);
    expect(detail!.standings.map((s) => [s.player, s.points])).toEqual(
      (await standings(db, id)).map((s) => [s.id, s.points]),
    );
    expect(detail!.tournament.winner).toBe(detail!.standings[0]!.name);
  }, 240_000);
});
