import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openStore } from '../src/db/connect.js';
import { lacking } from '@skyline/testkit/vitest';
import { createDatabase } from './pg.js';
import { insertUserAndTable } from './table-rows.js';
import { KyselyMoveLog, SqliteMoveLog, type MoveLog } from '../src/db/move-log.js';
import type { Database } from '../src/db/schema.js';

const databases: { drop(): Promise<void> }[] = [];
const opened: Kysely<Database>[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy(); // before the databases go, so that no pooled connection is cut
  for (const database of databases) await database.drop();
});

async function fresh(
  kind: 'kysely' | 'sqlite' | 'postgres',
): Promise<{ db: Kysely<Database>; log: MoveLog }> {
  if (kind === 'postgres') {
    const database = await createDatabase();
    databases.push(database);
    const { db, moveLog } = await openStore({ databasePath: '', databaseUrl: database.url });
    opened.push(db);
    await insertUserAndTable(db, 'playing');
    return { db, log: moveLog };
  }
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  await insertUserAndTable(db, 'playing');
  return { db, log: kind === 'kysely' ? new KyselyMoveLog(db) : new SqliteMoveLog(db, sqlite) };
}

describe.each(['kysely', 'sqlite'] as const)('the %s move log', moveLogTests);
describe.skipIf(lacking('postgres'))('the postgres move log', () => moveLogTests('postgres'));

function moveLogTests(kind: 'kysely' | 'sqlite' | 'postgres'): void {
  it('appends entries with the new version and the table changes, in one transaction', async () => {
    const { db, log } = await fresh(kind);
    await log.append(
      't',
      { version: 0, revision: 0 },
      [{ chance: { a: 1 } }, { seat: 0, move: { type: 'pass' } }],
      'c1',
      {
        status: 'playing',
        started_at: 5,
      },
    );
    await log.append('t', { version: 2, revision: 1 }, [{ seat: 1, move: { type: 'pass' } }], 'c2', {
      status: 'over',
      result: '{}',
    });
    const table = await db.selectFrom('tables').selectAll().executeTakeFirstOrThrow();
    expect(table).toMatchObject({ version: 3, status: 'over', started_at: 5, result: '{}' });
    const moves = await db.selectFrom('moves').select(['seq', 'entry', 'client_id']).orderBy('seq').execute();
    expect(moves).toEqual([
      { seq: 0, entry: '{"chance":{"a":1}}', client_id: 'c1' },
      { seq: 1, entry: '{"seat":0,"move":{"type":"pass"}}', client_id: null },
      { seq: 2, entry: '{"seat":1,"move":{"type":"pass"}}', client_id: 'c2' },
    ]);
  });

  it('refuses a second append from the same version and stores nothing of it', async () => {
    const { db, log } = await fresh(kind);
    await log.append('t', { version: 0, revision: 0 }, [{ seat: 0, move: { n: 1 } }], null, {});
    await expect(
      log.append('t', { version: 0, revision: 0 }, [{ seat: 1, move: { n: 2 } }], null, {}),
    ).resolves.toBe(false);
    await expect(
      log.append('t', { version: 5, revision: 1 }, [{ seat: 1, move: { n: 3 } }], null, {}),
    ).resolves.toBe(false);
    const moves = await db.selectFrom('moves').select('entry').execute();
    expect(moves).toEqual([{ entry: '{"seat":0,"move":{"n":1}}' }]);
    expect((await db.selectFrom('tables').select('version').executeTakeFirstOrThrow()).version).toBe(1);
  });

  it('refuses an append on the right version but an older revision (the table changed otherwise since)', async () => {
    const { db, log } = await fresh(kind);
    // A resignation, say: the revision moves on while the log does not.
    await db.updateTable('tables').set({ revision: 1, status: 'over' }).execute();
    await expect(
      log.append('t', { version: 0, revision: 0 }, [{ seat: 0, move: { n: 1 } }], null, {}),
    ).resolves.toBe(false);
    expect(await db.selectFrom('moves').select('entry').execute()).toEqual([]);
    await log.append('t', { version: 0, revision: 1 }, [{ seat: 0, move: { n: 1 } }], null, {});
    expect(await db.selectFrom('tables').select(['version', 'revision']).executeTakeFirstOrThrow()).toEqual({
      version: 1,
      revision: 2,
    });
  });
}
