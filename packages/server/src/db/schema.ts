import type { Generated } from 'kysely';

/** The database, as Kysely sees it. Changes go through numbered migrations (`migrations.ts`). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  tables: TablesTable;
  seats: SeatsTable;
  moves: MovesTable;
  chat: ChatTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  rating_sequence: RatingSequenceTable;
  tournaments: TournamentsTable;
  tournament_players: TournamentPlayersTable;
  tournament_rounds: TournamentRoundsTable;
  tournament_tables: TournamentTablesTable;
  table_addresses: TableAddressesTable;
  rated_pairs: RatedPairsTable;
  server_secrets: ServerSecretsTable;
  known_sign_ins: KnownSignInsTable;
  email_tokens: EmailTokensTable;
  email_counts: EmailCountsTable;
  reminders_sent: RemindersSentTable;
  moderation_log: ModerationLogTable;
  mutes: MutesTable;
  bans: BansTable;
  ban_addresses: BanAddressesTable;
  reports: ReportsTable;
  reviews: ReviewsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  invitations: InvitationsTable;
  play_queue: PlayQueueTable;
}

export interface UsersTable {
  id: string;
  name: string;
  /**
   * The name's skeleton (`names.ts`: lower case, look-alike characters folded): names are unique by it (migration 004;
   * before, the name in lower case). A bot's is its name.
   */
  name_key: string;
  /** scrypt hash (`scrypt$N$r$p$salt$hash`, base64), or null for a guest. */
  password_hash: string | null;
  created_at: number;
  /** The bot's level, or null for a person (migration 003). */
  bot_level: string | null;
  /** When the name was registered (a password set), or null for a guest or a bot (migration 006). */
  registered_at: number | null;
  /** The confirmed e-mail address, in lower case, unique (migration 012); null: none. */
  email?: string | null;
  /** An address waiting for its confirmation link to be opened (migration 012). */
  email_pending?: string | null;
  /** The language of the e-mails sent to the account, `en` or `fr` (migration 012); null: English. */
  language?: string | null;
  /** Minutes a game with a clock waits for the player before a reminder is e-mailed; null: none (migration 012). */
  remind_after_minutes?: number | null;
  /** 1: a daily digest of the games awaiting the player instead of a reminder per game; null: none (migration 019). */
  reminder_digest?: number | null;
  /** When the last digest was sent (ms since the epoch), or null (migration 019, `mail/digest.ts`). */
  digest_sent_at?: number | null;
  /** `moderator` or `admin`, or null for a player (migration 013, `moderation/roles.ts`). */
  role?: string | null;
  /** 1: nobody may follow the player (migration 014, `friends/`); null: anyone not blocked may. */
  refuses_follows?: number | null;
  /** 1: invitations are e-mailed to the confirmed address too (migration 014); null: not. */
  invitations_by_mail?: number | null;
  /** 0: the player's moves are sent at once; 1 or null (never chosen): confirmed first (migration 017). */
  confirm_moves?: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the session token (the cookie holds the token itself). */
  token_hash: string;
  user_id: string;
  created_at: number;
  /** When the session was last used (renewed at most hourly): it expires `SESSION_DAYS` later (migration 004). */
  last_seen_at: number | null;
  /** The browser and system it was opened from, in a few words ("Firefox · Linux"), or null (migration 012). */
  agent?: string | null;
  /** The keyed hash of the address the session was opened from (`address-hashes.ts`), for bans (migration 013). */
  address_hash?: string | null;
}

export interface TablesTable {
  id: string;
  game: string;
  players: number;
  /** JSON of the options as the host set them. */
  options: string;
  host_id: string;
  /** `open` (seating), `playing`, `over`. */
  status: string;
  /** Log entries stored: the table's version. */
  version: number;
  /** Bumped by every change to the table (see migration 002). */
  revision: Generated<number>;
  /** The process that plays the table's bots, and until when its claim holds (migration 003). */
  bot_driver: string | null;
  bot_lease_until: number | null;
  /**
   * Why the stored table cannot be loaded (its log no longer replays, its options no longer parse), or null: a broken
   * table is quarantined — left out of the lobby and of "my games" — instead of breaking the pages that list it
   * (migration 004).
   */
  broken: string | null;
  /** JSON of the clock setting (`ClockSetting`), or null for no clock (migration 005). */
  clock: string | null;
  /** JSON of each seat's clock (`Clocks`) while a game with a clock is played (migration 005). */
  clocks: string | null;
  /** The earliest running clock's deadline (ms since the epoch), for the time-out keeper; null when none runs. */
  deadline: number | null;
  /** The bot level that plays for absent or resigned players (null: greedy) (migration 005). */
  stand_in: string | null;
  /** JSON of the final result once over (status, or who resigned). */
  result: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The host's `rated` setting: 1 on, 0 off, null not said (see `ratings/rules.ts`) (migration 006). */
  rated: number | null;
  /** The place of this game in the order games were rated, or null if it was not rated (migration 006). */
  rated_seq: number | null;
  /** The tournament that opened the table, or null (migration 008). */
  tournament_id?: string | null;
  /** JSON of the table's duplicate deal (`{seed, table, chances}`), or null: chance moves drawn fresh (migration 008). */
  deal?: string | null;
  /**
   * JSON of the pairs of seats whose players shared an address at some time during the game (`[[0, 1]]`), written
   * when the game ends (`ratings/addresses.ts`); null for a game not over, or over before migration 010.
   */
  same_address?: string | null;
  /** JSON of why seats or pairs were left out of the game's rating (`RatingNote[]`, `ratings/ended.ts`) (migration 010). */
  rating_notes?: string | null;
  /** 1: a private table, not listed in the lobby, joined by invitation or link (migration 014); null: listed. */
  private?: number | null;
  /** Who may watch a private table: `invited` (its seats and the people invited), or null/`anyone` (migration 014). */
  spectators?: string | null;
  /** The finished table this one plays again (migration 014, `friends/again.ts`), or null. */
  again_of?: string | null;
  /** 1: bots fill the seats of a table played again that nobody took when it starts (migration 014). */
  again_bots?: number | null;
  /** The least reliability share (percent) a player needs to sit down, or null: none (migration 018). */
  reliability_floor?: number | null;
}

export interface SeatsTable {
  table_id: string;
  seat: number;
  user_id: string;
  /** The level of the bot playing for this seat's player (timed out, resigned, claimed), or null (migration 005). */
  stand_in?: string | null;
  /** The log version at which this seat's player resigned, or null (migration 005). */
  resigned_at?: number | null;
  /**
   * How much of the game's opening (`ratings/opening.ts`) the seat's player played themselves (not a bot standing in):
   * its counted moves, a move that ends its round counting for the whole opening; counted until it reaches the
   * opening's least number (only whether it did matters). Null for a seat taken before migration 010 (not counted:
   * such a seat is not held to the rule) (migration 010).
   */
  own_moves?: number | null;
}

export interface MovesTable {
  table_id: string;
  /** The entry's index in the game log (0-based); unique per table. */
  seq: number;
  /** JSON of the log entry: `{"chance": ...}` or `{"seat": N, "move": ...}`. */
  entry: string;
  /** The client-chosen id of a seat's move, for answering a repeated send with the original result. */
  client_id: string | null;
  created_at: number;
}

export interface ChatTable {
  /** Time-ordered id made by the server. */
  id: string;
  /** null for the lobby. */
  table_id: string | null;
  user_id: string | null;
  /** What was said; for a line the table says, its English text. */
  text: string;
  /** A line the table says: its code and parameters in the protocol's catalogue, as JSON (migration 005). */
  words: string | null;
  created_at: number;
  /** When a moderator hid the line, and who (migration 013): kept for the audit, shown to nobody. */
  hidden_at?: number | null;
  hidden_by?: string | null;
}

/** A player's rating in one game (migration 006). */
export interface RatingsTable {
  /** A user's id, or `bot:LEVEL` (bots are rated per level). */
  player_id: string;
  game: string;
  mu: number;
  sigma: number;
  /** mu - 3 sigma: what is shown, and what leaderboards sort by. */
  ordinal: number;
  games: number;
  updated_at: number;
}

/** One player's rating before and after one rated game (migration 006). */
export interface RatingHistoryTable {
  table_id: string;
  player_id: string;
  game: string;
  /** The game's `rated_seq`. */
  seq: number;
  /** 1 = first; ties share a place. */
  place: number;
  mu_before: number;
  sigma_before: number;
  mu: number;
  sigma: number;
  /** When the game ended. */
  at: number;
}

export interface RatingSequenceTable {
  id: number;
  last: number;
}

/** A tournament (migration 008, `tournaments/`). */
export interface TournamentsTable {
  id: string;
  name: string;
  game: string;
  /** JSON of the game options. */
  options: string;
  seats_per_table: number;
  /** JSON of the clock setting (`ClockSetting`), or null. */
  clock: string | null;
  rounds: number;
  /** `swiss` or `roundrobin`. */
  format: string;
  duplicate: number;
  rated: number;
  max_players: number;
  /** When it starts (ms since the epoch); null: when full. */
  starts_at: number | null;
  organiser_id: string;
  /** `open`, `running`, `finished`, `cancelled`. */
  status: string;
  /** The round being played (0 before the first). */
  round: number;
  winner_id: string | null;
  /** The process that drives the tournament, and until when its lease holds (as the bot lease). */
  driver: string | null;
  lease_until: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The least reliability share (percent) a player needs to register, or null: none (migration 018). */
  reliability_floor?: number | null;
}

export interface TournamentPlayersTable {
  tournament_id: string;
  user_id: string;
  registered_at: number;
}

export interface TournamentRoundsTable {
  tournament_id: string;
  round: number;
  seed: number;
  /** JSON of the round's deal (`RoundDeal`), or null when not duplicate. */
  deal: string | null;
  /** JSON: the player ids with a bye. */
  byes: string;
  /** `playing` or `over`. */
  status: string;
  started_at: number;
  finished_at: number | null;
}

export interface TournamentTablesTable {
  tournament_id: string;
  round: number;
  table_index: number;
  table_id: string;
  /** JSON: player ids by seat. */
  players: string;
}

/** A seated player's address during a game, as a keyed hash; deleted when the game ends (migration 010, `ratings/addresses.ts`). */
export interface TableAddressesTable {
  table_id: string;
  user_id: string;
  /** HMAC-SHA-256 of the address under the `address_hmac` key of `server_secrets`, 32 hex digits. */
  address_hash: string;
}

/** Two people rated against each other in a game: counted for the daily limit of such games (migration 010). */
export interface RatedPairsTable {
  table_id: string;
  /** The two players' ids, the smaller first. */
  player_a: string;
  player_b: string;
  /** When the game ended. */
  at: number;
}

/** Secrets the server makes for itself (migration 010): `address_hmac`, the key of the address hashes. */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** Where an account signed in from successfully (migration 011): its owner passes the lock on its name from there. */
export interface KnownSignInsTable {
  user_id: string;
  /** `device:` and the SHA-256 of a browser's device token (its cookie), or `address:` and that of an address. */
  key: string;
  last_used_at: number;
}

/** A link sent by e-mail, single-use and expiring (migration 012, `mail/tokens.ts`): one live link per account and purpose. */
export interface EmailTokensTable {
  /** The link's public part, looked up. */
  id: string;
  /** SHA-256 (hex) of the link's secret part, compared in constant time; the secret is only in the e-mail. */
  secret_hash: string;
  user_id: string;
  /** `confirm` or `reset`. */
  purpose: string;
  /** The address the link confirms, or was sent to. */
  email: string;
  created_at: number;
  expires_at: number;
}

/** E-mails counted for a limit (migration 012, `mail/counters.ts`): a window that starts at its first count. */
export interface EmailCountsTable {
  /** The limit's kind and a keyed hash of what is counted (an e-mail address, an account, a client's address). */
  key: string;
  window_start: number;
  count: number;
}

/** The wait of a player at a table a reminder was e-mailed for (migration 012, `mail/reminders.ts`). */
export interface RemindersSentTable {
  table_id: string;
  user_id: string;
  /** When that wait began (the seat's clock started running). */
  waiting_since: number;
  sent_at: number;
}

/** One moderation action (migration 013, `moderation/audit.ts`). */
export interface ModerationLogTable {
  /** Time-ordered (`timeId`). */
  id: string;
  at: number;
  /** The moderator or admin; null for the command line. */
  actor_id: string | null;
  /** Their name then (or `skyline admin`). */
  actor_name: string | null;
  action: string;
  target_user_id: string | null;
  target_table_id: string | null;
  target_chat_id: string | null;
  reason: string;
  /** JSON: what else the action did (a hidden line's text, a mute's end, a role before and after...). */
  details: string;
}

/** A player muted until `until` (migration 013): their chat lines are refused until then. */
export interface MutesTable {
  user_id: string;
  until: number;
  by_id: string | null;
  reason: string;
  at: number;
}

/** A banned player (migration 013): no session, no sign-in; `until` null: without end. */
export interface BansTable {
  user_id: string;
  until: number | null;
  by_id: string | null;
  reason: string;
  at: number;
}

/** An address a ban covers (keyed hash): no guest name or sign-in from it while the ban lasts (migration 013). */
export interface BanAddressesTable {
  address_hash: string;
  user_id: string;
}

/** A player's report of a player or a chat line (migration 013, `moderation/reports.ts`). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_user_id: string | null;
  chat_id: string | null;
  table_id: string | null;
  /** One of the protocol's `REPORT_REASONS`. */
  reason: string;
  note: string | null;
  /** JSON of the context (`ReportInfo['context']`), as it was when the report was made. */
  context: string;
  /** `open`, `actioned` or `dismissed`. */
  status: string;
  created_at: number;
  resolved_by: string | null;
  resolved_at: number | null;
  resolution: string | null;
}

/** A review of a finished game by the bots (migration 015, `reviews/`): one per game. */
export interface ReviewsTable {
  table_id: string;
  /** `queued`, `running`, `done` or `failed`. */
  status: string;
  /** Decisions reviewed, of `total`. */
  done: number;
  total: number;
  /** The review (`GameReview` of `@skyline/bots`) as JSON, once done. */
  result: string | null;
  requested_by: string | null;
  created_at: number;
  /** The process running it (`processId`), and when it last reported progress. */
  runner: string | null;
  heartbeat: number | null;
}

/** Who follows whom (migration 014, `friends/follows.ts`). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

/** Who blocked whom (migration 014, `friends/blocks.ts`): never told to the blocked player. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** An invitation to a table, of a named player or by a link (migration 014, `friends/invitations.ts`). */
export interface InvitationsTable {
  id: string;
  table_id: string;
  from_id: string;
  /** The invited player; for a link, who opened it (null until then). */
  to_id: string | null;
  /** A link's secret as SHA-256 (hex), compared in constant time; null for an invitation of a named player. */
  secret_hash: string | null;
  created_at: number;
  expires_at: number;
  /** When a link was used (single use), or the invited player declined. */
  used_at: number | null;
}

/** A player waiting for a table through "Play now" (migration 016, `queue/`): one row per player. */
export interface PlayQueueTable {
  user_id: string;
  name: string;
  registered: number;
  game: string;
  /** The seat count asked for; null: any the game allows. */
  players: number | null;
  /** Milliseconds of waiting after which bots may fill the table; null: never. */
  bots_after_ms: number | null;
  bot_level: string;
  rating: number;
  joined_at: number;
  /** The heartbeat: the last time a process saw a connection of the player. */
  seen_at: number;
  /** Once matched: the table's id (chosen before it is made), when, its seat count, its bots' level (null: none). */
  table_id: string | null;
  matched_at: number | null;
  match_players: number | null;
  match_bots: string | null;
  /** The least reliability share the player asks of the others, in percent; null: none (migration 020). */
  reliability_floor?: number | null;
  /** The player's own share when they joined; null: a guest, or no share yet (migration 020). */
  reliability_share?: number | null;
}
