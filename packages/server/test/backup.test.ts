/**
 * Backup and restore on SQLite (`backup/`): a community's database backed up into one file and restored into a
 * new database holds every row it held, sessions left out; the restored games replay and its ratings recompute; and
 * every kind of damaged or unwelcome file is refused before anything is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/backup/backup.js';
import { checkGames, checkRatings } from '../src/backup/checks.js';
import { BackupRefusal, MAX_LINE_BYTES, type BackupHeader } from '../src/backup/format.js';
import { restoreBackup } from '../src/backup/restore.js';
import { openStore } from '../src/db/connect.js';
import { migrationProvider } from '../src/db/migrations.js';
import type { Database } from '../src/db/schema.js';
import { contentsOf, playCommunity, tablesWithRows, type Contents } from './backup-fixture.js';
import { firstRowOf, headerOf, repeatedRow, rewritten, withHeader } from './backup-file.js';

const dir = mkdtempSync(join(tmpdir(), 'skyline-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SOURCE = join(dir, 'source.db');
const FILE = join(dir, 'community.skyline-backup');
let source: Contents;
let fresh = 0;
const newPath = () => join(dir, `restored-${++fresh}.db`);
const sqlite = (path: string) => ({ databasePath: path, databaseUrl: null });

async function contentsAt(path: string): Promise<Contents> {
  const store = await openStore(sqlite(path));
  try {
    return await contentsOf(store.db, 'sqlite');
  } finally {
    await store.db.destroy();
  }
}

/** The refusal restoring `file` into a new database meets; the new database must not even exist after it. */
async function refusalOf(file: string): Promise<BackupRefusal> {
  const path = newPath();
  const error = await restoreBackup(file, sqlite(path)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BackupRefusal);
  expect(existsSync(path)).toBe(false);
  return error as BackupRefusal;
}

beforeAll(async () => {
  const store = await openStore(sqlite(SOURCE));
  await playCommunity(store);
  source = await contentsOf(store.db, 'sqlite');
  await store.db.destroy();
  await backupDatabase(sqlite(SOURCE), FILE);
}, 30_000);

describe('a SQLite database backed up and restored into a new one', () => {
  it('holds every row of every table, the sessions left out', async () => {
    // The community leaves no table empty: every table's rows make the trip.
    for (const [table, rows] of Object.entries(source)) expect(rows.length, table).toBeGreaterThan(0);
    const path = newPath();
    const summary = await restoreBackup(FILE, sqlite(path));
    expect(summary.leftOut).toEqual(['sessions']);
    expect(await contentsAt(path)).toEqual(source);
    const store = await openStore(sqlite(path));
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    await store.db.destroy();
  });

  it('leaves out no table of the schema but the sessions (tables listed from the database, not from a list)', async () => {
    const db = new SQLite(':memory:');
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
    await new Migrator({ db: kysely, provider: migrationProvider }).migrateToLatest();
    const tables = (
      db
        .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
        .all() as {
        name: string;
      }[]
    )
      .map((row) => row.name)
      .filter((name) => !name.startsWith('kysely_'));
    await kysely.destroy();
    const header = headerOf(FILE);
    expect([...header.tables.map((t) => t.name), ...header.leftOut].sort()).toEqual(tables.sort());
    expect(header.leftOut).toEqual(['sessions']);
  });

  it('replays every game to its stored status and recomputes the stored ratings', async () => {
    const path = newPath();
    await restoreBackup(FILE, sqlite(path));
    const store = await openStore(sqlite(path));
    try {
      // Finished by its rules, resigned, aborted; one in play; the open table has not started.
      expect(await checkGames(store.db)).toEqual({ over: 3, playing: 1, broken: 0, failures: [] });
      // ann and bob rated in the first game, the three of them in the second: 3 ratings, 2 + 3 history rows.
      expect(await checkRatings(store.db)).toEqual({ games: 2, ratings: 3, history: 5, failures: [] });
    } finally {
      await store.db.destroy();
    }
  });

  it('finds a stored result its log does not lead to, and a stored rating that rating again does not give', async () => {
    const path = newPath();
    await restoreBackup(FILE, sqlite(path));
    const store = await openStore(sqlite(path));
    try {
      const over = await store.db
        .selectFrom('tables')
        .select(['id', 'result'])
        .where('status', '=', 'over')
        .where('result', 'like', '%"status"%')
        .executeTakeFirstOrThrow();
      const result = JSON.parse(over.result!) as { status: { scores: number[] } };
      result.status.scores[0]! += 1;
      await store.db
        .updateTable('tables')
        .set({ result: JSON.stringify(result) })
        .where('id', '=', over.id)
        .execute();
      await store.db
        .updateTable('ratings')
        .set({ mu: 99 })
        .where('player_id', '=', await firstRating(store.db))
        .execute();
      const games = await checkGames(store.db);
      expect(games.failures).toHaveLength(1);
      expect(games.failures[0]).toContain(`table ${over.id} (nyny, over): it replays to`);
      const ratings = await checkRatings(store.db);
      expect(ratings.failures.some((line) => line.startsWith('rating stored but not recomputed'))).toBe(true);
      // Checking rewrote nothing.
      expect(
        (await store.db.selectFrom('ratings').select('mu').where('mu', '=', 99).execute()).length,
      ).toBeGreaterThan(0);
    } finally {
      await store.db.destroy();
    }
  });

  it('restores a backup of an older schema at its schema, then runs the later migrations on it', async () => {
    const old = join(dir, 'old.db');
    const db = new SQLite(old);
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
    await new Migrator({ db: kysely, provider: migrationProvider }).migrateTo('006_ratings');
    db.prepare(
      `insert into users (id, name, name_key, password_hash, created_at, bot_level, registered_at) values ('u1', 'Ann', 'ann', 'scrypt$x', 5, null, 5)`,
    ).run();
    await kysely.destroy();
    const file = join(dir, 'old.skyline-backup');
    expect((await backupDatabase(sqlite(old), file)).schema).toBe('006_ratings');
    const path = newPath();
    const summary = await restoreBackup(file, sqlite(path));
    expect(summary.schema).toBe('006_ratings');
    expect(summary.migratedTo).toBe(
      Object.keys(await migrationProvider.getMigrations())
        .sort()
        .at(-1),
    );
    const restored = await contentsAt(path);
    expect(restored.users).toEqual([
      {
        bot_level: null,
        created_at: 5,
        id: 'u1',
        name: 'Ann',
        name_key: 'ann',
        password_hash: 'scrypt$x',
        registered_at: 5,
        // Migrations 012's, 013's, 014's, 017's and 019's, run on the restored data.
        email: null,
        email_pending: null,
        language: null,
        remind_after_minutes: null,
        role: null,
        refuses_follows: null,
        invitations_by_mail: null,
        confirm_moves: null,
        reminder_digest: null,
        digest_sent_at: null,
      },
    ]);
    // Migration 010 made the server's address key on the restored data, and 012 the key of unsubscribe links.
    expect(restored.server_secrets).toHaveLength(2);
  });

  it('writes the file for its owner only, and refuses a database that does not exist without making one', async () => {
    expect(statSync(FILE).mode & 0o777).toBe(0o600);
    const missing = join(dir, 'missing', 'skyline.db');
    const error = await backupDatabase(sqlite(missing), join(dir, 'x')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'backup.noDatabase' });
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });
});

async function firstRating(db: Kysely<Database>): Promise<string> {
  return (await db.selectFrom('ratings').select('player_id').orderBy('player_id').executeTakeFirstOrThrow())
    .player_id;
}

describe('a restore refuses, with nothing written', () => {
  const damaged = (name: string) => join(dir, `${name}.skyline-backup`);

  it('a file whose content had a byte flipped (its checksum no longer matches)', async () => {
    const file = rewritten(
      FILE,
      damaged('flipped'),
      (lines) => {
        const k = firstRowOf(lines, 'moves');
        lines[k] = lines[k]!.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
        return lines;
      },
      false,
    );
    expect(await refusalOf(file)).toMatchObject({ code: 'backup.checksum' });
  });

  it('a file with a byte flipped in its compressed stream', async () => {
    const bytes = Buffer.from(readFileSync(FILE));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x20;
    writeFileSync(damaged('flipped-gzip'), bytes);
    expect(await refusalOf(damaged('flipped-gzip'))).toMatchObject({ code: 'backup.damaged' });
  });

  it('a file cut short, anywhere', async () => {
    const bytes = Buffer.from(readFileSync(FILE));
    writeFileSync(damaged('half'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refusalOf(damaged('half'))).toMatchObject({ code: 'backup.damaged' });
    // A whole gzip file, cut at a line: the last rows and the trailer missing.
    const cut = rewritten(FILE, damaged('cut'), (lines) => lines.slice(0, -3), false);
    expect((await refusalOf(cut)).message).toMatch(
      /ends within the rows of \w+, \d+ short of the \d+ its header says/,
    );
  });

  it('a file whose last line claims another checksum', async () => {
    const file = rewritten(
      FILE,
      damaged('checksum'),
      (lines) => {
        const trailer = JSON.parse(lines.at(-1)!) as { end: { rows: number; sha256: string } };
        trailer.end.sha256 = '0'.repeat(64);
        return [...lines.slice(0, -1), JSON.stringify(trailer)];
      },
      false,
    );
    expect(await refusalOf(file)).toMatchObject({ code: 'backup.checksum' });
  });

  it('a file of a newer schema or a newer format, even with its checksum right', async () => {
    const schema = rewritten(
      FILE,
      damaged('schema'),
      withHeader((header) => {
        header.migrations.push('999_from_the_future');
        header.schema = '999_from_the_future';
      }),
    );
    const refused = await refusalOf(schema);
    expect(refused.code).toBe('backup.newer');
    expect(refused.message).toContain('999_from_the_future');
    const format = rewritten(
      FILE,
      damaged('format'),
      withHeader((header) => void (header.version = 2)),
    );
    expect(await refusalOf(format)).toMatchObject({ code: 'backup.newer' });
  });

  it('a row longer than a line may be, before holding it whole', async () => {
    const file = rewritten(FILE, damaged('long'), (lines) => {
      const k = lines.findIndex((line) => line.includes('"good luck"'));
      lines[k] = lines[k]!.replace('"good luck"', `"${'x'.repeat(MAX_LINE_BYTES)}"`);
      return lines;
    });
    expect((await refusalOf(file)).message).toContain(`longer than ${MAX_LINE_BYTES} bytes`);
  });

  it('rows and headers that do not fit the schema: a value too many, a value of another type, a hostile name, a table missing', async () => {
    const extra = rewritten(FILE, damaged('extra'), (lines) => {
      const k = firstRowOf(lines, 'users');
      lines[k] = JSON.stringify([...(JSON.parse(lines[k]!) as unknown[]), 1]);
      return lines;
    });
    expect((await refusalOf(extra)).message).toMatch(/is not a row of users/);
    const typed = rewritten(FILE, damaged('typed'), (lines) => {
      const header = JSON.parse(lines[0]!) as BackupHeader;
      const k = firstRowOf(lines, 'tables');
      const row = JSON.parse(lines[k]!) as unknown[];
      row[header.tables.find((t) => t.name === 'tables')!.columns.indexOf('version')] = 'many';
      lines[k] = JSON.stringify(row);
      return lines;
    });
    expect((await refusalOf(typed)).message).toMatch(/tables\.version cannot hold "many"/);
    const hostile = rewritten(
      FILE,
      damaged('hostile'),
      withHeader((header) => void (header.tables[0]!.name = 'users"; drop table users; --')),
    );
    expect(await refusalOf(hostile)).toMatchObject({ code: 'backup.damaged' });
    const missing = rewritten(FILE, damaged('missing'), (lines) => {
      const header = JSON.parse(lines[0]!) as BackupHeader;
      const k = firstRowOf(lines, 'chat');
      const chat = header.tables.find((t) => t.name === 'chat')!;
      header.tables = header.tables.filter((t) => t !== chat);
      return [JSON.stringify(header), ...lines.slice(1, k), ...lines.slice(k + chat.rows)];
    });
    expect((await refusalOf(missing)).message).toContain('lacks the table chat');
  });

  it('a file that is not there, or not a backup', async () => {
    expect(await refusalOf(join(dir, 'nothing-here'))).toMatchObject({ code: 'backup.unreadable' });
    writeFileSync(damaged('not-gzip'), 'hello\n');
    expect(await refusalOf(damaged('not-gzip'))).toMatchObject({ code: 'backup.damaged' });
    writeFileSync(damaged('not-backup'), gzipSync('{"hello": 1}\n'));
    expect((await refusalOf(damaged('not-backup'))).message).toContain('does not begin as a Skyline backup');
  });

  it('a database that is not empty, which keeps what it held', async () => {
    const path = newPath();
    await restoreBackup(FILE, sqlite(path));
    const before = await contentsAt(path);
    const error = await restoreBackup(FILE, sqlite(path)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'restore.notEmpty' });
    expect((error as Error).message).toContain('users');
    expect(await contentsAt(path)).toEqual(before);
  });

  it('a database at a schema this version does not know', async () => {
    const path = newPath();
    await (await openStore(sqlite(path))).db.destroy();
    const db = new SQLite(path);
    db.prepare(`insert into kysely_migration (name, timestamp) values ('999_later', '2099-01-01')`).run();
    db.close();
    expect(await restoreBackup(FILE, sqlite(path)).catch((e: unknown) => e)).toMatchObject({
      code: 'restore.schema',
    });
  });

  it('a file that fails while its rows go in (a repeated key): nothing of it stays, and the database takes a whole one after', async () => {
    const file = rewritten(FILE, damaged('repeated'), repeatedRow('moves'));
    const path = newPath();
    await expect(restoreBackup(file, sqlite(path))).rejects.toThrow(/UNIQUE constraint failed: moves/);
    const after = await contentsAt(path);
    // Only what the migrations themselves write (the rating counter, the address key).
    expect(tablesWithRows(after)).toEqual(['rating_sequence', 'server_secrets']);
    await restoreBackup(FILE, sqlite(path));
    expect(await contentsAt(path)).toEqual(source);
  });
});
