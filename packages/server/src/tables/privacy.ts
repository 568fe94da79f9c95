/**
 * Who may sit at or watch a table, beyond the rules of the game: private tables and blocks (migration 014). A private
 * table is joined only by its host, its seated players and the people invited (by name, or through a link they
 * opened); it is watched by anyone unless its host chose `invited`. A player its host blocked can neither join nor
 * watch it, and is refused in the words a private table uses: nobody learns that they were blocked.
 *
 * Read from the database at every request (a block, an invitation or a link made through another process counts at
 * once); the `blocks` and `invitations` rows are written by `friends/`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { TableError } from '../refusals.js';
import { seatOf, type LiveTable } from './live.js';

/** Whether `blocker` blocked `blocked`. */
export async function hasBlocked(db: Kysely<Database>, blocker: string, blocked: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .executeTakeFirst();
  return row !== undefined;
}

/** The players each of these hosts blocked (the lobby tells them nothing of those hosts' tables: `Delivery`). */
export async function blockedByHosts(
  db: Kysely<Database>,
  hostIds: readonly string[],
): Promise<Map<string, string[]>> {
  const blocked = new Map<string, string[]>();
  if (hostIds.length === 0) return blocked;
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where('blocker_id', 'in', [...new Set(hostIds)])
    .execute();
  for (const row of rows)
    blocked.set(row.blocker_id, [...(blocked.get(row.blocker_id) ?? []), row.blocked_id]);
  return blocked;
}

/** Whether `userId` holds a live invitation to the table (named, or a link they opened). */
export async function isInvited(
  db: Kysely<Database>,
  tableId: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('table_id', '=', tableId)
    .where('to_id', '=', userId)
    .where('expires_at', '>', now)
    // A named invitation counts until declined; a link, once its opener is `to_id`, until it expires.
    .where((eb) => eb.or([eb('secret_hash', 'is not', null), eb('used_at', 'is', null)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses `userId` a seat at the table (`table.private`) unless it is theirs to take. */
export async function requireMayJoin(
  db: Kysely<Database>,
  table: LiveTable,
  userId: string,
  now: number,
): Promise<void> {
  if (table.host.id === userId || seatOf(table, userId) !== null) return;
  if (await hasBlocked(db, table.host.id, userId)) throw new TableError('table.private');
  if (table.private && !(await isInvited(db, table.id, userId, now))) throw new TableError('table.private');
}

/** Refuses `userId` (undefined: nobody signed in) the table's page (`table.privateWatch`) unless they may watch it. */
export async function requireMayWatch(
  db: Kysely<Database>,
  table: LiveTable,
  userId: string | undefined,
  now: number,
): Promise<void> {
  if (userId !== undefined && (table.host.id === userId || seatOf(table, userId) !== null)) return;
  if (userId !== undefined && (await hasBlocked(db, table.host.id, userId)))
    throw new TableError('table.privateWatch');
  if (!table.private || table.spectators !== 'invited') return;
  if (userId === undefined || !(await isInvited(db, table.id, userId, now)))
    throw new TableError('table.privateWatch');
}
