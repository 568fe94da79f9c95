/**
 * Backup and restore across the two databases: a SQLite community restored into PostgreSQL, and backed up from there
 * into SQLite again, holds the same rows; values of every kind PostgreSQL has keep their value both ways; sequences
 * go past the restored ids; and a PostgreSQL database that is not empty, or a restore that fails on the way, keeps
 * what it held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ScratchDatabase } from '@skyline/testkit';
import { lacking } from '@skyline/testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/backup/backup.js';
import { catalogue, resetSequences, type Query } from '../src/backup/catalogue.js';
import { checkGames, checkRatings } from '../src/backup/checks.js';
import { FileValue, familyOf, fileValue, parameterOf } from '../src/backup/format.js';
import { restoreBackup } from '../src/backup/restore.js';
import { postgresSnapshot } from '../src/backup/snapshot.js';
import { openStore } from '../src/db/connect.js';
import { contentsOf, playCommunity, tablesWithRows, type Contents } from './backup-fixture.js';
import { repeatedRow, rewritten } from './backup-file.js';
import { createDatabase } from './pg.js';

const dir = mkdtempSync(join(tmpdir(), 'skyline-backup-pg-'));
const databases: ScratchDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const FILE = join(dir, 'community.skyline-backup');
let source: Contents;

async function newPostgres(): Promise<string> {
  const database = await createDatabase();
  databases.push(database);
  return database.url;
}

const postgres = (url: string) => ({ databasePath: '', databaseUrl: url });
const sqlite = (path: string) => ({ databasePath: path, databaseUrl: null });

async function contentsAt(location: { databasePath: string; databaseUrl: string | null }): Promise<Contents> {
  const store = await openStore(location);
  try {
    return await contentsOf(store.db, location.databaseUrl ? 'postgres' : 'sqlite');
  } finally {
    await store.db.destroy();
  }
}

describe.skipIf(lacking('postgres'))('backup and restore between SQLite and PostgreSQL', () => {
  beforeAll(async () => {
    const store = await openStore(sqlite(join(dir, 'source.db')));
    await playCommunity(store);
    source = await contentsOf(store.db, 'sqlite');
    await store.db.destroy();
    await backupDatabase(sqlite(join(dir, 'source.db')), FILE);
  }, 30_000);

  it('SQLite to PostgreSQL and back to SQLite: the same rows each time, games that replay, the same ratings', async () => {
    const url = await newPostgres();
    await restoreBackup(FILE, postgres(url));
    expect(await contentsAt(postgres(url))).toEqual(source);
    const store = await openStore(postgres(url));
    try {
      expect(await checkGames(store.db)).toEqual({ over: 3, playing: 1, broken: 0, failures: [] });
      expect(await checkRatings(store.db)).toEqual({ games: 2, ratings: 3, history: 5, failures: [] });
    } finally {
      await store.db.destroy();
    }
    const back = join(dir, 'from-postgres.skyline-backup');
    const summary = await backupDatabase(postgres(url), back);
    expect(summary.rows).toBe(Object.values(source).reduce((sum, rows) => sum + rows.length, 0));
    const path = join(dir, 'back.db');
    await restoreBackup(back, sqlite(path));
    expect(await contentsAt(sqlite(path))).toEqual(source);
  }, 30_000);

  it('refuses a PostgreSQL database that is not empty, which keeps what it held', async () => {
    const url = await newPostgres();
    await restoreBackup(FILE, postgres(url));
    const error = await restoreBackup(FILE, postgres(url)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'restore.notEmpty' });
    expect(await contentsAt(postgres(url))).toEqual(source);
  }, 30_000);

  it('keeps nothing of a restore that fails on the way (a repeated key), and takes a whole one after', async () => {
    const file = rewritten(FILE, join(dir, 'repeated.skyline-backup'), repeatedRow('chat'));
    const url = await newPostgres();
    await expect(restoreBackup(file, postgres(url))).rejects.toThrow(/duplicate key value/);
    const after = await contentsAt(postgres(url));
    expect(tablesWithRows(after)).toEqual(['rating_sequence', 'server_secrets']);
    await restoreBackup(FILE, postgres(url));
    expect(await contentsAt(postgres(url))).toEqual(source);
  }, 30_000);
});

describe.skipIf(lacking('postgres'))('values of every kind, through the file, both ways', () => {
  let url: string;
  let client: pg.Client;
  const query: Query = async (text, params = []) =>
    (await client.query(text, params)).rows as Record<string, unknown>[];
  beforeAll(async () => {
    url = await newPostgres();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  const KINDS = `(id integer primary key, big bigint, flag boolean, ratio double precision, blob bytea, doc jsonb,
    at timestamptz, name varchar(40), note text)`;
  const ROWS = `(1, 9007199254740993, true, 0.1, '\\x00ff10', '{"a": [1, "é"]}', '2024-02-29 12:34:56.789+00', 'Zoë', 'line\nbreak'),
    (2, -42, false, 'NaN', '\\x', '[]', '1970-01-01 00:00:00+00', '', null),
    (3, null, null, '-Infinity', null, 'null', null, null, '')`;

  it('keeps big integers, booleans, doubles (NaN, infinities), bytes, JSON and times from PostgreSQL to PostgreSQL and SQLite', async () => {
    await query(`create table kinds ${KINDS}`);
    await query(`create table kinds_copy ${KINDS}`);
    await query(`insert into kinds values ${ROWS}`);
    const [table] = (await catalogue('postgres', query)).filter((t) => t.name === 'kinds');
    const columns = table!.columns.map((c) => c.name);
    // Read as a backup reads, through the file's values (JSON text and back, parsed as a restore parses them).
    const snapshot = await postgresSnapshot(url);
    const lines: string[] = [];
    await snapshot.rows(table!, columns, (values) => void lines.push(JSON.stringify(values.map(fileValue))));
    await snapshot.close();
    const rows = lines.map((line) => FileValue.array().parse(JSON.parse(line)));
    expect(rows[0]!.slice(0, 5)).toEqual([1, { int: '9007199254740993' }, true, 0.1, { bytes: 'AP8Q' }]);
    expect(rows[1]![3]).toEqual({ float: 'NaN' });
    const families = table!.columns.map((c) => familyOf(c.type));
    for (const row of rows)
      await query(
        `insert into kinds_copy values (${row.map((_, k) => `$${k + 1}`).join(', ')})`,
        row.map((value, k) => parameterOf('postgres', families[k]!, value)),
      );
    const differ = await query(`select * from kinds except select * from kinds_copy`);
    expect(differ).toEqual([]);
    expect(Number((await query('select count(*) as n from kinds_copy'))[0]!.n)).toBe(3);

    // Into SQLite, with the same declared types (what the migrations declare on both).
    const db = new SQLite(':memory:');
    db.defaultSafeIntegers(true);
    db.exec(
      `create table kinds ${KINDS.replace('bytea', 'blob').replace('jsonb', 'text').replace('timestamptz', 'text')}`,
    );
    const declared = (
      db.prepare('select type from pragma_table_info(?) order by cid').all('kinds') as { type: string }[]
    ).map((c) => familyOf(c.type));
    const insert = db.prepare(`insert into kinds values (${columns.map(() => '?').join(', ')})`);
    // SQLite has no NaN (it would store null): such a value is refused, not changed.
    expect(() => parameterOf('sqlite', 'real', { float: 'NaN' })).toThrow('SQLite cannot hold NaN');
    rows[1]![3] = { float: 'Infinity' };
    for (const row of rows) insert.run(...row.map((value, k) => parameterOf('sqlite', declared[k]!, value)));
    const back = (db.prepare('select * from kinds order by id').raw(true).all() as unknown[][]).map((row) =>
      row.map(fileValue),
    );
    // The same values as the file held: SQLite stores booleans as 0/1, which PostgreSQL's boolean takes back.
    expect(back).toEqual(
      rows.map((row) => row.map((value) => (typeof value === 'boolean' ? Number(value) : value))),
    );
    expect(back[0]![6]).toBe('2024-02-29 12:34:56.789+00');
    db.close();
  });

  it('sets serial and identity sequences past the ids restored', async () => {
    await query('create table counted (id serial primary key, v text)');
    await query('create table identified (id integer generated by default as identity primary key, v text)');
    await query(`insert into counted (id, v) values (1, 'a'), (7, 'b')`);
    await query(`insert into identified (id, v) values (41, 'a')`);
    expect(await resetSequences(query)).toBe(2);
    expect((await query(`insert into counted (v) values ('c') returning id`))[0]!.id).toBe(8);
    expect((await query(`insert into identified (v) values ('b') returning id`))[0]!.id).toBe(42);
  });
});
