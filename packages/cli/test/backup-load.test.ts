/**
 * `skyline backup` of a SQLite database while a `skyline serve` process runs on it and players move
 * (`backup-under-load.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, it } from 'vitest';
import { backupUnderLoad } from './backup-under-load.js';

const dir = mkdtempSync(join(tmpdir(), 'skyline-backup-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('backs up SQLite, while players move, every move acknowledged before it began, and restores games that replay', async () => {
  await backupUnderLoad({ DATABASE_PATH: join(dir, 'live.db') }, dir);
}, 90_000);
