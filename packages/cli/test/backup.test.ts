/**
 * `skyline backup`, `skyline restore` and `skyline migrate` as an operator runs them (the built command, in a process
 * of its own): what they say they did and checked, their refusals and exit codes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScratchDatabase } from '@skyline/testkit';
import { lacking } from '@skyline/testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/src/db/connect.js';
import { contentsOf, playCommunity, type Contents } from '../../server/test/backup-fixture.js';
import { rewritten } from '../../server/test/backup-file.js';
import { createDatabase } from '../../server/test/pg.js';
import { backupCommand, migrateCommand, restoreCommand } from '../src/backup.js';
import { skyline as inProcess, spawned } from './skyline.js';

const dir = mkdtempSync(join(tmpdir(), 'skyline-backup-cli-'));
const databases: ScratchDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const SOURCE = join(dir, 'skyline.db');
const FILE = join(dir, 'nightly.skyline-backup');
let source: Contents;

/** `skyline ARGS` with the database settings given (and no DATABASE_URL the tests' environment might hold). */
const skyline = (args: string[], env: Record<string, string> = {}) =>
  spawned(args, undefined, { DATABASE_URL: '', DATABASE_PATH: '', ...env });

beforeAll(async () => {
  const store = await openStore({ databasePath: SOURCE, databaseUrl: null });
  await playCommunity(store);
  source = await contentsOf(store.db, 'sqlite');
  await store.db.destroy();
}, 30_000);

describe('skyline backup and restore', () => {
  it('backs up, then restores into a new database and says what it checked', async () => {
    const backup = skyline(['backup', FILE], { DATABASE_PATH: SOURCE });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const rows = Object.values(source).reduce((sum, table) => sum + table.length, 0);
    // Two secrets: the address key (migration 010) and the unsubscribe links' key (012).
    // Tables that others reference first (users before tables before moves), by name among equals.
    expect(backup.stdout).toContain(
      `backed up ${SOURCE} at schema 020_queue_reliability, in one snapshot: chat ${source.chat!.length}, email_counts 1, moderation_log 4, rating_sequence 1, ratings 3, server_secrets 2, users 5, ban_addresses 1, bans 1, blocks 1, email_tokens 1, follows 1, known_sign_ins 1, mutes 1, play_queue 1, reports 1, tables 5, invitations 1, moves ${source.moves!.length}, `,
    );
    expect(backup.stdout).toMatch(
      new RegExp(`wrote ${FILE}: 29 tables, ${rows} rows, \\d+ kB in [\\d.]+ s \\(left out: sessions\\)\\n$`),
    );

    const target = join(dir, 'restored', 'skyline.db');
    const restore = skyline(['restore', FILE], { DATABASE_PATH: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const said = restore.stdout.split('\n');
    expect(said).toContain(`checked: every table holds the backup's rows (29 tables, ${rows} rows)`);
    // Finished by its rules, resigned, aborted; one being played (`playCommunity`).
    expect(said).toContain('checked: 3 finished games and 1 in play replay to their stored status');
    expect(said).toContain(
      'checked: rating the 2 rated games again gives the stored 3 ratings and 5 history rows (nothing rewritten)',
    );
    const store = await openStore({ databasePath: target, databaseUrl: null });
    expect(await contentsOf(store.db, 'sqlite')).toEqual(source);
    await store.db.destroy();

    // Again into the same database: refused, with its code, and exit 1.
    const again = await restoreCommand([FILE], { DATABASE_PATH: target });
    expect(again.code).toBe(1);
    expect(again.stdout).toBeUndefined();
    expect(again.stderr).toMatch(
      /^skyline: restore refused \[restore\.notEmpty\]: the database is not empty \(/,
    );
  }, 30_000);

  it('refuses a damaged file with its code, and makes no database', async () => {
    const damaged = rewritten(
      FILE,
      join(dir, 'damaged.skyline-backup'),
      (lines) => [lines[0]!, lines[1]!.replace(/\d/, (d) => String((Number(d) + 1) % 10)), ...lines.slice(2)],
      false,
    );
    const target = join(dir, 'never', 'skyline.db');
    const result = await restoreCommand([damaged], { DATABASE_PATH: target });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^skyline: restore refused \[backup\.checksum\]: the backup is damaged: its checksum/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('says how it is used', async () => {
    expect(await inProcess(['backup'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: skyline backup FILE') as unknown,
    });
    expect(await inProcess(['restore', 'a', 'b'])).toMatchObject({ code: 2 });
    expect(await inProcess(['migrate', '--from', SOURCE])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'usage: skyline migrate --from DATABASE_PATH --to DATABASE_URL',
      ) as unknown,
    });
    expect(await inProcess(['migrate', '--from', SOURCE, '--to', join(dir, 'other.db')])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--to takes a PostgreSQL URL') as unknown,
    });
    expect(await backupCommand([join(dir, 'x')], { DATABASE_PATH: join(dir, 'none.db') })).toEqual({
      code: 1,
      stderr: `skyline: backup refused [backup.noDatabase]: there is no database at ${join(dir, 'none.db')} (DATABASE_PATH)`,
    });
  });
});

describe.skipIf(lacking('postgres'))('skyline migrate', () => {
  it('moves a SQLite database into an empty PostgreSQL one, checks it, and says what it checked', async () => {
    const database = await createDatabase();
    databases.push(database);
    const url = new URL(database.url);
    url.password = 'secret-password';
    const result = skyline(['migrate', '--from', SOURCE, '--to', url.toString()]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('restored into postgres://');
    // The password is not printed.
    expect(result.stdout).not.toContain('secret-password');
    expect(result.stdout).toContain('checked: 3 finished games and 1 in play replay to their stored status');
    expect(result.stdout).toContain('checked: rating the 2 rated games again gives the stored 3 ratings');
    const store = await openStore({ databasePath: '', databaseUrl: database.url });
    expect(await contentsOf(store.db, 'postgres')).toEqual(source);
    // The sessions moved too: nobody is signed out (four players signed in: three people and a guest).
    expect(result.stdout).toContain('(sessions included)');
    const sessions = await store.db.selectFrom('sessions').selectAll().orderBy('token_hash').execute();
    expect(sessions).toHaveLength(4);
    const sqlite = await openStore({ databasePath: SOURCE, databaseUrl: null });
    expect(await sqlite.db.selectFrom('sessions').selectAll().orderBy('token_hash').execute()).toEqual(
      sessions,
    );
    await sqlite.db.destroy();
    await store.db.destroy();
    // A second time: PostgreSQL is not empty any more.
    const again = await migrateCommand(['--from', SOURCE, '--to', database.url], {});
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('skyline: migrate refused [restore.notEmpty]');
  }, 30_000);
});
