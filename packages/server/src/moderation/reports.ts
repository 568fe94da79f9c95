/**
 * Players' reports of a player or a chat line: made with a reason and a note, kept with their context as it was (the
 * lines around the reported one, or the player's last lines, and the table), queued for moderators, who resolve them.
 * One player makes at most `LIMIT_REPORTS_PER_DAY` in 24 hours (counted under a lock on their row: exact with
 * several processes) and reports a chat line, or a player, once while it is open.
 */
import type { ReportBody, ReportInfo, ReportReason, ReportedLine } from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import { AuthError, type User } from '../auth.js';
import { lockUser } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { timeId } from '../ids.js';
import { named } from './named.js';
import { NotFoundError } from '../refusals.js';

/** Lines kept on each side of a reported line; a player's last lines kept for a report of the player. */
const LINES_AROUND = 5;
const PLAYER_LINES = 10;
const DAY_MS = 24 * 3600_000;

type ReportContext = ReportInfo['context'];

/** Files a report; answers its id. `perDay`: the most one player may make in 24 hours. */
export async function fileReport(
  db: Kysely<Database>,
  reporter: User,
  body: ReportBody,
  perDay: number,
  now = Date.now(),
): Promise<string> {
  const { target, chatId, context } =
    body.chatId !== undefined
      ? await aboutLine(db, reporter, body.chatId)
      : await aboutPlayer(db, reporter, body.player as string, body.tableId ?? null);
  const id = timeId();
  await db.transaction().execute(async (tx) => {
    // Counted where it counts: under a lock on the reporter's row, in the insert's transaction.
    await lockUser(tx, reporter.id);
    const made = await tx
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reporter_id', '=', reporter.id)
      .where('created_at', '>', now - DAY_MS)
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= perDay) throw new AuthError('report.tooMany', 429, { n: perDay });
    if (await alreadyReported(tx, reporter.id, target, chatId)) throw new AuthError('report.already', 409);
    await tx
      .insertInto('reports')
      .values({
        id,
        reporter_id: reporter.id,
        target_user_id: target,
        chat_id: chatId,
        table_id: context.table?.id ?? null,
        reason: body.reason,
        note: body.note ? body.note : null,
        context: JSON.stringify(context),
        status: 'open',
        created_at: now,
        resolved_by: null,
        resolved_at: null,
        resolution: null,
      })
      .execute();
  });
  return id;
}

/** The same line reported before by the reporter, or the same player while a report of theirs is open. */
async function alreadyReported(
  tx: Transaction<Database>,
  reporterId: string,
  target: string,
  chatId: string | null,
): Promise<boolean> {
  let query = tx.selectFrom('reports').select('id').where('reporter_id', '=', reporterId);
  query =
    chatId !== null
      ? query.where('chat_id', '=', chatId)
      : query.where('target_user_id', '=', target).where('chat_id', 'is', null).where('status', '=', 'open');
  return (await query.executeTakeFirst()) !== undefined;
}

/** A chat line's report: its author, and the lines around it in its chat. */
async function aboutLine(db: Kysely<Database>, reporter: User, chatId: string) {
  const line = await db
    .selectFrom('chat')
    .select(['id', 'table_id', 'user_id'])
    .where('id', '=', chatId)
    .executeTakeFirst();
  if (!line) throw new NotFoundError('chat.none');
  if (line.user_id === null) throw new AuthError('report.system', 409);
  if (line.user_id === reporter.id) throw new AuthError('report.self', 409);
  const around = (direction: 'before' | 'after') =>
    db
      .selectFrom('chat')
      .leftJoin('users', 'users.id', 'chat.user_id')
      .select(['chat.id', 'chat.text', 'chat.created_at', 'chat.hidden_at', 'users.name'])
      .where('chat.table_id', line.table_id === null ? 'is' : '=', line.table_id)
      .where('chat.id', direction === 'before' ? '<=' : '>', chatId)
      .orderBy('chat.id', direction === 'before' ? 'desc' : 'asc')
      .limit(direction === 'before' ? LINES_AROUND + 1 : LINES_AROUND)
      .execute();
  const [before, after] = await Promise.all([around('before'), around('after')]);
  const lines = [...before.reverse(), ...after].map((row): ReportedLine => ({
    id: row.id,
    from: row.name,
    text: row.text,
    at: Number(row.created_at),
    hidden: row.hidden_at !== null && row.hidden_at !== undefined,
    reported: row.id === chatId,
  }));
  return { target: line.user_id, chatId, context: { lines, table: await tableOf(db, line.table_id) } };
}

/** A player's report: the player, and their last lines anywhere. */
async function aboutPlayer(db: Kysely<Database>, reporter: User, name: string, tableId: string | null) {
  const player = await db
    .selectFrom('users')
    .select(['id', 'name', 'bot_level'])
    .where(named(name))
    .executeTakeFirst();
  if (!player) throw new NotFoundError('player.none', { name });
  if (player.bot_level !== null) throw new AuthError('report.bot', 409);
  if (player.id === reporter.id) throw new AuthError('report.self', 409);
  const rows = await db
    .selectFrom('chat')
    .select(['id', 'text', 'created_at', 'hidden_at'])
    .where('user_id', '=', player.id)
    .orderBy('id', 'desc')
    .limit(PLAYER_LINES)
    .execute();
  const lines = rows.reverse().map((row): ReportedLine => ({
    id: row.id,
    from: player.name,
    text: row.text,
    at: Number(row.created_at),
    hidden: row.hidden_at !== null && row.hidden_at !== undefined,
    reported: false,
  }));
  const context: ReportContext = { lines, table: await tableOf(db, tableId) };
  return { target: player.id, chatId: null, context };
}

async function tableOf(db: Kysely<Database>, tableId: string | null): Promise<ReportContext['table']> {
  if (tableId === null) return null;
  const row = await db
    .selectFrom('tables')
    .select(['id', 'game', 'status'])
    .where('id', '=', tableId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('table.none', { table: tableId });
  return row;
}

/** Reports as moderators read them: by status, about one player, or one; newest first. */
export async function readReports(
  db: Kysely<Database>,
  query: { status?: 'open' | 'closed'; targetId?: string; id?: string; before?: string; limit: number },
): Promise<ReportInfo[]> {
  let select = db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .leftJoin('users as target', 'target.id', 'reports.target_user_id')
    .leftJoin('users as resolver', 'resolver.id', 'reports.resolved_by')
    .selectAll('reports')
    .select([
      'reporter.name as reporter_name',
      'target.name as target_name',
      'resolver.name as resolver_name',
    ])
    .orderBy('reports.id', 'desc')
    .limit(query.limit);
  if (query.status === 'open') select = select.where('reports.status', '=', 'open');
  if (query.status === 'closed') select = select.where('reports.status', '!=', 'open');
  if (query.targetId !== undefined) select = select.where('reports.target_user_id', '=', query.targetId);
  if (query.id !== undefined) select = select.where('reports.id', '=', query.id);
  if (query.before !== undefined) select = select.where('reports.id', '<', query.before);
  const rows = await select.execute();
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.created_at),
    reporter: row.reporter_name,
    player: row.target_name,
    chatId: row.chat_id,
    tableId: row.table_id,
    reason: row.reason as ReportReason,
    note: row.note,
    status: row.status as ReportInfo['status'],
    context: JSON.parse(row.context) as ReportContext,
    resolvedBy: row.resolver_name,
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    resolution: row.resolution,
  }));
}

/** How many reports a player made in the 24 hours before `now`. */
export async function reportsMadeSince(
  db: Kysely<Database>,
  userId: string,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reporter_id', '=', userId)
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
