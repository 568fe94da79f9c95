/** The set-up of a tournament and its checks against what is stored, shared by the tournament tests. */
import type { TournamentDetail, TournamentSummary } from '@skyline/protocol';
import { standings as rank, type Standing } from '@skyline/tournaments';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { played, registrations, rounds } from '../src/tournaments/records.js';
import { TestClient } from './harness.js';

/** Settings of the server processes of the tournament tests: bots move at a pace that keeps a round going for seconds; a dead process's leases lapse after 1.5 s. */
export const TOURNAMENT_SERVER_ENV = { BOT_DELAY_MS: '40', BOT_LEASE_MS: '1500', PASSWORD_COST: '10' };

/** A guest named `name` who registers (organising a tournament takes an account). */
export async function registeredGuest(url: string, name: string): Promise<TestClient> {
  const guest = await TestClient.guest(url, name);
  expect((await guest.http('POST', '/api/register', { password: 'a long enough password' })).status).toBe(
    200,
  );
  return guest;
}

/** The settings of a 2-round duplicate Swiss tournament of New York, New York at 4-seat tables for 8 players. */
export const duplicateSwiss = (name: string) => ({
  name,
  game: 'nyny',
  seatsPerTable: 4,
  rounds: 2,
  format: 'swiss',
  duplicate: true,
  maxPlayers: 8,
});

/**
 * Has a registered organiser create a 2-round duplicate Swiss tournament of New York, New York at 4-seat tables for
 * 8 players, and fill it with 8 greedy bots (so that it starts at once); its id.
 */
export async function botTournament(url: string, name: string): Promise<string> {
  const organiser = await registeredGuest(url, 'organiser');
  const created = await organiser.http('POST', '/api/tournaments', duplicateSwiss(name));
  expect(created.status).toBe(200);
  const id = (created.body.tournament as TournamentSummary).id;
  expect(
    (await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'greedy', count: 8 })).status,
  ).toBe(200);
  return id;
}

/** The standings the library makes of the stored results. */
export async function standings(db: Kysely<Database>, id: string): Promise<Standing[]> {
  const tournament = await db
    .selectFrom('tournaments')
    .select('duplicate')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return rank(await registrations(db, id), played(await rounds(db, id), Boolean(tournament.duplicate)));
}

/**
 * A finished 2-round tournament of 8 at 4-seat tables (`botTournament`), as its page `detail` says and as stored: two
 * tables a round, each opened once, its results as paired, and the standings the library makes of them.
 */
export async function finishedTournamentCheck(
  db: Kysely<Database>,
  id: string,
  detail: TournamentDetail,
): Promise<void> {
  expect(detail.rounds.map((round) => round.tables.length)).toEqual([2, 2]);
  const tables = await db.selectFrom('tables').select('id').where('tournament_id', '=', id).execute();
  expect(tables).toHaveLength(4); // every table opened once
  await tableResultsCheck(db, id);
  expect(detail.standings.map((s) => [s.player, s.points])).toEqual(
    (await standings(db, id)).map((s) => [s.id, s.points]),
  );
}

/** Every table of every round is over, seats the players paired, and nobody plays twice in a round. */
export async function tableResultsCheck(db: Kysely<Database>, id: string): Promise<void> {
  for (const round of await rounds(db, id)) {
    expect(round.status).toBe('over');
    const seated = round.tables.flatMap((table) => table.players);
    expect(new Set(seated).size).toBe(seated.length);
    for (const table of round.tables) {
      expect(table.status).toBe('over');
      const stored = await db
        .selectFrom('seats')
        .select(['seat', 'user_id'])
        .where('table_id', '=', table.tableId)
        .orderBy('seat')
        .execute();
      expect(stored.map((seat) => seat.user_id)).toEqual(table.players);
    }
  }
}

/** Waits for an asynchronous check to hold (looking every 250 ms), at most `ms`. */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    // Four looks a second: the server counts API reads per address (LIMIT_READS_PER_MINUTE, 600 by default).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
