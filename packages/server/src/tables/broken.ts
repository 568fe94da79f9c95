/**
 * Tables set aside as broken (`tables.broken`: their stored log no longer replays, their options no longer parse, a
 * game this server no longer has; `TableCopies.get` sets them aside), as moderators see and settle them: listed,
 * released once the stored data loads again (after the host repaired it, or an update brought the game back), or
 * deleted. A rated game or a tournament's table is never deleted: the ratings and the tournament count it. Each
 * write runs `within` in its transaction (the audit log's entry).
 */
import type { BrokenTable } from '@skyline/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { NotFoundError, TableError } from '../refusals.js';
import type { TableContext } from './context.js';

type Within = (tx: Transaction<Database>, details: Record<string, unknown>) => Promise<void>;

/** Every table set aside, newest first (at most 500). */
export async function brokenTables(context: TableContext): Promise<BrokenTable[]> {
  const rows = await context.db
    .selectFrom('tables')
    .leftJoin('users', 'users.id', 'tables.host_id')
    .select([
      'tables.id',
      'tables.game',
      'tables.status',
      'tables.broken',
      'tables.created_at',
      'tables.rated_seq',
      'tables.tournament_id',
      'users.name',
    ])
    .where('tables.broken', 'is not', null)
    .orderBy('tables.created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    game: row.game,
    status: row.status,
    host: row.name,
    reason: row.broken ?? '',
    createdAt: Number(row.created_at),
    rated: row.rated_seq !== null,
    tournament: row.tournament_id ?? null,
  }));
}

/** The stored row of a table set aside, or a refusal (none, or not set aside). */
async function brokenRow(tx: Transaction<Database>, tableId: string) {
  const row = await tx
    .selectFrom('tables')
    .select(['id', 'game', 'status', 'version', 'broken', 'rated_seq', 'tournament_id'])
    .where('id', '=', tableId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('table.none', { table: tableId });
  if (row.broken === null) throw new TableError('moderation.notBroken', { table: tableId });
  return { ...row, broken: row.broken };
}

/**
 * Puts a table set aside back in play, if it loads now; otherwise refused with why (`moderation.stillBroken`), and
 * nothing changes. It is not loaded here: the next page that asks loads it.
 */
export async function releaseBroken(context: TableContext, tableId: string, within: Within): Promise<void> {
  const problem = await context.copies.rebuildProblem(tableId);
  await context.db.transaction().execute(async (tx) => {
    const row = await brokenRow(tx, tableId);
    if (problem !== null) throw new TableError('moderation.stillBroken', { table: tableId, reason: problem });
    await tx.updateTable('tables').set({ broken: null }).where('id', '=', tableId).execute();
    await within(tx, { game: row.game, status: row.status, was: row.broken });
  });
}

/** Deletes a table set aside, with its log, seats, addresses and chat; never a rated game or a tournament's table. */
export async function deleteBroken(context: TableContext, tableId: string, within: Within): Promise<void> {
  await context.db.transaction().execute(async (tx) => {
    const row = await brokenRow(tx, tableId);
    if (row.rated_seq !== null || row.tournament_id)
      throw new TableError('moderation.keepTable', {
        table: tableId,
        kind: row.rated_seq !== null ? 'rated' : 'tournament',
      });
    const seated = await tx
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select(['seats.seat', 'users.name'])
      .where('seats.table_id', '=', tableId)
      .orderBy('seats.seat')
      .execute();
    for (const table of [
      'moves',
      'seats',
      'table_addresses',
      'rated_pairs',
      'rating_history',
      'chat',
      'invitations',
    ] as const)
      await tx.deleteFrom(table).where('table_id', '=', tableId).execute();
    await tx.deleteFrom('tables').where('id', '=', tableId).execute();
    await within(tx, {
      game: row.game,
      status: row.status,
      version: row.version,
      was: row.broken,
      players: seated.map((seat) => seat.name),
    });
  });
}
