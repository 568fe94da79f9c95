import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Row locks for "count, then insert" (a tournament's registrations, a host's open tables and bot seats): the count
 * and the insert run in one transaction that first locks the parent row, so that two requests (in one process or in
 * several) that both find one place left are served one after the other, and the second counts the first's row.
 *
 * On PostgreSQL that is `SELECT ... FOR UPDATE` on the parent row: under READ COMMITTED each statement sees what was
 * committed before it began, so once the lock is held the count is exact. SQLite has no row locks and needs none:
 * Kysely gives it one connection, and a transaction holds that connection to its end, so transactions never
 * interleave (the platform runs one process on SQLite). Inside such a transaction use only `tx`, never the
 * `Kysely` it came from: on SQLite that query would wait for the connection the transaction holds, for ever.
 */

/** Whether this transaction runs on PostgreSQL. */
function onPostgres(tx: Transaction<Database>): boolean {
  return tx.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `FOR UPDATE` on PostgreSQL, nothing on SQLite (see above): `.$call(forUpdate(tx))` on a select of the parent row,
 * which is then locked until the transaction ends.
 */
export function forUpdate(tx: Transaction<Database>): <Q extends { forUpdate(): Q }>(query: Q) => Q {
  const postgres = onPostgres(tx);
  return (query) => (postgres ? query.forUpdate() : query);
}

/**
 * Locks a user's row until the transaction ends: what one person creates (tables, bot seats, tournaments) is counted
 * under it.
 */
export async function lockUser(tx: Transaction<Database>, userId: string): Promise<void> {
  await tx.selectFrom('users').select('id').where('id', '=', userId).$call(forUpdate(tx)).execute();
}
