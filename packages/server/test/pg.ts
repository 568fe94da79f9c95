/**
 * A fresh PostgreSQL database per test run, on the server the global setup found (127.0.0.1:5432 with trust
 * authentication, or TEST_POSTGRES_URL). Tests that use it skip themselves with `lacking('postgres')`.
 */
import { scratchPostgres, type ScratchDatabase } from '@skyline/testkit';
import { lacking, locationOf } from '@skyline/testkit/vitest';
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../src/db/connect.js';

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
