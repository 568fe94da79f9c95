/**
 * A fresh PostgreSQL database per test run, on the server the global setup found (127.0.0.1:5432 with trust
 * authentication, or TEST_POSTGRES_URL). Tests that use it skip themselves with `lacking('postgres')`.
 */
import { randomBytes } from 'node:crypto';
import { scratchPostgres, type ScratchDatabase } from '@skyline/testkit';
import { lacking, locationOf } from '@skyline/testkit/vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrate, openStore, type Store } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { serverProcesses, type ServerProcesses } from './harness.js';

export function createDatabase(): Promise<ScratchDatabase> {
  return scratchPostgres(locationOf('postgres'), 'skyline_test');
}

/**
 * One database for a test file whose "processes" each open their own connection pool on it (`openProcessStore`):
 * created before the file's tests (unless PostgreSQL is lacking: they skip themselves), dropped after them with every
 * pool closed.
 */
export function postgresForFile(): { openProcessStore(): Promise<Store> } {
  let database: ScratchDatabase | undefined;
  const stores: Store[] = [];
  beforeAll(async () => {
    if (!lacking('postgres')) database = await createDatabase();
  }, 30_000);
  afterAll(async () => {
    for (const store of stores) await store.db.destroy();
    await database?.drop();
  });
  return {
    async openProcessStore() {
      if (!database) throw new Error('no PostgreSQL database: skip this test with lacking("postgres")');
      const store = await openStore({ databasePath: '', databaseUrl: database.url });
      stores.push(store);
      return store;
    },
  };
}

/**
 * One platform of `skyline serve` processes for a test file, on PostgreSQL and Redis: a database and Redis channels
 * of its own, and `count` processes with the settings `env`, started before the file's tests (unless PostgreSQL or
 * Redis is lacking: they skip themselves); `spawn` starts more. The first process started runs the migrations alone.
 * After the tests, every process is killed, every store opened here closed, and the database dropped.
 */
export function platformForFile(
  env: Record<string, string>,
  count: number,
): ServerProcesses & { databaseUrl(): string; openStore(): Promise<Store> } {
  let database: ScratchDatabase | undefined;
  let processes: ServerProcesses | undefined;
  const stores: Store[] = [];
  const running = () => {
    if (!processes) throw new Error('no platform: skip this test with lacking("postgres", "redis")');
    return processes;
  };
  beforeAll(async () => {
    if (lacking('postgres', 'redis')) return;
    database = await createDatabase();
    processes = serverProcesses({
      DATABASE_URL: database.url,
      REDIS_URL: locationOf('redis'),
      REDIS_KEY: `skyline-test-${randomBytes(4).toString('hex')}`,
      ...env,
    });
    for (let k = 0; k < count; k++) await processes.spawn();
  }, 60_000);
  afterAll(async () => {
    processes?.killAll();
    for (const store of stores) await store.db.destroy();
    await database?.drop();
  });
  return {
    get list() {
      return processes?.list ?? [];
    },
    spawn: (more) => running().spawn(more),
    named: (name) => running().named(name),
    killAll: () => processes?.killAll(),
    databaseUrl() {
      running();
      return database!.url;
    },
    async openStore() {
      const store = await openStore({ databasePath: '', databaseUrl: this.databaseUrl() });
      stores.push(store);
      return store;
    },
  };
}

/**
 * Empty migrated databases of either kind for a test file, each test's own: SQLite in memory, or a new PostgreSQL
 * database (its tests skip themselves with `lacking('postgres')`). All are closed, and the PostgreSQL ones dropped,
 * after the file's tests.
 */
export function freshDatabasesForFile(): (kind: 'sqlite' | 'postgres') => Promise<Kysely<Database>> {
  const databases: ScratchDatabase[] = [];
  const opened: Kysely<Database>[] = [];
  afterAll(async () => {
    for (const db of opened) await db.destroy();
    for (const database of databases) await database.drop();
  });
  return async (kind) => {
    let db: Kysely<Database>;
    if (kind === 'postgres') {
      const database = await createDatabase();
      databases.push(database);
      db = (await openStore({ databasePath: '', databaseUrl: database.url })).db;
    } else {
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
      await migrate(db);
    }
    opened.push(db);
    return db;
  };
}
