/**
 * `skyline backup FILE`: every table of the database (the sessions left out), as one consistent snapshot taken while
 * the server runs, into one file (`format.ts`). The file is written beside FILE and renamed onto it once complete:
 * FILE is never a half-written backup.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { catalogue, countRows } from './catalogue.js';
import {
  BackupRefusal,
  FORMAT,
  FORMAT_VERSION,
  LEFT_OUT_TABLES,
  fileValue,
  type BackupHeader,
  type BackupTrailer,
} from './format.js';
import { postgresSnapshot, sqliteSnapshot, type Snapshot } from './snapshot.js';

export interface DatabaseLocation {
  /** SQLite's file, read when `databaseUrl` is null. */
  databasePath: string;
  /** A PostgreSQL URL, or null. */
  databaseUrl: string | null;
}

export interface BackupSummary {
  schema: string;
  tables: { name: string; rows: number }[];
  rows: number;
  /** The file's size. */
  bytes: number;
  leftOut: string[];
}

/**
 * Backs up the database at `source` into `file`. `withSessions` keeps the sessions too (`skyline migrate`: nobody is
 * signed out by the move, and its file lives only as long as the command).
 */
export async function backupDatabase(
  source: DatabaseLocation,
  file: string,
  { withSessions = false } = {},
): Promise<BackupSummary> {
  if (!source.databaseUrl && !existsSync(source.databasePath))
    throw new BackupRefusal(
      'backup.noDatabase',
      `there is no database at ${source.databasePath} (DATABASE_PATH)`,
    );
  const snapshot = source.databaseUrl
    ? await postgresSnapshot(source.databaseUrl)
    : sqliteSnapshot(source.databasePath);
  const partial = `${file}.partial`;
  try {
    const header = await headerOf(snapshot, withSessions ? [] : LEFT_OUT_TABLES);
    await writeFile(snapshot, header, partial);
    renameSync(partial, file);
    return {
      schema: header.schema,
      tables: header.tables.map(({ name, rows }) => ({ name, rows })),
      rows: header.tables.reduce((sum, table) => sum + table.rows, 0),
      bytes: statSync(file).size,
      leftOut: header.leftOut,
    };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await snapshot.close();
  }
}

async function headerOf(
  snapshot: Snapshot,
  leftOut: readonly string[],
): Promise<BackupHeader & { order: Awaited<ReturnType<typeof catalogue>> }> {
  let migrations: string[];
  try {
    migrations = (await snapshot.query('select name from kysely_migration order by name')).map((row) =>
      String(row.name),
    );
  } catch {
    throw new BackupRefusal(
      'backup.notSkyline',
      'this database has no migrations table: it is not a Skyline database',
    );
  }
  const schema = migrations.at(-1);
  if (schema === undefined)
    throw new BackupRefusal(
      'backup.notSkyline',
      'this database has run no migration: it is not a Skyline database',
    );
  const tables = await catalogue(snapshot.dialect, snapshot.query);
  const order = tables.filter((table) => !leftOut.includes(table.name));
  const counted = [];
  for (const table of order)
    counted.push({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      rows: await countRows(snapshot.query, table.name),
    });
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: snapshot.dialect,
    schema,
    migrations,
    // Only the tables it has: a database at an older schema may lack one.
    leftOut: leftOut.filter((name) => tables.some((table) => table.name === name)),
    tables: counted,
    order,
  };
}

async function writeFile(
  snapshot: Snapshot,
  { order, ...header }: Awaited<ReturnType<typeof headerOf>>,
  path: string,
): Promise<void> {
  const gzip = createGzip();
  // The file holds password hashes and the server's address key: for its owner only.
  const out = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(out);
  const hash = createHash('sha256');
  const write = async (line: string) => {
    hash.update(line);
    if (!gzip.write(line)) await once(gzip, 'drain');
  };
  const failed = new Promise<never>((_, reject) => {
    gzip.once('error', reject);
    out.once('error', reject);
  });
  const work = (async () => {
    await write(`${JSON.stringify(header)}\n`);
    let total = 0;
    for (const [k, table] of order.entries()) {
      const columns = header.tables[k]!.columns;
      let rows = 0;
      await snapshot.rows(table, columns, async (values) => {
        rows++;
        await write(`${JSON.stringify(values.map(fileValue))}\n`);
      });
      // The same snapshot counted them: a difference is a bug, not a change.
      if (rows !== header.tables[k]!.rows)
        throw new Error(`${table.name}: counted ${header.tables[k]!.rows} rows, read ${rows}`);
      total += rows;
    }
    const trailer: BackupTrailer = { end: { rows: total, sha256: hash.digest('hex') } };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await once(out, 'close');
  })();
  failed.catch(() => undefined); // raced below; an error after the race is the one `work` threw
  try {
    await Promise.race([work, failed]);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    throw error;
  }
  // On the disk before it takes FILE's name.
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
