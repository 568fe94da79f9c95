/**
 * The audit log: every moderation action — who, what, to whom, when, why, and what else it did — written in the
 * transaction that makes the action, so that there is never an action without its entry nor an entry without its
 * action. Admins read it (`GET /api/moderation/audit`).
 */
import type { AuditEntry } from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { timeId } from '../ids.js';

export type { AuditEntry };

/** Who acts: a signed-in moderator or admin, or null for the command line (`skyline admin`). */
export type Actor = { id: string; name: string } | null;

/** What an action did, as the audit keeps it. */
export interface AuditRecord {
  actor: Actor;
  action: string;
  /** The player acted on (their name then, for the answer). */
  target?: { userId: string; name: string };
  tableId?: string;
  chatId?: string;
  reason: string;
  details?: Record<string, unknown>;
}

/** Writes one entry in `tx` (the action's own transaction) and answers it as the API shows it. */
export async function audit(
  tx: Transaction<Database>,
  record: AuditRecord,
  now = Date.now(),
): Promise<AuditEntry> {
  const entry: AuditEntry = {
    id: timeId(),
    at: now,
    actor: record.actor?.name ?? null,
    action: record.action,
    player: record.target?.name ?? null,
    tableId: record.tableId ?? null,
    chatId: record.chatId ?? null,
    reason: record.reason,
    details: record.details ?? {},
  };
  await tx
    .insertInto('moderation_log')
    .values({
      id: entry.id,
      at: entry.at,
      actor_id: record.actor?.id ?? null,
      actor_name: entry.actor,
      action: entry.action,
      target_user_id: record.target?.userId ?? null,
      target_table_id: entry.tableId,
      target_chat_id: entry.chatId,
      reason: entry.reason,
      details: JSON.stringify(entry.details),
    })
    .execute();
  return entry;
}

/**
 * The log, newest first: about one player (by id) or everyone, by one actor (by id) or anyone, of one action or all,
 * from before entry `before`, `limit` entries.
 */
export async function readAudit(
  db: Kysely<Database>,
  query: { userId?: string; actorId?: string; action?: string; before?: string; limit: number },
): Promise<AuditEntry[]> {
  let select = db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.target_user_id')
    .select([
      'moderation_log.id',
      'moderation_log.at',
      'moderation_log.actor_name',
      'moderation_log.action',
      'moderation_log.target_table_id',
      'moderation_log.target_chat_id',
      'moderation_log.reason',
      'moderation_log.details',
      'users.name',
    ])
    .orderBy('moderation_log.id', 'desc')
    .limit(query.limit);
  if (query.userId !== undefined) select = select.where('moderation_log.target_user_id', '=', query.userId);
  if (query.actorId !== undefined) select = select.where('moderation_log.actor_id', '=', query.actorId);
  if (query.action !== undefined) select = select.where('moderation_log.action', '=', query.action);
  if (query.before !== undefined) select = select.where('moderation_log.id', '<', query.before);
  const rows = await select.execute();
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.at),
    actor: row.actor_name,
    action: row.action,
    player: row.name,
    tableId: row.target_table_id,
    chatId: row.target_chat_id,
    reason: row.reason,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}
