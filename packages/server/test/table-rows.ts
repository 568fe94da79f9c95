/** The rows the storage tests write on, inserted straight into a migrated database. */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

/** Stores user `u` and a 2-player New York table `t` it hosts, at version 0 with `status`, and no bot driving it. */
export async function insertUserAndTable(db: Kysely<Database>, status: 'open' | 'playing'): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: 'u', name: 'u', name_key: 'u', password_hash: null, created_at: 0, bot_level: null })
    .execute();
  await db
    .insertInto('tables')
    .values({
      id: 't',
      game: 'nyny',
      players: 2,
      options: '{}',
      host_id: 'u',
      status,
      version: 0,
      result: null,
      created_at: 0,
      started_at: null,
      finished_at: null,
      bot_driver: null,
      bot_lease_until: null,
    })
    .execute();
}
