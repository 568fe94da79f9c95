/**
 * `skyline restore FILE`: a backup into an empty database of either kind.
 *
 * 1. The whole file is read and checked before anything is written (`verifyBackup`): its checksum, every line's shape
 *    and size, and its tables and columns against the schema the backup names — built from this version's
 *    migrations in a scratch in-memory database. A newer schema, or a format this version does not know, is refused.
 * 2. The target is brought to the backup's schema (its migrations, up to the backup's last), so that the rows go in
 *    as they came out; a target already past it, or not empty, is refused.
 * 3. In one transaction: the target is checked empty, the rows go in table by table (referenced tables first), each
 *    table's count is checked, PostgreSQL's sequences are set past the restored ids. The file is read a second time
 *    here and its checksum must be the one checked in step 1, or the transaction is rolled back: a restore is whole
 *    or is nothing.
 * 4. The migrations that came after the backup's schema run, on the restored data.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely';
import { connectDatabase, migrate } from '../db/connect.js';
import { migrationProvider } from '../db/migrations.js';
import type { Database } from '../db/schema.js';
import type { DatabaseLocation } from './backup.js';
import {
  catalogue,
  countRows,
  quoted,
  resetSequences,
  tableNames,
  type Dialect,
  type Query,
  type TableInfo,
} from './catalogue.js';
import {
  BackupRefusal,
  LEFT_OUT_TABLES,
  MIGRATION_TABLES,
  familyOf,
  fitsFamily,
  parameterOf,
  type BackupHeader,
  type Family,
  type FileValue,
} from './format.js';
import { scanBackup, type HeaderTable } from './reader.js';

export interface VerifiedBackup {
  header: BackupHeader;
  sha256: string;
  rows: number;
  /** Tables that the migrations up to the backup's schema fill (`rating_sequence`, `server_secrets`): the backup's rows replace theirs. */
  seeded: Set<string>;
}

export interface RestoreSummary {
  /** The backup's schema, and the one the database is at now (later if this version has later migrations). */
  schema: string;
  migratedTo: string;
  tables: { name: string; rows: number }[];
  rows: number;
  leftOut: string[];
}

const damaged = (why: string) => new BackupRefusal('backup.damaged', `the backup is damaged: ${why}`);

/** The names of this version's migrations, in the order they run. */
async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/** Reads the whole file and checks it (see step 1 above); writes nothing. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  let schema: { tables: Map<string, TableInfo>; seeded: Set<string> } | null = null;
  let families = new Map<string, { name: string; family: Family; notNull: boolean }[]>();
  let lineOfRow = 1;
  const scanned = await scanBackup(file, {
    async header(header) {
      schema = await schemaOf(header);
      families = new Map(
        header.tables.map((table) => {
          const columns = schema!.tables.get(table.name)!.columns;
          return [
            table.name,
            table.columns.map((name) => {
              const column = columns.find((c) => c.name === name)!;
              return { name, family: familyOf(column.type), notNull: column.notNull };
            }),
          ];
        }),
      );
    },
    rows(table, batch) {
      const columns = families.get(table.name)!;
      for (const row of batch) {
        lineOfRow++;
        row.forEach((value, k) => {
          const column = columns[k]!;
          if (value === null ? column.notNull : !fitsFamily(column.family, value))
            throw damaged(
              `line ${lineOfRow}: ${table.name}.${column.name} cannot hold ${JSON.stringify(value).slice(0, 40)}`,
            );
        });
      }
    },
  });
  return { ...scanned, seeded: schema!.seeded };
}

/**
 * The tables the backup's schema has (this version's migrations up to it, run on a scratch in-memory database), after
 * checking that the header names exactly them, with exactly their columns, referenced tables first.
 */
async function schemaOf(
  header: BackupHeader,
): Promise<{ tables: Map<string, TableInfo>; seeded: Set<string> }> {
  const known = await knownMigrations();
  const ours = known.slice(0, header.migrations.length);
  if (!known.includes(header.schema))
    throw new BackupRefusal(
      'backup.newer',
      `the backup is at schema ${header.schema}, which this version of Skyline does not know (its last is ${known.at(-1)}): restore it with the version that wrote it, or a later one`,
    );
  if (ours.join() !== header.migrations.join())
    throw new BackupRefusal(
      'backup.newer',
      `the backup's migrations (${header.migrations.join(', ')}) are not this version's (${ours.join(', ')})`,
    );
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(header.schema);
    if (error)
      throw error instanceof Error ? error : new Error(`the migrations failed: ${JSON.stringify(error)}`);
    const query: Query = (text, params = []) =>
      Promise.resolve(sqlite.prepare(text).all(...params) as Record<string, unknown>[]);
    const tables = await catalogue('sqlite', query);
    const seeded = new Set<string>();
    for (const table of tables) if ((await countRows(query, table.name)) > 0) seeded.add(table.name);
    checkStructure(header, tables);
    return { tables: new Map(tables.map((table) => [table.name, table])), seeded };
  } finally {
    await db.destroy();
  }
}

function checkStructure(header: BackupHeader, tables: TableInfo[]): void {
  const expected = new Map(tables.map((table) => [table.name, table]));
  for (const name of header.leftOut)
    if (!LEFT_OUT_TABLES.includes(name) || !expected.has(name)) throw damaged(`it leaves out ${name}`);
  const named = [...header.tables.map((table) => table.name), ...header.leftOut];
  const missing = tables.filter((table) => !named.includes(table.name)).map((table) => table.name);
  if (missing.length > 0)
    throw damaged(
      `it lacks the table${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of schema ${header.schema}`,
    );
  const before = new Set<string>();
  for (const table of header.tables) {
    const info = expected.get(table.name);
    if (!info) throw damaged(`schema ${header.schema} has no table ${table.name}`);
    const columns = info.columns.map((column) => column.name);
    const differ =
      columns.length !== table.columns.length || columns.some((column) => !table.columns.includes(column));
    if (differ)
      throw damaged(
        `its columns of ${table.name} (${table.columns.join(', ')}) are not schema ${header.schema}'s (${columns.join(', ')})`,
      );
    const later = info.references.filter((ref) => ref !== table.name && !before.has(ref));
    if (later.length > 0)
      throw damaged(`${table.name} comes before ${later.join(', ')}, which it references`);
    before.add(table.name);
  }
}

/** Restores the backup in `file` into the empty database at `target` (see the steps above). */
export async function restoreBackup(file: string, target: DatabaseLocation): Promise<RestoreSummary> {
  const verified = await verifyBackup(file);
  const { header } = verified;
  const dialect: Dialect = target.databaseUrl ? 'postgres' : 'sqlite';
  const { db } = await connectDatabase(target);
  try {
    await bringToSchema(db, dialect, header);
    const tables = new Map((await catalogue(dialect, queryOf(db))).map((table) => [table.name, table]));
    const begin =
      dialect === 'postgres' ? db.transaction().setIsolationLevel('serializable') : db.transaction();
    await begin.execute(async (trx) => {
      const query = queryOf(trx);
      const filled = [];
      for (const table of tables.values())
        if (!verified.seeded.has(table.name) && (await countRows(query, table.name)) > 0)
          filled.push(table.name);
      if (filled.length > 0)
        throw new BackupRefusal(
          'restore.notEmpty',
          `the database is not empty (${filled.join(', ')} hold rows): restore into a new, empty database`,
        );
      for (const name of verified.seeded) await query(`delete from ${quoted(name)}`);
      const again = await scanBackup(file, {
        header(read) {
          if (JSON.stringify(read) !== JSON.stringify(header)) throw changed();
        },
        batchRows: (table) => Math.max(1, Math.min(500, Math.floor(30_000 / table.columns.length))),
        rows: (table, batch) => insertRows(trx, dialect, tables.get(table.name)!, table, batch),
      });
      if (again.sha256 !== verified.sha256) throw changed();
      for (const table of header.tables) {
        const rows = await countRows(query, table.name);
        if (rows !== table.rows) throw new Error(`${table.name}: ${rows} rows restored of ${table.rows}`);
      }
      if (dialect === 'postgres') await resetSequences(query);
    });
    const known = await knownMigrations();
    if (header.schema !== known.at(-1)) await migrate(db);
    return {
      schema: header.schema,
      migratedTo: known.at(-1)!,
      tables: header.tables.map(({ name, rows }) => ({ name, rows })),
      rows: verified.rows,
      leftOut: header.leftOut,
    };
  } finally {
    await db.destroy();
  }
}

const changed = () => damaged('it changed while it was being restored (nothing was written)');

function queryOf(db: Kysely<Database> | Transaction<Database>): Query {
  return async (text, params = []) =>
    (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
}

/**
 * Runs this version's migrations on the target up to the backup's schema. A target that ran others (a later schema,
 * or ones this version does not know) is refused, as is one holding tables that no migration made.
 */
async function bringToSchema(db: Kysely<Database>, dialect: Dialect, header: BackupHeader): Promise<void> {
  const query = queryOf(db);
  const names = await tableNames(dialect, query);
  if (!names.includes(MIGRATION_TABLES[0]!)) {
    if (names.length > 0)
      throw new BackupRefusal(
        'restore.notEmpty',
        `the database holds tables (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''}) but no Skyline schema: restore into a new, empty database`,
      );
  } else {
    const ran = (await query('select name from kysely_migration order by name')).map((row) =>
      String(row.name),
    );
    if (ran.join() !== header.migrations.slice(0, ran.length).join())
      throw new BackupRefusal(
        'restore.schema',
        `the database is at schema ${ran.at(-1) ?? 'none'}, past the backup's ${header.schema}: restore into a new, empty database`,
      );
  }
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(header.schema);
  if (error)
    throw error instanceof Error ? error : new Error(`the migrations failed: ${JSON.stringify(error)}`);
}

async function insertRows(
  trx: Transaction<Database>,
  dialect: Dialect,
  info: TableInfo,
  table: HeaderTable,
  batch: FileValue[][],
): Promise<void> {
  const families = table.columns.map((name) =>
    familyOf(info.columns.find((c) => c.name === name)?.type ?? ''),
  );
  const params: unknown[] = [];
  const tuples = batch.map((row) => {
    const marks = row.map((value, k) => {
      params.push(parameterOf(dialect, families[k]!, value));
      return dialect === 'postgres' ? `$${params.length}` : '?';
    });
    return `(${marks.join(', ')})`;
  });
  await trx.executeQuery(
    CompiledQuery.raw(
      `insert into ${quoted(table.name)} (${table.columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`,
      params,
    ),
  );
}
