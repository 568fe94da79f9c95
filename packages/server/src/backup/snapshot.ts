/**
 * One consistent view of a database while the server goes on writing to it: on SQLite a read transaction on a
 * connection of its own (in WAL mode, readers see the database as it was when they began, while the server commits
 * moves meanwhile), on PostgreSQL a REPEATABLE READ READ ONLY transaction. Every read of a backup goes through one.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { quoted, type Dialect, type Query, type TableInfo } from './catalogue.js';

export interface Snapshot {
  dialect: Dialect;
  query: Query;
  /** Calls `each` with every row of the table (its values in `columns`' order), in primary key order. */
  rows(table: TableInfo, columns: string[], each: (values: unknown[]) => Promise<void> | void): Promise<void>;
  /** Ends the transaction and closes the connection. */
  close(): Promise<void>;
}

function selectAll(table: TableInfo, columns: string[]): string {
  const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoted).join(', ')}` : '';
  return `select ${columns.map(quoted).join(', ')} from ${quoted(table.name)}${order}`;
}

export function sqliteSnapshot(path: string): Snapshot {
  // Not read-only: a read-only connection cannot open a WAL database whose shared-memory file is missing.
  const db = new SQLite(path, { fileMustExist: true, timeout: 5000 });
  // Deferred: the snapshot is taken at the first read, and every read after it sees the same database.
  db.exec('begin');
  return {
    dialect: 'sqlite',
    query: (text, params = []) =>
      Promise.resolve(db.prepare(text).all(...params) as Record<string, unknown>[]),
    async rows(table, columns, each) {
      // Integers as BigInt: a value beyond 2^53 is kept exactly (`fileValue` writes the others as numbers).
      const statement = db.prepare(selectAll(table, columns)).raw(true).safeIntegers(true);
      for (const values of statement.iterate() as IterableIterator<unknown[]>) await each(values);
    },
    close() {
      if (db.inTransaction) db.exec('rollback');
      db.close();
      return Promise.resolve();
    },
  };
}

/** Values as the file holds them: text for every type but these (json, timestamps and the like stay as written). */
const TYPES = {
  getTypeParser(oid: number): (value: string) => unknown {
    switch (oid) {
      case 16: // bool
        return (value) => value === 't';
      case 20: // int8: BigInt, so that a value beyond 2^53 is kept exactly
        return (value) => BigInt(value);
      case 21: // int2
      case 23: // int4
      case 26: // oid
      case 700: // float4
      case 701: // float8 ('NaN', 'Infinity' included)
        return (value) => Number(value);
      case 17: // bytea
        return pg.types.getTypeParser(17) as (value: string) => Buffer;
      default:
        return (value) => value;
    }
  },
};

export async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, types: TYPES });
  await client.connect();
  try {
    // The file says the same whatever the server's settings: times in UTC and ISO form, doubles exactly.
    await client.query(`set time zone 'UTC'`);
    await client.query(`set datestyle to 'ISO, YMD'`);
    await client.query('set extra_float_digits to 3');
    await client.query('begin isolation level repeatable read read only');
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    dialect: 'postgres',
    query: async (text, params = []) => (await client.query(text, params)).rows as Record<string, unknown>[],
    async rows(table, columns, each) {
      // A cursor: the rows come a thousand at a time, however large the table.
      await client.query(`declare backup_rows no scroll cursor for ${selectAll(table, columns)}`);
      for (;;) {
        const batch = await client.query<unknown[]>({
          text: 'fetch 1000 from backup_rows',
          rowMode: 'array',
        });
        for (const values of batch.rows) await each(values);
        if (batch.rows.length < 1000) break;
      }
      await client.query('close backup_rows');
    },
    async close() {
      try {
        await client.query('rollback');
      } finally {
        await client.end();
      }
    },
  };
}
