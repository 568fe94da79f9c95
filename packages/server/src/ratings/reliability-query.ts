/**
 * What the database records of a player's finished games, as `judged` reads it (docs/platform.md, "Reliability"):
 * one query over `seats` and `tables`, the same on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import { inRoundStillPlayed } from '../db/round-secrecy.js';
import type { Database } from '../db/schema.js';
import type { StoredResult } from './ended.js';
import { openingOf } from './opening.js';
import { TableError } from '../refusals.js';
import { reliabilityOf, reliabilityRefusal, type Reliability, type SeatEnd } from './reliability.js';

/**
 * The most recent finished games read for a share: enough for any player's history to weigh, few enough that a
 * profile of a very active player stays one bounded read (as the profile's own game count, `ratings/queries.ts`).
 */
export const RELIABILITY_GAMES_READ = 10_000;

/** What one finished, loadable table says about each seat the user held at it, most recent first. */
export async function seatEndsOf(db: Kysely<Database>, userId: string): Promise<SeatEnd[]> {
  const rows = await db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .innerJoin('users', 'users.id', 'seats.user_id')
    .select((eb) => [
      'tables.game',
      'tables.result',
      'seats.stand_in',
      'seats.resigned_at',
      'seats.own_moves',
      'users.name',
      // A seat's move (not a chance draw) in the log: an abort after it drops a game already begun. Entries are
      // stored as `JSON.stringify({ seat, move })` (`db/move-log.ts`), so a seat's move starts with its seat key.
      eb
        .exists(
          eb
            .selectFrom('moves')
            .select('moves.seq')
            .whereRef('moves.table_id', '=', 'tables.id')
            .where('moves.entry', 'like', '{"seat":%'),
        )
        .as('moved'),
    ])
    .where('seats.user_id', '=', userId)
    .where('tables.status', '=', 'over')
    .where('tables.broken', 'is', null)
    // A duplicate round's secret (db/round-secrecy.ts): while a table of the round is still played, how a finished
    // one went is shown nowhere, its players' reliability included.
    .where((eb) => eb.not(inRoundStillPlayed(eb)))
    .orderBy('tables.finished_at', 'desc')
    .limit(RELIABILITY_GAMES_READ)
    .execute();
  return rows.map((row) => {
    const resignation = (JSON.parse(row.result ?? '{}') as StoredResult).resignation;
    return {
      standIn: row.stand_in ?? null,
      resignedAt: row.resigned_at === null || row.resigned_at === undefined ? null : Number(row.resigned_at),
      ownMoves: row.own_moves === null || row.own_moves === undefined ? null : Number(row.own_moves),
      openingLeast: openingOf(row.game).least,
      ...(resignation?.abortedBy !== undefined ? { abortedBy: resignation.abortedBy } : {}),
      // SQLite answers 0/1, PostgreSQL true/false.
      anyMoveMade: Boolean(row.moved),
      closedOrStopped: resignation?.closed === true || resignation?.stoppedBy !== undefined,
      name: row.name,
    };
  });
}

/** The user's reliability over their finished games. */
export async function reliabilityOfUser(db: Kysely<Database>, userId: string): Promise<Reliability> {
  return reliabilityOf(await seatEndsOf(db, userId));
}

/**
 * Refuses `user` a seat at a table, or a place in a tournament, asking for `floor` percent (`reliability.below`,
 * `reliability.guest`) unless they meet it (`reliabilityRefusal`). Nothing is read when no floor is set.
 */
export async function requireReliable(
  db: Kysely<Database>,
  user: { id: string; registered: boolean },
  floor: number,
): Promise<void> {
  if (floor <= 0) return;
  const refusal = reliabilityRefusal(user.registered ? await reliabilityOfUser(db, user.id) : null, floor);
  if (refusal) throw new TableError(refusal.code, refusal.params);
}
