import type { LogEntry } from '@skyline/engine';
import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder, type Transaction, type UpdateObject } from 'kysely';
import type { Pool } from 'pg';
import {
  compiledTemplate,
  revisionChecked,
  updateAtRevision,
  type CompiledTemplate,
  type SeenRevision,
} from './revision.js';
import type { Database } from './schema.js';

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

/** Where a writer of a move saw a table: its version (log length) and its revision (every stored change bumps it). */
export type SeenAt = Required<SeenRevision>;

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

/** What every move log's `append` takes (the implementations restate none of it). */
type AppendArgs = Parameters<MoveLog['append']>;

/** The values of a table's changes (`TableChanges`) in the move logs' prepared statements. */
type ChangeSlot = 'status' | 'startedAt' | 'finishedAt' | 'result' | 'setClocks' | 'clocks' | 'deadline';

/**
 * The columns a move's `TableChanges` set in the prepared statements, for both dialects: a change left out (null)
 * keeps the stored value, and the clocks and their deadline change together (`setClocks`). `typed` gives a slot as
 * the dialect needs it: PostgreSQL casts the parameters whose type it cannot infer (not the text ones), SQLite needs no cast.
 */
function changesSet(
  typed: (name: ChangeSlot, postgresType: string | null) => RawBuilder<unknown>,
): UpdateObject<Database, 'tables'> {
  return {
    status: sql<string>`coalesce(${typed('status', null)}, status)`,
    started_at: sql<number>`coalesce(${typed('startedAt', 'bigint')}, started_at)`,
    finished_at: sql<number>`coalesce(${typed('finishedAt', 'bigint')}, finished_at)`,
    result: sql<string>`coalesce(${typed('result', null)}, result)`,
    clocks: sql<string>`case when ${typed('setClocks', 'boolean')} then ${typed('clocks', 'text')} else clocks end`,
    deadline: sql<number>`case when ${typed('setClocks', 'boolean')} then ${typed('deadline', 'bigint')} else deadline end`,
  };
}

/** The values of `changesSet`'s slots for one write. */
function changeValues(changes: TableChanges): Record<ChangeSlot, unknown> {
  return {
    status: changes.status ?? null,
    startedAt: changes.started_at ?? null,
    finishedAt: changes.finished_at ?? null,
    result: changes.result ?? null,
    setClocks: changes.clocks !== undefined,
    clocks: changes.clocks ?? null,
    deadline: changes.deadline ?? null,
  };
}

/** The values the statement that appends a move on PostgreSQL is run with (see `postgresAppend`). */
type PostgresSlot =
  | ChangeSlot
  | 'tableId'
  | 'version'
  | 'revision'
  | 'entries'
  | 'clientId'
  | 'now'
  | 'seat'
  | 'weight'
  | 'least';

/**
 * The statement that appends a move on PostgreSQL: the revision check (`revisionChecked`) and the inserts are one
 * atomic command (one round trip instead of four), and the inserts happen only if the check passed. Its text is the
 * same whatever the number of entries (they come as one array), so that it can be prepared once per connection.
 */
function postgresAppend(db: Kysely<Database>): CompiledTemplate<PostgresSlot> {
  return compiledTemplate<PostgresSlot>((slot) =>
    db
      .with('bumped', (qc) =>
        revisionChecked(
          qc,
          slot('tableId'),
          { version: slot('version'), revision: slot('revision') },
          {
            version: sql<number>`${slot('version')}::integer + cardinality(${slot('entries')}::text[])`,
            ...changesSet((name, type) => (type ? sql`${slot(name)}::${sql.raw(type)}` : sql`${slot(name)}`)),
          },
        ).returning('id'),
      )
      .with('stored', (qc) =>
        qc
          .insertInto('moves')
          .columns(['table_id', 'seq', 'entry', 'client_id', 'created_at'])
          .expression(
            sql`select ${slot('tableId')}, ${slot('version')}::integer + e.k - 1, e.entry,
                  case when e.k = 1 then ${slot('clientId')} else null end, ${slot('now')}::bigint
                from unnest(${slot('entries')}::text[]) with ordinality as e(entry, k)
                where exists (select 1 from bumped)`,
          )
          .returning('seq'),
      )
      .with('counted', (qc) =>
        qc
          .updateTable('seats')
          .set((eb) => ({ own_moves: eb('own_moves', '+', sql<number>`${slot('weight')}::integer`) }))
          .where(sql<boolean>`${slot('seat')}::integer is not null`)
          .where('table_id', '=', slot<string>('tableId'))
          .where('seat', '=', sql<number>`${slot('seat')}::integer`)
          .where('own_moves', '<', sql<number>`${slot('least')}::integer`)
          .where(sql<boolean>`exists (select 1 from bumped)`)
          .returning('seat'),
      )
      .selectFrom('bumped')
      .select(sql<number>`count(*)::integer`.as('updated')),
  );
}

/**
 * The same for PostgreSQL, as a named prepared statement sent through the pool Kysely uses: a move is the hot path
 * of the server, and PostgreSQL spent more than half of its time per move parsing and planning this statement again
 * (measured: 450 µs of PostgreSQL's CPU per move unprepared, 190 µs prepared). Kysely does not name statements.
 */
export class PostgresMoveLog implements MoveLog {
  /** For a change without log entries (the prepared statement inserts at least one). */
  private readonly portable: KyselyMoveLog;
  private readonly statement: CompiledTemplate<PostgresSlot>;

  constructor(
    db: Kysely<Database>,
    private readonly pool: Pool,
  ) {
    this.portable = new KyselyMoveLog(db);
    this.statement = postgresAppend(db);
  }

  async append(...args: AppendArgs): Promise<boolean> {
    const [tableId, seen, entries, clientId, changes, within, opening] = args;
    if (entries.length === 0 || within) return this.portable.append(...args);
    const result = await this.pool.query<{ updated: number }>({
      name: 'skyline-append-move',
      text: this.statement.sql,
      values: this.statement.values({
        tableId,
        version: seen.version,
        revision: seen.revision,
        entries: entries.map((entry) => JSON.stringify(entry)),
        clientId,
        ...changeValues(changes),
        now: Date.now(),
        seat: opening?.seat ?? null,
        weight: opening?.weight ?? null,
        least: opening?.least ?? null,
      }),
    });
    return result.rows[0]?.updated === 1;
  }
}

/** The portable implementation, through Kysely (SQLite or PostgreSQL). */
export class KyselyMoveLog implements MoveLog {
  constructor(private readonly db: Kysely<Database>) {}

  async append(
    ...[tableId, seen, entries, clientId, changes, within, opening]: AppendArgs
  ): Promise<boolean> {
    const from = seen.version;
    const now = Date.now();
    return await this.db.transaction().execute(async (tx) => {
      // The version check comes first: a second writer from the same version stops here.
      const set = { ...changes, version: from + entries.length };
      if (!(await updateAtRevision(tx, tableId, seen, set))) return false;
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

/** The values the SQLite move log's update of a table's row is run with. */
type SqliteSlot = ChangeSlot | 'tableId' | 'from' | 'revision' | 'version';

/**
 * The same for SQLite, with statements prepared once: a move is the hot path of the server (the load test's
 * profile showed a third of the storage time in compiling and preparing the same two statements). It holds
 * Kysely's connection while it works, so it never runs inside one of Kysely's transactions.
 */
export class SqliteMoveLog implements MoveLog {
  private readonly insert: SQLite.Statement;
  /** The revision-checked update of the table's row, compiled once from `revisionChecked`. */
  private readonly update: CompiledTemplate<SqliteSlot>;
  private readonly updateStatement: SQLite.Statement;
  private readonly count: SQLite.Statement;
  private readonly appendAll: (...args: AppendArgs) => boolean;
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
    this.update = compiledTemplate<SqliteSlot>((slot) =>
      revisionChecked(
        db,
        slot('tableId'),
        { version: slot('from'), revision: slot('revision') },
        // SQLite's parameters need no casts.
        { version: slot('version'), ...changesSet((name) => sql`${slot(name)}`) },
      ),
    );
    this.updateStatement = sqlite.prepare(this.update.sql);
    this.count = sqlite.prepare(
      'update seats set own_moves = own_moves + ? where table_id = ? and seat = ? and own_moves < ?',
    );
    this.appendAll = sqlite.transaction(
      (...[tableId, seen, entries, clientId, changes, , opening]: AppendArgs) => {
        const from = seen.version;
        const now = Date.now();
        const { changes: updated } = this.updateStatement.run(
          ...this.update.values({
            tableId,
            from,
            revision: seen.revision,
            version: from + entries.length,
            ...changeValues(changes),
            // SQLite has no booleans.
            setClocks: changes.clocks !== undefined ? 1 : 0,
          }),
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

  async append(...args: AppendArgs): Promise<boolean> {
    const within = args[5];
    if (within) return this.portable.append(...args);
    return await this.db.connection().execute(() => Promise.resolve(this.appendAll(...args)));
  }
}
