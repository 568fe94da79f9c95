import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { nameSkeleton } from '../names.js';
import { ADDRESS_KEY, MAIL_KEY, newAddressKey } from './secrets.js';

/**
 * The numbered migrations. Written with Kysely's schema builder and portable types only, so that the same migrations
 * run on SQLite and on PostgreSQL. Never edit a migration that has shipped: add the next number.
 */
const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tables')
        .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('host_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('tables_status').on('tables').column('status').execute();
      await db.schema
        .createTable('seats')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addPrimaryKeyConstraint('seats_pk', ['table_id', 'seat'])
        .addUniqueConstraint('seats_one_per_user', ['table_id', 'user_id'])
        .execute();
      await db.schema.createIndex('seats_user').on('seats').column('user_id').execute();
      await db.schema
        .createTable('moves')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('client_id', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('moves_pk', ['table_id', 'seq'])
        .execute();
      await db.schema
        .createTable('chat')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('table_id', 'varchar(16)')
        .addColumn('user_id', 'varchar(32)')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_table').on('chat').columns(['table_id', 'created_at']).execute();
    },
  },
  '002_table_revision': {
    // Every change to a table (seats, options, host, status, moves) bumps its revision: a process that holds the
    // table in memory compares revisions to know when another process has changed it.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tables')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '003_bots': {
    // Bots are users with a level; a table's bots are driven by one process at a time, which holds a lease.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('bot_level', 'varchar(16)').execute();
      await db.schema.alterTable('tables').addColumn('bot_driver', 'varchar(32)').execute();
      await db.schema.alterTable('tables').addColumn('bot_lease_until', 'bigint').execute();
    },
  },
  '004_hardening': {
    // Sessions expire a while after their last use; tables that cannot be loaded are quarantined; names are unique by
    // their skeleton (look-alike characters folded, see names.ts) instead of by their lower case.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.alterTable('tables').addColumn('broken', 'text').execute();
      const people = await sql<{ id: string; name: string }>`
        select id, name from users where bot_level is null order by created_at, id`.execute(db);
      // First a key no name has, so that no update below meets a key that is about to change.
      await sql`update users set name_key = ${'#'} || id where bot_level is null`.execute(db);
      const keys = new Set<string>();
      for (const { id, name } of people.rows) {
        // Two names already stored that fold to one skeleton: the older keeps it, the newer keeps its own key (so
        // both can still sign in), and no new name can take either.
        let key = nameSkeleton(name);
        if (keys.has(key)) key = name.toLowerCase();
        keys.add(key);
        await sql`update users set name_key = ${key} where id = ${id}`.execute(db);
      }
    },
  },
  '005_clocks': {
    // Clocks and absent players. A table's clock setting and each seat's clock (`clocks/clocks.ts`: a deadline while
    // it runs, the time left while it stands), with the earliest deadline indexed for the time-out keeper; the bot
    // level that stands in for absent or resigned players; per seat, the bot standing in for its player and the log
    // version at which the player resigned.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tables').addColumn('clock', 'text').execute();
      await db.schema.alterTable('tables').addColumn('clocks', 'text').execute();
      await db.schema.alterTable('tables').addColumn('deadline', 'bigint').execute();
      await db.schema.alterTable('tables').addColumn('stand_in', 'varchar(16)').execute();
      await db.schema.createIndex('tables_deadline').on('tables').column('deadline').execute();
      await db.schema.alterTable('seats').addColumn('stand_in', 'varchar(16)').execute();
      await db.schema.alterTable('seats').addColumn('resigned_at', 'integer').execute();
    },
  },
  '006_ratings': {
    // Ratings per player per game (Weng-Lin, `ratings/model.ts`), their history for charts and end screens, and the
    // table setting `rated`. Independent of 005 (clocks): it touches only its own columns and tables.
    async up(db: Kysely<unknown>) {
      // null: not said by the host (rated unless bots sit at the table, see `ratings/rules.ts`); 1 on; 0 off.
      await db.schema.alterTable('tables').addColumn('rated', 'integer').execute();
      // The order in which rated games were rated (null: not rated): ratings are a function of the games in it.
      await db.schema.alterTable('tables').addColumn('rated_seq', 'integer').execute();
      // Only a game that ended after a player registered rates that player; a recompute asks the same question.
      await db.schema.alterTable('users').addColumn('registered_at', 'bigint').execute();
      await sql`update users set registered_at = created_at where password_hash is not null`.execute(db);
      await db.schema
        .createTable('ratings')
        // A user's id, or `bot:LEVEL`: bots are rated per level, not per seat.
        .addColumn('player_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('mu', 'double precision', (c) => c.notNull())
        .addColumn('sigma', 'double precision', (c) => c.notNull())
        // mu - 3 sigma, kept as a column so that a leaderboard is one indexed query.
        .addColumn('ordinal', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ratings_pk', ['player_id', 'game'])
        .execute();
      await db.schema.createIndex('ratings_board').on('ratings').columns(['game', 'ordinal']).execute();
      await db.schema
        .createTable('rating_history')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('player_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        // 1 = first; ties share a place; a bot level seated twice plays once, at its average place.
        .addColumn('place', 'double precision', (c) => c.notNull())
        .addColumn('mu_before', 'double precision', (c) => c.notNull())
        .addColumn('sigma_before', 'double precision', (c) => c.notNull())
        .addColumn('mu', 'double precision', (c) => c.notNull())
        .addColumn('sigma', 'double precision', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_history_pk', ['table_id', 'player_id'])
        .execute();
      await db.schema
        .createIndex('rating_history_player')
        .on('rating_history')
        .columns(['player_id', 'game', 'seq'])
        .execute();
      // One row: the last `rated_seq` given. Taking the next one locks the row, so rated game endings happen one
      // after another even with several processes (no lost update of a player's rating; a reproducible order).
      await db.schema
        .createTable('rating_sequence')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into rating_sequence (id, last) values (1, 0)`.execute(db);
    },
  },
  '007_chat_words': {
    // The lines a table says in its chat keep their code and parameters (packages/protocol/src/refusals.ts), so that
    // each client says them in its player's language; older lines have only their English text.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat').addColumn('words', 'text').execute();
    },
  },
  '008_tournaments': {
    // Tournaments (`tournaments/`): their settings and the lease of the process that drives them (as the bot lease),
    // who registered, each round (its seed and, in duplicate mode, its deal), and each round's tables. A table opened
    // by a tournament names it, and a table of a duplicate round keeps its deal (seed, table number, chance moves).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('seats_per_table', 'integer', (c) => c.notNull())
        .addColumn('clock', 'text')
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('format', 'varchar(16)', (c) => c.notNull())
        .addColumn('duplicate', 'integer', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('max_players', 'integer', (c) => c.notNull())
        // null: starts when full.
        .addColumn('starts_at', 'bigint')
        .addColumn('organiser_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        // open (registration), running, finished, cancelled.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('winner_id', 'varchar(32)')
        .addColumn('driver', 'varchar(40)')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('tournaments_status').on('tournaments').column('status').execute();
      await db.schema
        .createTable('tournament_players')
        .addColumn('tournament_id', 'varchar(16)', (c) => c.notNull().references('tournaments.id'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_players_pk', ['tournament_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('tournament_rounds')
        .addColumn('tournament_id', 'varchar(16)', (c) => c.notNull().references('tournaments.id'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        // JSON: the round's deal (`RoundDeal`), null when not duplicate.
        .addColumn('deal', 'text')
        // JSON: player ids with a bye.
        .addColumn('byes', 'text', (c) => c.notNull())
        // playing, over.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addPrimaryKeyConstraint('tournament_rounds_pk', ['tournament_id', 'round'])
        .execute();
      await db.schema
        .createTable('tournament_tables')
        .addColumn('tournament_id', 'varchar(16)', (c) => c.notNull().references('tournaments.id'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('table_index', 'integer', (c) => c.notNull())
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().unique())
        // JSON: player ids by seat.
        .addColumn('players', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_tables_pk', ['tournament_id', 'round', 'table_index'])
        .execute();
      await db.schema.alterTable('tables').addColumn('tournament_id', 'varchar(16)').execute();
      await db.schema.alterTable('tables').addColumn('deal', 'text').execute();
    },
  },
  '010_rating_rules': {
    // What the rules of rated games read (`ratings/ended.ts`), stored so that `skyline ratings recompute` decides as
    // the live rating did: each seat's own moves up to the game's opening (`ratings/opening.ts`; null for the seats
    // taken before, which are not counted), the seats' addresses as keyed hashes while a game is played
    // (`ratings/addresses.ts`: deleted at its end, when the pairs of seats that shared one are written on the table),
    // why seats or pairs were left out of a game's rating, and the pairs of people rated against each other (for the
    // daily limit). Touches only its own columns and tables.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('seats')
        .addColumn('own_moves', 'integer', (c) => c.defaultTo(0))
        .execute();
      await sql`update seats set own_moves = null`.execute(db);
      await db.schema.alterTable('tables').addColumn('same_address', 'text').execute();
      await db.schema.alterTable('tables').addColumn('rating_notes', 'text').execute();
      await db.schema
        .createTable('table_addresses')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('address_hash', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('table_addresses_pk', ['table_id', 'user_id', 'address_hash'])
        .execute();
      await db.schema
        .createTable('rated_pairs')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('player_a', 'varchar(40)', (c) => c.notNull())
        .addColumn('player_b', 'varchar(40)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rated_pairs_pk', ['table_id', 'player_a', 'player_b'])
        .execute();
      await db.schema
        .createIndex('rated_pairs_players')
        .on('rated_pairs')
        .columns(['player_a', 'player_b', 'at'])
        .execute();
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into server_secrets (name, value) values (${ADDRESS_KEY}, ${newAddressKey()})`.execute(
        db,
      );
    },
  },
  '011_known_sign_ins': {
    // The browsers (a random token's hash, from a cookie) and the addresses (hashed) an account signed in from
    // successfully: the owner still signs in from them while wrong passwords from elsewhere lock the name (`sign-in.ts`).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('known_sign_ins')
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('key', 'varchar(80)', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_sign_ins_pk', ['user_id', 'key'])
        .execute();
    },
  },
  '012_accounts_email': {
    // E-mail (`mail/`): an optional address per account — the confirmed one (unique: reset links and reminders go
    // there) and one waiting for its link to be opened —, the language of the e-mails and the delay before a reminder
    // (null: none); single-use links (only a hash of each secret is kept; one live link per account and purpose); the
    // counts of e-mails sent per address, account and client address (limits kept in the database, so that a restart
    // or a second process multiplies none); the wait each reminder was sent for (one per game per wait); the browser
    // each session was opened from (the settings page lists them); the key that signs unsubscribe links.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email', 'varchar(254)').execute();
      await db.schema.alterTable('users').addColumn('email_pending', 'varchar(254)').execute();
      await db.schema.alterTable('users').addColumn('language', 'varchar(8)').execute();
      await db.schema.alterTable('users').addColumn('remind_after_minutes', 'integer').execute();
      // Unique among confirmed addresses only: several accounts may wait for the same address (one confirms it).
      await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
      await db.schema.alterTable('sessions').addColumn('agent', 'varchar(60)').execute();
      await db.schema
        .createTable('email_tokens')
        .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
        // SHA-256 of the link's secret (hex); the secret itself is only in the e-mail.
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        // `confirm` (the address it confirms) or `reset` (the address it was sent to).
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('email_tokens_one_per_purpose', ['user_id', 'purpose'])
        .execute();
      await db.schema
        .createTable('email_counts')
        // The kind of limit and a keyed hash of what is counted (`mail/counters.ts`).
        .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('reminders_sent')
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        // When the wait the reminder was about began (the seat's clock started): a later wait is another reminder.
        .addColumn('waiting_since', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_sent_pk', ['table_id', 'user_id'])
        .execute();
      await sql`insert into server_secrets (name, value) values (${MAIL_KEY}, ${newAddressKey()})`.execute(
        db,
      );
    },
  },
  '013_moderation': {
    // Moderation (`moderation/`): people's roles; the audit log of every moderation action (who, what, to whom, when,
    // why, and what else it did, as JSON); mutes and bans, with the addresses a ban covers (keyed hashes, as
    // `address-hashes.ts` makes them) and the address each session was opened from (so that a ban finds a guest's);
    // chat lines hidden by a moderator (the text is kept for the audit, and shown to nobody); players' reports with
    // their context. Touches only its own columns and tables.
    async up(db: Kysely<unknown>) {
      // null: a player; `moderator` or `admin`.
      await db.schema.alterTable('users').addColumn('role', 'varchar(16)').execute();
      await db.schema.alterTable('sessions').addColumn('address_hash', 'varchar(32)').execute();
      await db.schema.alterTable('chat').addColumn('hidden_at', 'bigint').execute();
      await db.schema.alterTable('chat').addColumn('hidden_by', 'varchar(32)').execute();
      await db.schema
        .createTable('moderation_log')
        // Time-ordered (`timeId`): the log reads newest first by its id.
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        // null: the command line (`skyline admin`).
        .addColumn('actor_id', 'varchar(32)')
        .addColumn('actor_name', 'varchar(40)')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_user_id', 'varchar(32)')
        .addColumn('target_table_id', 'varchar(16)')
        .addColumn('target_chat_id', 'varchar(24)')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_log_target')
        .on('moderation_log')
        .columns(['target_user_id', 'id'])
        .execute();
      await db.schema
        .createTable('mutes')
        .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id'))
        .addColumn('until', 'bigint', (c) => c.notNull())
        .addColumn('by_id', 'varchar(32)')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('bans')
        .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id'))
        // null: without end.
        .addColumn('until', 'bigint')
        .addColumn('by_id', 'varchar(32)')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ban_addresses')
        .addColumn('address_hash', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addPrimaryKeyConstraint('ban_addresses_pk', ['address_hash', 'user_id'])
        .execute();
      await db.schema
        .createTable('reports')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('reporter_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('target_user_id', 'varchar(32)')
        .addColumn('chat_id', 'varchar(24)')
        .addColumn('table_id', 'varchar(16)')
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('note', 'text')
        // JSON: the lines around the reported one (or the player's last lines) and the table, as they were.
        .addColumn('context', 'text', (c) => c.notNull())
        // open, actioned, dismissed.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_by', 'varchar(32)')
        .addColumn('resolved_at', 'bigint')
        .addColumn('resolution', 'text')
        .execute();
      await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
      await db.schema
        .createIndex('reports_reporter')
        .on('reports')
        .columns(['reporter_id', 'created_at'])
        .execute();
      await db.schema.createIndex('reports_target').on('reports').columns(['target_user_id', 'id']).execute();
      // A player reports a chat line once (player reports have no line: NULLs never collide).
      await db.schema
        .createIndex('reports_line_once')
        .on('reports')
        .columns(['reporter_id', 'chat_id'])
        .unique()
        .execute();
    },
  },
  '014_friends': {
    async up(db: Kysely<unknown>) {
      // Null: the player may be followed, and is sent no invitation by e-mail.
      await db.schema.alterTable('users').addColumn('refuses_follows', 'integer').execute();
      await db.schema.alterTable('users').addColumn('invitations_by_mail', 'integer').execute();
      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('followee_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .execute();
      await db.schema.createIndex('follows_followee').on('follows').column('followee_id').execute();
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('blocked_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .execute();
      await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();
      // Null: a table of the lobby. 1: private (not listed; joined by invitation or link).
      await db.schema.alterTable('tables').addColumn('private', 'integer').execute();
      // Who may watch a private table: null or `anyone`, or `invited` (its seats and the people invited).
      await db.schema.alterTable('tables').addColumn('spectators', 'varchar(16)').execute();
      // The table this one plays again ("Play again"), and whether its host lets bots fill the seats left.
      await db.schema.alterTable('tables').addColumn('again_of', 'varchar(16)').execute();
      await db.schema.alterTable('tables').addColumn('again_bots', 'integer').execute();
      // One table plays a finished one again: two players asking at once get the same (NULLs never collide).
      await db.schema.createIndex('tables_again_of').on('tables').column('again_of').unique().execute();
      await db.schema
        .createTable('invitations')
        // Time-ordered (`timeId`); a link's public part.
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('table_id', 'varchar(16)', (c) => c.notNull().references('tables.id'))
        .addColumn('from_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
        // The invited player; for a link, null until someone opens it.
        .addColumn('to_id', 'varchar(32)', (c) => c.references('users.id'))
        // A link's secret, as SHA-256 (hex); null for an invitation of a named player.
        .addColumn('secret_hash', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        // When a link was opened (single use), or when the invited player declined.
        .addColumn('used_at', 'bigint')
        .execute();
      // A player is invited to a table once (links, with no player, never collide: NULLs are distinct).
      await db.schema
        .createIndex('invitations_once')
        .on('invitations')
        .columns(['table_id', 'to_id'])
        .unique()
        .execute();
      await db.schema.createIndex('invitations_to').on('invitations').columns(['to_id', 'id']).execute();
      await db.schema
        .createIndex('invitations_from')
        .on('invitations')
        .columns(['from_id', 'created_at'])
        .execute();
    },
  },
  '015_reviews': {
    // Reviews of finished games by the bots (`reviews/`): one per game, shared by everyone who asks; its progress
    // (decisions reviewed of the total) kept as it runs, so that a reload shows it and another process can take over
    // a review whose process stopped (its heartbeat stale). The review itself is JSON, once done.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reviews')
        .addColumn('table_id', 'varchar(16)', (c) => c.primaryKey().references('tables.id'))
        // queued, running, done, failed.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('requested_by', 'varchar(32)', (c) => c.references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // The process running it, and when it last said so.
        .addColumn('runner', 'varchar(64)')
        .addColumn('heartbeat', 'bigint')
        .execute();
      await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'heartbeat']).execute();
    },
  },
  '016_play_queue': {
    // "Play now" (`queue/`): the players waiting for a table, one row each (the key: one wait per player at a time),
    // kept in the database so that every process matches from the same queue and a restart loses no one. A match
    // claims its rows with one conditional update (`table_id` still null), so that it is made once.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('play_queue')
        .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id'))
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('registered', 'integer', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        // The seat count asked for; null: any the game allows.
        .addColumn('players', 'integer')
        // Milliseconds of waiting after which bots may fill the table; null: never.
        .addColumn('bots_after_ms', 'integer')
        .addColumn('bot_level', 'varchar(16)', (c) => c.notNull())
        // The shown rating in the game when the player joined (1500 for a new player).
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        // The last time a process saw a connection of the player (the heartbeat): a stale row leaves the queue.
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        // Once matched: the table made (its id chosen before it exists, so that a restart can finish making it),
        // when, its seat count, and the level of the bots filling it (null: no bots).
        .addColumn('table_id', 'varchar(16)')
        .addColumn('matched_at', 'bigint')
        .addColumn('match_players', 'integer')
        .addColumn('match_bots', 'varchar(16)')
        .execute();
      await db.schema
        .createIndex('play_queue_waiting')
        .on('play_queue')
        .columns(['table_id', 'game'])
        .execute();
    },
  },
  '017_player_settings': {
    // A registered player's way of playing, kept with the account so that it follows the player to every browser
    // (`play-settings.ts`): whether moves wait for a confirmation (1 on, 0 off; null: never chosen, which is on).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('confirm_moves', 'integer').execute();
    },
  },
  '018_reliability_floor': {
    // The least reliability share (percent, one of the protocol's RELIABILITY_FLOORS) a player needs to sit at a table
    // or register for a tournament (`ratings/reliability.ts`); null: none asked.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tables').addColumn('reliability_floor', 'integer').execute();
      await db.schema.alterTable('tournaments').addColumn('reliability_floor', 'integer').execute();
    },
  },
  '019_reminder_digest': {
    // The daily digest of the games awaiting the player (`mail/digest.ts`), an alternative to the reminder per game:
    // 1 when chosen (null: not), and when the last one was sent. A process sends one only after claiming it by one
    // conditional update of `digest_sent_at`, so that two processes never both send the day's.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('reminder_digest', 'integer').execute();
      await db.schema.alterTable('users').addColumn('digest_sent_at', 'bigint').execute();
    },
  },
  '020_queue_reliability': {
    // "Play now" with a reliability floor (`queue/matching.ts`): the least share the player asks of the others (null:
    // none), and the player's own share when they joined (null: a guest, or fewer counted games than a share needs).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('play_queue').addColumn('reliability_floor', 'integer').execute();
      await db.schema.alterTable('play_queue').addColumn('reliability_share', 'integer').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** SQLite settings for a server that must never lose an acknowledged move. */
export async function tuneSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma journal_mode = wal`.execute(db);
  await sql`pragma synchronous = normal`.execute(db);
  await sql`pragma foreign_keys = on`.execute(db);
  await sql`pragma busy_timeout = 5000`.execute(db);
}
