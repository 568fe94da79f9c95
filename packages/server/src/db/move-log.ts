import type { LogEntry } from '@skyline/engine';
import type SQLite from 'better-sqlite3';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Pool } from 'pg';
import type { Database, TablesTable } from './schema.js';

/** What changes on a table together with new log entries. */
export interface TableChanges {
  status?: string;
  started_at?: number;
  finished_at?: number;
  result?: string;
  /**
   * The seats' clocks after the move (JSON, or null when none runs any more) and their earliest deadline: set
   * together whenever `clocks` is present (migration 005).
   */
  clocks?: string | null;
  deadline?: number | null;
}

/**
 * A seat's own move that counts for its opening (`ratings/opening.ts`), stored with the move: `seats.own_moves` grows
 * by `weight` while it is below `least` (a copy in memory may not know of a move another process counted).
 */
export interface OpeningCount {
  seat: number;
  weight: number;
  least: number;
}

/** Where a writer saw a table: its version (log length) and its revision (every stored change bumps it). */
export interface SeenAt {
  version: number;
  revision: number;
}

/** Work done in the transaction that stores a change, and only if it is stored (rating the end of a game). */
export type WithinWrite = (tx: Transaction<Database>) => Promise<void>;

/**
 * Appends log entries to a table's stored log, sets its new version and bumps its revision, in one transaction. The
 * update names the version and revision the writer saw, so that two writers can never both extend the same log, and
 * a writer whose copy of the table is out of date (a resignation, a seat change) stores nothing.
 *
 * Resolves to whether it stored them: `false` when the stored table is no longer as the writer saw it (another writer
 * came first). That is an expected outcome with several processes, not a failure, so it is a value and not a throw.
 */
export interface MoveLog {
  append(
    tableId: string,
    seen: SeenAt,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
    /** Done in the same transaction once the check passed; a write with it takes the portable path (it is rare). */
    within?: WithinWrite,
    /** The move counts for its seat's opening: counted in the same statement or transaction (the first few moves). */
    opening?: OpeningCount,
  ): Promise<boolean>;
}

/**
 * The revision check every change of a table goes through, inside the caller's transaction: bumps the revision (and
 * sets `set`) only if the stored table is still at the revision (and, for a move, the version) the writer saw.
 * Returns whether it was.
 */
export async function bumpRevision(
  tx: Transaction<Database>,
  tableId: string,
  seen: { revision: number; version?: number },
  set: Updateable<TablesTable>,
): Promise<boolean> {
  let update = tx
    .updateTable('tables')
    .set((eb) => ({ ...set, revision: eb('revision', '+', 1) }))
    .where('id', '=', tableId)
    .where('revision', '=', seen.revision);
  if (seen.version !== undefined) update = update.where('version', '=', seen.version);
  const updated = await update.executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * The statement that appends a move on PostgreSQL: the version and revision check and the inserts are one atomic
 * command (one round trip instead of four), and the inserts happen only if the check passed. Its text is the same
 * whatever the number of entries (they come as one array), so that it can be prepared once per connection.
 */
const APPEND_SQL = `
  with bumped as (
    update tables set version = $2 + cardinality($4::text[]), revision = revision + 1,
      status = coalesce($6, status),
      started_at = coalesce($7::bigint, started_at),
      finished_at = coalesce($8::bigint, finished_at),
      result = coalesce($9, result),
      clocks = case when $11::boolean then $12::text else clocks end,
      deadline = case when $11::boolean then $13::bigint else deadline end
    where id = $1 and version = $2 and revision = $3
    returning id
  ), stored as (
    insert into moves (table_id, seq, entry, client_id, created_at)
    select $1, $2 + e.k - 1, e.entry, case when e.k = 1 then $5 else null end, $10::bigint
    from unnest($4::text[]) with ordinality as e(entry, k)
    where exists (select 1 from bumped)
  ), counted as (
    update seats set own_moves = own_moves + $15::integer
    where $14::integer is not null and table_id = $1 and seat = $14::integer and own_moves < $16::integer
      and exists (select 1 from bumped)
  )
  select count(*)::integer as updated from bumped`;

/**
 * The same for PostgreSQL, as a named prepared statement sent through the pool Kysely uses: a move is the hot path
 * of the server, and PostgreSQL spent more than half of its time per move parsing and planning this statement again
 * (measured: 450 µs of PostgreSQL's CPU per move unprepared, 190 µs prepared). Kysely does not name statements.
 */
export class PostgresMoveLog implements MoveLog {
  /** For a change without log entries (the prepared statement inserts at least one). */
  private readonly portable: KyselyMoveLog;

  constructor(
    db: Kysely<Database>,
    private readonly pool: Pool,
  ) {
    this.portable = new KyselyMoveLog(db);
  }

  async append(
    tableId: string,
    seen: SeenAt,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
    within?: WithinWrite,
    opening?: OpeningCount,
  ): Promise<boolean> {
    if (entries.length === 0 || within)
      return this.portable.append(tableId, seen, entries, clientId, changes, within, opening);
    const result = await this.pool.query<{ updated: number }>({
      name: 'skyline-append-move',
      text: APPEND_SQL,
      values: [
        tableId,
        seen.version,
        seen.revision,
        entries.map((entry) => JSON.stringify(entry)),
        clientId,
        changes.status ?? null,
        changes.started_at ?? null,
        changes.finished_at ?? null,
        changes.result ?? null,
        Date.now(),
        changes.clocks !== undefined,
        changes.clocks ?? null,
        changes.deadline ?? null,
        opening?.seat ?? null,
        opening?.weight ?? null,
        opening?.least ?? null,
      ],
    });
    return result.rows[0]?.updated === 1;
  }
}

/** The portable implementation, through Kysely (SQLite or PostgreSQL). */
export class KyselyMoveLog implements MoveLog {
  constructor(private readonly db: Kysely<Database>) {}

  async append(
    tableId: string,
    seen: SeenAt,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
    within?: WithinWrite,
    opening?: OpeningCount,
  ): Promise<boolean> {
    const from = seen.version;
    const now = Date.now();
    return await this.db.transaction().execute(async (tx) => {
      // The version check comes first: a second writer from the same version stops here.
      const set = { ...changes, version: from + entries.length };
      if (!(await bumpRevision(tx, tableId, seen, set))) return false;
      if (entries.length > 0) {
        await tx
          .insertInto('moves')
          .values(
            entries.map((entry, k) => ({
              table_id: tableId,
              seq: from + k,
              entry: JSON.stringify(entry),
              client_id: k === 0 ? clientId : null,
              created_at: now,
            })),
          )
          .execute();
      }
      if (opening) {
        await tx
          .updateTable('seats')
          .set((eb) => ({ own_moves: eb('own_moves', '+', opening.weight) }))
          .where('table_id', '=', tableId)
          .where('seat', '=', opening.seat)
          .where('own_moves', '<', opening.least)
          .execute();
      }
      await within?.(tx);
      return true;
    });
  }
}

/**
 * The same for SQLite, with statements prepared once: a move is the hot path of the server (the load test's
 * profile showed a third of the storage time in compiling and preparing the same two statements). It holds
 * Kysely's connection while it works, so it never runs inside one of Kysely's transactions.
 */
export class SqliteMoveLog implements MoveLog {
  private readonly insert: SQLite.Statement;
  private readonly update: SQLite.Statement;
  private readonly count: SQLite.Statement;
  private readonly appendAll: (...args: Parameters<MoveLog['append']>) => boolean;
  /** For a write with work of its own in the transaction (see `MoveLog.append`). */
  private readonly portable: KyselyMoveLog;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite: SQLite.Database,
  ) {
    this.portable = new KyselyMoveLog(db);
    this.insert = sqlite.prepare(
      'insert into moves (table_id, seq, entry, client_id, created_at) values (?, ?, ?, ?, ?)',
    );
    this.update = sqlite.prepare(
      `update tables set version = ?, revision = revision + 1, status = coalesce(?, status), started_at = coalesce(?, started_at),
         finished_at = coalesce(?, finished_at), result = coalesce(?, result),
         clocks = case when ? then ? else clocks end, deadline = case when ? then ? else deadline end
       where id = ? and version = ? and revision = ?`,
    );
    this.count = sqlite.prepare(
      'update seats set own_moves = own_moves + ? where table_id = ? and seat = ? and own_moves < ?',
    );
    this.appendAll = sqlite.transaction(
      (...[tableId, seen, entries, clientId, changes, , opening]: Parameters<MoveLog['append']>) => {
        const from = seen.version;
        const now = Date.now();
        const { changes: updated } = this.update.run(
          from + entries.length,
          changes.status ?? null,
          changes.started_at ?? null,
          changes.finished_at ?? null,
          changes.result ?? null,
          changes.clocks !== undefined ? 1 : 0,
          changes.clocks ?? null,
          changes.clocks !== undefined ? 1 : 0,
          changes.deadline ?? null,
          tableId,
          from,
          seen.revision,
        );
        if (updated !== 1) return false;
        entries.forEach((entry, k) =>
          this.insert.run(tableId, from + k, JSON.stringify(entry), k === 0 ? clientId : null, now),
        );
        if (opening) this.count.run(opening.weight, tableId, opening.seat, opening.least);
        return true;
      },
    );
  }

  async append(
    tableId: string,
    seen: SeenAt,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
    within?: WithinWrite,
    opening?: OpeningCount,
  ): Promise<boolean> {
    if (within) return this.portable.append(tableId, seen, entries, clientId, changes, within, opening);
    return await this.db
      .connection()
      .execute(() =>
        Promise.resolve(this.appendAll(tableId, seen, entries, clientId, changes, undefined, opening)),
      );
  }
}
