/** Checks of a tournament against what is stored, shared by the tournament tests. */
import { standings as rank, type Standing } from '@skyline/tournaments';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { played, registrations, rounds } from '../src/tournaments/records.js';

/** The standings the library makes of the stored results. */
export async function standings(db: Kysely<Database>, id: string): Promise<Standing[]> {
  const tournament = await db
    .selectFrom('tournaments')
    .select('duplicate')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return rank(await registrations(db, id), played(await rounds(db, id), Boolean(tournament.duplicate)));
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
