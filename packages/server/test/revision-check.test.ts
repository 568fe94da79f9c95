/**
 * The one revision-checked update of a table's row (`db/revision.ts`): a writer whose copy is out of date (another
 * writer changed the table since it read it) changes nothing, and is told so, on SQLite and on PostgreSQL, whichever
 * way it writes: a change of the row (`TableStore.change`), the removal of an open table (`TableStore.removeOpen`), a
 * move (the move logs, whose prepared statements are compiled from the same update: `move-log.test.ts`).
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lacking } from '@skyline/testkit/vitest';
import { KyselyMoveLog } from '../src/db/move-log.js';
import { compiledTemplate, revisionChecked, updateAtRevision } from '../src/db/revision.js';
import type { Database } from '../src/db/schema.js';
import type { LiveTable } from '../src/tables/live.js';
import { TableStore } from '../src/tables/store.js';
import { freshDatabasesForFile } from './pg.js';
import { insertUserAndTable } from './table-rows.js';

const freshDatabase = freshDatabasesForFile();

async function fresh(kind: 'sqlite' | 'postgres'): Promise<Kysely<Database>> {
  const db = await freshDatabase(kind);
  await insertUserAndTable(db, 'open');
  await db.insertInto('seats').values({ table_id: 't', seat: 0, user_id: 'u' }).execute();
  return db;
}

function stored(db: Kysely<Database>) {
  return db
    .selectFrom('tables')
    .select(['revision', 'version', 'status'])
    .where('id', '=', 't')
    .executeTakeFirst();
}

/** The parts of a copy in memory that a write reads. */
function copyAt(revision: number): LiveTable {
  return { id: 't', revision, status: 'open', log: [] } as unknown as LiveTable;
}

describe('revisionChecked', () => {
  it('compiles once into a statement whose values are given by name, constants kept', () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    const template = compiledTemplate<'tableId' | 'revision' | 'status'>((slot) =>
      revisionChecked(db, slot('tableId'), { revision: slot('revision') }, { status: slot('status') }),
    );
    expect(template.sql).toBe(
      'update "tables" set "status" = ?, "revision" = "revision" + ? where "id" = ? and "revision" = ?',
    );
    expect(template.values({ tableId: 't', revision: 4, status: 'over' })).toEqual(['over', 1, 't', 4]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('a stale revision on %s', (kind) => {
  const skip = kind === 'postgres' && lacking('postgres');

  it.skipIf(skip)('changes nothing and is reported; the current revision changes the row once', async () => {
    const db = await fresh(kind);
    await expect(updateAtRevision(db, 't', { revision: 0 }, { status: 'playing' })).resolves.toBe(true);
    expect(await stored(db)).toEqual({ revision: 1, version: 0, status: 'playing' });
    // A second writer that read revision 0 too.
    await expect(updateAtRevision(db, 't', { revision: 0 }, { status: 'over' })).resolves.toBe(false);
    expect(await stored(db)).toEqual({ revision: 1, version: 0, status: 'playing' });
    // A move names the version too: the right revision on another version is refused as well.
    await expect(updateAtRevision(db, 't', { revision: 1, version: 3 }, { status: 'over' })).resolves.toBe(
      false,
    );
    expect(await stored(db)).toEqual({ revision: 1, version: 0, status: 'playing' });
  });

  it.skipIf(skip)(
    "refuses a table store's change made on an out-of-date copy, which is marked stale",
    async () => {
      const db = await fresh(kind);
      let staleWrites = 0;
      const store = new TableStore(db, new KyselyMoveLog(db), false, () => staleWrites++);
      const behind = copyAt(0);
      await db.updateTable('tables').set({ revision: 1 }).execute(); // another writer came first
      let worked = false;
      const written = await store.change(behind, { status: 'playing' }, () => {
        worked = true;
        return Promise.resolve();
      });
      expect(written).toEqual({ stored: false });
      expect(behind.stale).toBe(true);
      expect(staleWrites).toBe(1);
      expect(worked).toBe(false); // nothing else in its transaction ran either
      expect(await stored(db)).toEqual({ revision: 1, version: 0, status: 'open' });

      const current = copyAt(1);
      expect(await store.change(current, { status: 'playing' })).toEqual({ stored: true });
      expect(current.revision).toBe(2);
      expect(await stored(db)).toEqual({ revision: 2, version: 0, status: 'playing' });
    },
  );

  it.skipIf(skip)('keeps an open table changed since it was found abandoned', async () => {
    const db = await fresh(kind);
    const store = new TableStore(db, new KyselyMoveLog(db), false);
    await db.updateTable('tables').set({ revision: 1 }).execute(); // someone sat down meanwhile
    await expect(store.removeOpen('t', 0)).resolves.toBe(false);
    expect(await stored(db)).toEqual({ revision: 1, version: 0, status: 'open' });
    expect(await db.selectFrom('seats').select('seat').execute()).toEqual([{ seat: 0 }]);
    await expect(store.removeOpen('t', 1)).resolves.toBe(true);
    expect(await stored(db)).toBeUndefined();
  });
});
