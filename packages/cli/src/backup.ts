/**
 * `skyline backup FILE`, `skyline restore FILE` and `skyline migrate --from DATABASE_PATH --to DATABASE_URL`: the
 * server's backup format (`packages/server/src/backup/`) as an operator runs it, and what it checked, said.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupRefusal,
  backupDatabase,
  checkCounts,
  checkGames,
  checkRatings,
  openStore,
  ratingRulesFromEnv,
  restoreBackup,
  type DatabaseLocation,
  type RestoreSummary,
} from '@skyline/server/backup';

export interface Said {
  code: number;
  stdout?: string;
  stderr?: string;
}

const USAGE = {
  backup: 'usage: skyline backup FILE   (the database of DATABASE_URL, or else DATABASE_PATH)',
  restore: 'usage: skyline restore FILE   (into the empty database of DATABASE_URL, or else DATABASE_PATH)',
  migrate: 'usage: skyline migrate --from DATABASE_PATH --to DATABASE_URL',
};

function locationFromEnv(env: NodeJS.ProcessEnv): DatabaseLocation {
  return { databaseUrl: env.DATABASE_URL || null, databasePath: env.DATABASE_PATH || './data/skyline.db' };
}

/** Where a database is, for people: a PostgreSQL URL without its password. */
export function described(location: DatabaseLocation): string {
  if (!location.databaseUrl) return location.databasePath;
  try {
    const url = new URL(location.databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the database of DATABASE_URL';
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const size = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
const counts = (tables: { name: string; rows: number }[]) =>
  tables.map(({ name, rows }) => `${name} ${rows}`).join(', ');

/** A refusal as the command says it; anything else (a database that cannot be reached) as what it is. */
function failed(command: string, error: unknown): Said {
  if (error instanceof BackupRefusal)
    return { code: 1, stderr: `skyline: ${command} refused [${error.code}]: ${error.message}` };
  return { code: 1, stderr: `skyline: ${command}: ${(error as Error).message}` };
}

async function backupTo(
  source: DatabaseLocation,
  file: string,
  lines: string[],
  withSessions = false,
): Promise<void> {
  const started = performance.now();
  const summary = await backupDatabase(source, file, { withSessions });
  lines.push(
    `backed up ${described(source)} at schema ${summary.schema}, in one snapshot: ${counts(summary.tables)}`,
    `wrote ${file}: ${summary.tables.length} tables, ${summary.rows} rows, ${size(summary.bytes)} in ${seconds(started)} (${summary.leftOut.length > 0 ? `left out: ${summary.leftOut.join(', ')}` : 'sessions included'})`,
  );
}

/** Restores, then checks the restored database; false when a check failed. */
async function restoreFrom(
  file: string,
  target: DatabaseLocation,
  env: NodeJS.ProcessEnv,
  lines: string[],
): Promise<boolean> {
  const rules = ratingRulesFromEnv(env);
  let started = performance.now();
  const summary: RestoreSummary = await restoreBackup(file, target);
  lines.push(
    `read ${file} twice, whole and unchanged (checksum, sizes, schema ${summary.schema}): ${summary.tables.length} tables, ${summary.rows} rows`,
    `restored into ${described(target)} in one transaction${summary.migratedTo === summary.schema ? '' : `, then migrated to ${summary.migratedTo}`} (${seconds(started)})`,
  );
  started = performance.now();
  const store = await openStore(target);
  const problems: string[] = [];
  try {
    const found = await checkCounts(store.db, summary.tables);
    const wrong = found.filter((row) => row.found !== row.expected);
    for (const row of wrong) problems.push(`${row.table}: ${row.found} rows, the backup has ${row.expected}`);
    lines.push(
      wrong.length === 0
        ? `checked: every table holds the backup's rows (${found.length} tables, ${summary.rows} rows)`
        : `checked: ${wrong.length} of ${found.length} tables do not hold the backup's rows`,
    );
    const games = await checkGames(store.db);
    problems.push(...games.failures);
    lines.push(
      `checked: ${games.over} finished games and ${games.playing} in play replay to their stored status` +
        (games.failures.length > 0 ? `; ${games.failures.length} do not` : '') +
        (games.broken > 0 ? ` (${games.broken} set aside as broken before the backup, not replayed)` : ''),
    );
    const ratings = await checkRatings(store.db, rules);
    problems.push(...ratings.failures);
    lines.push(
      ratings.failures.length === 0
        ? `checked: rating the ${ratings.games} rated games again gives the stored ${ratings.ratings} ratings and ${ratings.history} history rows (nothing rewritten)`
        : `checked: rating the ${ratings.games} rated games again does not give the stored ratings (${ratings.failures.length} differences)`,
    );
  } finally {
    await store.db.destroy();
  }
  lines.push(`checks took ${seconds(started)}`);
  for (const problem of problems.slice(0, 20)) lines.push(`  problem: ${problem}`);
  if (problems.length > 20) lines.push(`  ... and ${problems.length - 20} more`);
  return problems.length === 0;
}

export async function backupCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Said> {
  if (args.length !== 1 || args[0]!.startsWith('-')) return { code: 2, stderr: USAGE.backup };
  const lines: string[] = [];
  try {
    await backupTo(locationFromEnv(env), args[0]!, lines);
  } catch (error) {
    return failed('backup', error);
  }
  return { code: 0, stdout: lines.join('\n') };
}

export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Said> {
  if (args.length !== 1 || args[0]!.startsWith('-')) return { code: 2, stderr: USAGE.restore };
  const lines: string[] = [];
  let checked: boolean;
  try {
    checked = await restoreFrom(args[0]!, locationFromEnv(env), env, lines);
  } catch (error) {
    return failed('restore', error);
  }
  return checked
    ? { code: 0, stdout: lines.join('\n') }
    : {
        code: 1,
        stdout: lines.join('\n'),
        stderr: 'skyline: restore: restored, but a check failed (see above)',
      };
}

export async function migrateCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Said> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch {
    return { code: 2, stderr: USAGE.migrate };
  }
  if (!values.from || !values.to) return { code: 2, stderr: USAGE.migrate };
  if (!/^postgres(ql)?:\/\//.test(values.to))
    return { code: 2, stderr: `skyline: --to takes a PostgreSQL URL (postgres://...)\n${USAGE.migrate}` };
  if (!existsSync(values.from))
    return { code: 1, stderr: `skyline: migrate: there is no database at ${values.from}` };
  const source: DatabaseLocation = { databasePath: values.from, databaseUrl: null };
  const target: DatabaseLocation = { databasePath: '', databaseUrl: values.to };
  // The backup goes through a file of the format, readable by this user only, deleted after.
  const dir = mkdtempSync(join(tmpdir(), 'skyline-migrate-'));
  const lines: string[] = [];
  let checked: boolean;
  try {
    // The sessions move too: nobody is signed out by the move (a guest's session is the only way back to its games).
    await backupTo(source, join(dir, 'migrate.skyline-backup'), lines, true);
    checked = await restoreFrom(join(dir, 'migrate.skyline-backup'), target, env, lines);
  } catch (error) {
    return { ...failed('migrate', error), stdout: lines.join('\n') || undefined };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return checked
    ? { code: 0, stdout: lines.join('\n') }
    : {
        code: 1,
        stdout: lines.join('\n'),
        stderr: 'skyline: migrate: moved, but a check failed (see above)',
      };
}
