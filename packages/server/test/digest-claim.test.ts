/**
 * The daily digest's claim (`mail/digest.ts`): one conditional update of `users.digest_sent_at`, so that of the
 * processes that find a player due at once, exactly one sends the day's digest. On SQLite (one connection, claims at
 * once) and on PostgreSQL with two connection pools on one database, as two server processes have. The digest's
 * e-mail itself, read from a real SMTP server: `email.test.ts`.
 */
import { lacking } from '@skyline/testkit/vitest';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { claimDigest, DIGEST_EVERY_MS, unclaimDigest } from '../src/mail/digest.js';
import { freshDatabasesForFile, postgresForFile } from './pg.js';

const freshDatabase = freshDatabasesForFile();
const postgres = postgresForFile();
const NOW = Date.UTC(2026, 3, 1);

async function player(db: Kysely<Database>, id: string, digest: boolean): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      name: id,
      name_key: id,
      password_hash: 'x',
      created_at: 0,
      bot_level: null,
      email: `${id}@example.org`,
      reminder_digest: digest ? 1 : null,
    })
    .execute();
}

/** Claims made at once through `pools` (in turn), `n` of them: how many were granted. */
async function granted(pools: Kysely<Database>[], userId: string, now: number, n = 8): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, k) => claimDigest(pools[k % pools.length]!, userId, now)),
  );
  return answers.filter(Boolean).length;
}

describe('the digest claim on SQLite', () => {
  it('claims made at once grant one digest a day; none for a player who did not choose it', async () => {
    const db = await freshDatabase('sqlite');
    await player(db, 'ann', true);
    await player(db, 'bob', false);
    expect(await granted([db], 'ann', NOW)).toBe(1);
    expect(await granted([db], 'ann', NOW + DIGEST_EVERY_MS - 1)).toBe(0);
    expect(await granted([db], 'ann', NOW + DIGEST_EVERY_MS)).toBe(1);
    expect(await granted([db], 'bob', NOW)).toBe(0);
  });

  it('a claim given back (its e-mail not sent) can be made again; a later claim is not given back by an earlier look', async () => {
    const db = await freshDatabase('sqlite');
    await player(db, 'ann', true);
    expect(await claimDigest(db, 'ann', NOW)).toBe(true);
    await unclaimDigest(db, 'ann', NOW, null);
    expect(await claimDigest(db, 'ann', NOW + 1)).toBe(true);
    // The look of NOW gives back only its own claim: the one of NOW + 1 stays.
    await unclaimDigest(db, 'ann', NOW, null);
    expect(await claimDigest(db, 'ann', NOW + 2)).toBe(false);
  });
});

describe.skipIf(lacking('postgres'))('the digest claim on PostgreSQL, two connection pools', () => {
  it('claims made at once through both pools grant exactly one digest, and one the next day', async () => {
    const first = (await postgres.openProcessStore()).db;
    const second = (await postgres.openProcessStore()).db;
    await player(first, 'ann', true);
    expect(await granted([first, second], 'ann', NOW, 16)).toBe(1);
    expect(await granted([second, first], 'ann', NOW + 3600_000, 16)).toBe(0);
    expect(await granted([first, second], 'ann', NOW + DIGEST_EVERY_MS, 16)).toBe(1);
  });
});
