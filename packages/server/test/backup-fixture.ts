/**
 * A small community's database for the backup tests: people and a guest, games finished by their rules, resigned,
 * aborted and in play, an open table, chat lines, ratings and their history, a tournament, an address noted during a
 * game in play, a known sign-in and a session, and moderation (an admin, a mute, a ban and its address, a report, a
 * hidden line, their audit log), a follow, a block and an invitation — a row in every table, played through the server's table service and moderation.
 * And what a database holds, table by table, to compare two of them.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { catalogue, type Dialect } from '../src/backup/catalogue.js';
import { LEFT_OUT_TABLES } from '../src/backup/format.js';
import type { Store } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { setRole } from '../src/moderation/roles.js';
import { Moderation } from '../src/moderation/service.js';
import { TableDispatcher } from '../src/tables/dispatcher.js';
import { TablePublisher } from '../src/tables/publisher.js';
import {
  command,
  guest,
  playOpening,
  playToEnd,
  registered,
  serviceOn,
  startedTable,
} from './rating-games.js';

/** Plays the community into `store` (migrated, empty); `rounds` of four games each. */
export async function playCommunity(store: Store, rounds = 1): Promise<void> {
  const { service, accounts } = serviceOn(store);
  const [ann, bob, cat] = [
    await registered(accounts),
    await registered(accounts),
    await registered(accounts),
  ];
  const dan = await guest(accounts);
  await service.say(ann, null, 'hello, lobby — « bonjour » 🏙');
  let luck: string | undefined;
  for (let round = 0; round < rounds; round++) {
    const seed = round * 4;
    // Finished by its rules, rated: ann and bob.
    const finished = await startedTable(service, [ann, bob]);
    luck ??= (await service.say(bob, finished, 'good luck')).ack.id;
    await playToEnd(service, finished, seed + 1);
    // Its review by the bots (migration 015), as the review service stores one.
    await store.db
      .insertInto('reviews')
      .values({
        table_id: finished,
        status: 'done',
        done: 0,
        total: 0,
        result: JSON.stringify({ moves: [], seats: [] }),
        requested_by: ann.id,
        created_at: Date.now(),
        runner: 'p-fixture',
        heartbeat: Date.now(),
      })
      .execute();
    // Three seats: two resign after the opening, which ends the game (rated).
    const resigned = await startedTable(service, [bob, cat, ann]);
    await playOpening(service, resigned, seed + 2);
    await command(service, bob, resigned, { name: 'resign' });
    await command(service, cat, resigned, { name: 'resign' });
    // Aborted before every seat played its opening (unrated); a guest sits at it.
    const aborted = await startedTable(service, [cat, dan]);
    await command(service, dan, aborted, { name: 'abort' });
    // Still being played.
    const playing = await startedTable(service, [dan, ann]);
    await playOpening(service, playing, seed + 4);
    // Kept while the game is played (deleted at its end).
    await service.noteAddress(playing, ann, '203.0.113.7');
  }
  // Open, nobody else seated; private (migration 014).
  const open = (await service.create(bob, { game: 'nyny', players: 4, private: true })).ack;
  const now = Date.now();
  await store.db
    .insertInto('tournaments')
    .values({
      id: 'tourney1',
      name: 'Spring cup',
      game: 'nyny',
      options: '{}',
      seats_per_table: 2,
      clock: null,
      rounds: 2,
      format: 'swiss',
      duplicate: 0,
      rated: 1,
      max_players: 8,
      starts_at: now + 86_400_000,
      organiser_id: ann.id,
      status: 'open',
      round: 0,
      winner_id: null,
      driver: null,
      lease_until: null,
      created_at: now,
      started_at: null,
      finished_at: null,
    })
    .execute();
  await store.db
    .insertInto('tournament_players')
    .values([
      { tournament_id: 'tourney1', user_id: ann.id, registered_at: now },
      { tournament_id: 'tourney1', user_id: bob.id, registered_at: now + 1 },
    ])
    .execute();
  await store.db
    .insertInto('tournament_rounds')
    .values({
      tournament_id: 'tourney1',
      round: 1,
      seed: 12345,
      deal: null,
      byes: '[]',
      status: 'playing',
      started_at: now,
      finished_at: null,
    })
    .execute();
  const table = await store.db
    .selectFrom('tables')
    .select('id')
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto('tournament_tables')
    .values({
      tournament_id: 'tourney1',
      round: 1,
      table_index: 0,
      table_id: table.id,
      players: JSON.stringify([ann.id, bob.id]),
    })
    .execute();
  await store.db
    .insertInto('known_sign_ins')
    .values({ user_id: ann.id, key: `device:${'ab'.repeat(32)}`, last_used_at: now })
    .execute();
  // Moderation: ann is made admin from the command line; dan reports bob's line, which ann hides; ann mutes dan and
  // bans eve, a guest seen at one address (her session ends: the others' stay).
  await setRole(store.db, ann.name, 'admin', null, 'founder');
  const moderation = new Moderation({
    db: store.db,
    accounts,
    service,
    tables: new TableDispatcher(new TablePublisher()),
    effects: {
      endUser: () => undefined,
      addressesOf: () => Promise.resolve(['198.51.100.9']),
      chatHidden: () => undefined,
    },
    reportsPerDay: 10,
  });
  await moderation.report(dan, { chatId: luck, reason: 'other', note: 'not lucky' });
  await moderation.hide(ann, luck as string, 'a test of hiding');
  await moderation.mute(ann, dan.name, 60, 'a test of muting');
  const eve = await guest(accounts);
  await moderation.ban(ann, eve.name, { days: 3 }, 'a test of banning');
  // E-mail: ann has a confirmed address and a reminder delay, bob a link waiting; one limit counted; one reminder sent.
  await store.db
    .updateTable('users')
    .set({ email: 'ann@example.org', language: 'fr', remind_after_minutes: 60 })
    .where('id', '=', ann.id)
    .execute();
  await store.db
    .insertInto('email_tokens')
    .values({
      id: 'tok1',
      secret_hash: 'cd'.repeat(32),
      user_id: bob.id,
      purpose: 'confirm',
      email: 'bob@example.org',
      created_at: now,
      expires_at: now + 3_600_000,
    })
    .execute();
  await store.db
    .insertInto('email_counts')
    .values({ key: `email_address:${'ef'.repeat(16)}`, window_start: now, count: 1 })
    .execute();
  await store.db
    .insertInto('reminders_sent')
    .values({ table_id: table.id, user_id: ann.id, waiting_since: now - 7_200_000, sent_at: now })
    .execute();
  // Friends (migration 014): ann follows bob, cat blocked dan, bob invited cat to his open table.
  await store.db
    .insertInto('follows')
    .values({ follower_id: ann.id, followee_id: bob.id, created_at: now })
    .execute();
  await store.db
    .insertInto('blocks')
    .values({ blocker_id: cat.id, blocked_id: dan.id, created_at: now })
    .execute();
  await store.db
    .insertInto('invitations')
    .values({
      id: 'inv1',
      table_id: open.id,
      from_id: bob.id,
      to_id: cat.id,
      secret_hash: null,
      created_at: now,
      expires_at: now + 3_600_000,
      used_at: null,
    })
    .execute();
  // "Play now" (migrations 016, 020): dan waits for a two-seat New York, New York, bots after a minute, asking 60%.
  await store.db
    .insertInto('play_queue')
    .values({
      user_id: dan.id,
      name: dan.name,
      registered: 0,
      game: 'nyny',
      players: 2,
      bots_after_ms: 60_000,
      bot_level: 'greedy',
      rating: 1500,
      joined_at: now,
      seen_at: now,
      table_id: null,
      matched_at: null,
      match_players: null,
      match_bots: null,
      reliability_floor: 60,
      reliability_share: null,
    })
    .execute();
}

export type Contents = Record<string, unknown[]>;

/** The tables of `contents` that hold rows, by name. */
export function tablesWithRows(contents: Contents): string[] {
  return Object.entries(contents)
    .filter(([, rows]) => rows.length > 0)
    .map(([table]) => table)
    .sort();
}

/**
 * Every row of every table a backup holds (the database's own list of tables: sessions and the migration tables left
 * out), each table's rows sorted, so that a SQLite and a PostgreSQL database holding the same rows compare equal.
 */
export async function contentsOf(db: Kysely<Database>, dialect: Dialect): Promise<Contents> {
  const query = async (text: string, params: unknown[] = []) =>
    (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
  const contents: Contents = {};
  for (const table of await catalogue(dialect, query)) {
    if (LEFT_OUT_TABLES.includes(table.name)) continue;
    const rows = await query(`select * from "${table.name}"`);
    contents[table.name] = rows
      .map((row) => Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return contents;
}
