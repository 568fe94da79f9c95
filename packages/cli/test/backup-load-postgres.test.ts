/**
 * `skyline backup` of a PostgreSQL database while a `skyline serve` process runs on it and players move
 * (`backup-under-load.ts`): one REPEATABLE READ transaction sees the database as it was when it began.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lacking } from '@skyline/testkit/vitest';
import { afterAll, describe, it } from 'vitest';
import type { ScratchDatabase } from '@skyline/testkit';
import { createDatabase } from '../../server/test/pg.js';
import { backupUnderLoad } from './backup-under-load.js';

const dir = mkdtempSync(join(tmpdir(), 'skyline-backup-load-pg-'));
let database: ScratchDatabase | undefined;
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(lacking('postgres'))('a backup of PostgreSQL under load', () => {
  it('holds every move acknowledged before it began, and restores into SQLite games that replay', async () => {
    database = await createDatabase();
    await backupUnderLoad({ DATABASE_URL: database.url }, dir);
  }, 90_000);
});
