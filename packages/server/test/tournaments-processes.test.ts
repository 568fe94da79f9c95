/**
 * A tournament across two processes on one PostgreSQL database (and Redis): one process at a time drives it (a lease
 * on its row); the driving process is killed with `kill -9` in the middle of a round, and the other takes the
 * tournament over (and the tables' bots) from what is stored, and finishes it: every round played once, every table
 * opened once, standings as the tournament library makes them of the stored results.
 */
import type { TournamentDetail } from '@skyline/protocol';
import { lacking } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { TestClient, killed } from './harness.js';
import { platformForFile } from './pg.js';
import { TOURNAMENT_SERVER_ENV, botTournament, finishedTournamentCheck, until } from './tournament-checks.js';

const platform = platformForFile(TOURNAMENT_SERVER_ENV, 2);

describe.skipIf(lacking('postgres', 'redis'))('a tournament across two processes', () => {
  it('goes on when the process driving it is killed mid-round: the other finishes it', async () => {
    const id = await botTournament(platform.list[0]!.url, 'Two processes');
    const db = (await platform.openStore()).db;
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
    const victim = await platform.named(driver);
    const over = await db
      .selectFrom('tables')
      .select('id')
      .where('tournament_id', '=', id)
      .where('status', '=', 'over')
      .execute();
    expect(over).toHaveLength(0); // killed mid-round
    await killed(victim);
    const survivor = platform.list.find((p) => p !== victim)!;
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
    await finishedTournamentCheck(db, id, detail!);
    expect(detail!.tournament.winner).toBe(detail!.standings[0]!.name);
  }, 240_000);
});
