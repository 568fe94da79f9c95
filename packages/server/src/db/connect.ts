import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider, tuneSqlite } from './migrations.js';
import { SqliteMoveLog, type MoveLog } from './move-log.js';
import type { Database } from './schema.js';

/** Opens the SQLite database (creating its folder), tunes it and brings its schema up to date. */
export async function openDatabase(path: string): Promise<{ db: Kysely<Database>; moveLog: MoveLog }> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await tuneSqlite(db as Kysely<unknown>);
  await migrate(db);
  return { db, moveLog: new SqliteMoveLog(db, sqlite) };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
