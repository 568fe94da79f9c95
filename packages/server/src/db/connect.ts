import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider, tuneSqlite } from './migrations.js';
import { PostgresMoveLog, SqliteMoveLog, type MoveLog } from './move-log.js';
import type { Database } from './schema.js';

export interface Store {
  db: Kysely<Database>;
  moveLog: MoveLog;
  /** Whether other server processes may share this database (PostgreSQL). */
  shared: boolean;
}

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given (several processes may share
 * it), else the embedded SQLite file (one process).
 */
export async function openStore(
  config: { databasePath: string; databaseUrl: string | null },
  /** Told of a pooled PostgreSQL connection that broke while idle (the pool opens another when needed). */
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Store> {
  const connected = await connectDatabase(config, onIdleError);
  await migrate(connected.db);
  // The move log prepares its statements on the migrated tables.
  const moveLog =
    connected.kind === 'postgres'
      ? new PostgresMoveLog(connected.db, connected.pool)
      : new SqliteMoveLog(connected.db, connected.sqlite);
  return { db: connected.db, moveLog, shared: connected.kind === 'postgres' };
}

/**
 * Opens the database as `openStore` does, without running the migrations: for `skyline restore`, which brings an empty
 * database to a backup's schema first, and only then to the latest.
 */
export async function connectDatabase(
  config: { databasePath: string; databaseUrl: string | null },
  onIdleError: (error: Error) => void = () => undefined,
): Promise<
  | { kind: 'postgres'; db: Kysely<Database>; pool: pg.Pool }
  | { kind: 'sqlite'; db: Kysely<Database>; sqlite: SQLite.Database }
> {
  if (config.databaseUrl) {
    // int8 columns (times in milliseconds) come back as numbers: they stay far below 2^53.
    pg.types.setTypeParser(20, (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // Without a listener, an idle connection cut by the server (a restart, a failover) would crash the process.
    pool.on('error', onIdleError);
    return { kind: 'postgres', db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
  }
  const path = config.databasePath;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await tuneSqlite(db as Kysely<unknown>);
  return { kind: 'sqlite', db, sqlite };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
