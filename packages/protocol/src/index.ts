/**
 * The messages between the web client and the server, as zod schemas shared by both. Every message that crosses the
 * boundary is parsed with these on arrival; the limits here are the platform's limits.
 */
import { describeIssues, type OptionDeclaration } from '@skyline/engine';
import type { Standing } from '@skyline/tournaments';
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from './bot-levels.js';
import { english, type MessageCode, type Params, type Words } from './refusals.js';
import { Spectators, type InvitationInfo } from './friends.js';
import { QueueJoinBody, type QueueEntryInfo } from './queue.js';
import { ReliabilityFloorSchema, type ReliabilityFloor } from './reliability.js';

export * from './accounts.js';
export * from './bot-levels.js';
export * from './friends.js';
export * from './queue.js';

export * from './refusals.js';
export * from './reliability.js';
export * from './reviews.js';
export * from './status.js';

export const LIMITS = {
  nameLength: 20,
  passwordMin: 8,
  passwordMax: 200,
  chatLength: 500,
  /** Largest socket message or HTTP body, in bytes. */
  messageBytes: 64 * 1024,
  /**
   * The deepest nesting of arrays and objects, and the most values, in a value the schemas cannot spell out (a move,
   * an option's value): what reads it next (a game's checks, JSON.stringify) walks it recursively.
   */
  jsonDepth: 16,
  jsonValues: 4096,
} as const;

/** A player's name: 2 to 20 letters, digits, `_` or `-`, starting with a letter or digit. */
export const Name = z
  .string()
  .trim()
  .min(2, 'a name needs at least 2 characters')
  .max(LIMITS.nameLength, `a name has at most ${LIMITS.nameLength} characters`)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u,
    'a name is made of letters, digits, _ and -, starting with a letter or digit',
  );

export const Password = z
  .string()
  .min(LIMITS.passwordMin, `a password needs at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax);

export const TableId = z.string().regex(/^[a-z0-9]{1,16}$/, 'not a table id');

/**
 * Why a value is too deep or too big to be read further (`LIMITS.jsonDepth`, `LIMITS.jsonValues`), or null. Walked
 * with a stack of its own, not by recursion, so that the check itself cannot overflow: a 64 KiB message holds
 * arrays nested 30,000 deep, which JSON.parse reads but JSON.stringify and a game's recursive checks do not.
 */
export function jsonTooDeep(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  let values = 0;
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    values++;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= LIMITS.jsonDepth) return `nested more than ${LIMITS.jsonDepth} levels deep`;
    const children: unknown[] = Array.isArray(item) ? item : Object.values(item);
    if (values + pending.length + children.length > LIMITS.jsonValues)
      return `more than ${LIMITS.jsonValues} values`;
    for (const child of children) pending.push([child, depth + 1]);
  }
  return null;
}

const boundJson = (value: unknown, context: z.RefinementCtx) => {
  const problem = jsonTooDeep(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
};

/** A value from a client that only the game reads (a move, an option's value), bounded in depth and size. */
export const JsonValue = z.unknown().superRefine(boundJson);

/** A table's or a tournament's game options, by name, each value bounded as `JsonValue` (all together, too). */
export const GameOptions = z.record(z.string(), z.unknown()).superRefine(boundJson);

// ---------------------------------------------------------------------------------------------------------------
// HTTP bodies

export const GuestBody = z.object({ name: Name }).strict();
export const RegisterBody = z.object({ password: Password }).strict();
export const LoginBody = z.object({ name: Name, password: z.string().max(LIMITS.passwordMax) }).strict();
export const ChangePasswordBody = z
  .object({ current: z.string().max(LIMITS.passwordMax), password: Password })
  .strict();
/** `POST /api/password/reset`: a reset link's token (`LinkToken`, checked apart: its own refusal) and the new password. */
export const ResetPasswordBody = z.object({ token: z.string().max(200), password: Password }).strict();
/** Longest clock times, in seconds: a live time bank of a day, a turn clock of 30 days a move. */
export const CLOCK_LIMITS = { liveInitial: 86_400, liveIncrement: 3_600, perMove: 30 * 86_400 } as const;

/**
 * A table's clock (seconds): `live` is Fischer (a time bank per seat, `increment` added at each of its moves), `turn`
 * gives each seat `perMove` seconds each time it is awaited. See docs/platform.md, "Clocks".
 */
export const ClockSetting = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('live'),
      initial: z.number().int().min(1).max(CLOCK_LIMITS.liveInitial),
      increment: z.number().int().min(0).max(CLOCK_LIMITS.liveIncrement),
    })
    .strict(),
  z.object({ kind: z.literal('turn'), perMove: z.number().int().min(1).max(CLOCK_LIMITS.perMove) }).strict(),
]);
export type ClockSetting = z.infer<typeof ClockSetting>;

export const BotLevelName = z.enum(BOT_LEVELS);

export const CreateTableBody = z
  .object({
    game: z.string().max(32),
    players: z.number().int().min(1).max(8),
    options: GameOptions.optional(),
    /** The table's clock; none if absent. */
    clock: ClockSetting.nullable().optional(),
    /** The bot that plays for a seat whose player ran out of time, resigned or was claimed (greedy if absent). */
    standIn: BotLevelName.optional(),
    /** Whether the game is rated; unsaid: rated if the host is registered and no bot sits at the table. */
    rated: z.boolean().optional(),
    /** A private table: not listed in the lobby, joined by invitation or link (`friends.ts`). */
    private: z.boolean().optional(),
    /** Who may watch a private table (anyone if absent). */
    spectators: Spectators.optional(),
    /** The least reliability share a player needs to sit down, in percent (none if absent or 0). */
    reliability: ReliabilityFloorSchema.optional(),
  })
  .strict();

/** A game's id in a path (`/api/leaderboard/nyny`). */
export const GameId = z.string().regex(/^[a-z][a-z0-9]{0,31}$/, 'not a game id');
/** `GET /api/players/:name`: a person's name, or a bot level's (`greedy-bot`) or a bot's (`greedy-bot-k3x9`). */
export const PlayerParams = z.object({ name: Name }).strict();
/** `POST /api/friends/follow`, `/unfollow`, `/block`, `/unblock`: the player's name. */
export const FriendBody = z.object({ name: Name }).strict();
/** `POST /api/tables/:id/invite`: the player to invite. */
export const InviteBody = z.object({ name: Name }).strict();
export const LeaderboardParams = z.object({ game: GameId }).strict();
export const LeaderboardQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
/** The most names one `GET /api/ratings/:game` looks up. */
export const RATINGS_LOOKUP_NAMES = 50;
/** `GET /api/ratings/:game?names=ann,bob`: the ratings a lobby or a table shows next to names. */
export const RatingsQuery = z
  .object({
    names: z
      .string()
      .max(RATINGS_LOOKUP_NAMES * (LIMITS.nameLength + 1))
      .transform((names) => names.split(',').filter(Boolean))
      .pipe(z.array(Name).max(RATINGS_LOOKUP_NAMES, `at most ${RATINGS_LOOKUP_NAMES} names at once`)),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------------------
// Moderation and reports (packages/server/src/moderation/; docs/operating.md, "Moderation"; docs/protocol.md)

/** The bounds of moderation: a reason's length, the longest mute and ban, a page of a list. */
export const MODERATION_LIMITS = {
  reasonLength: 500,
  /** A year. */
  muteMinutes: 366 * 24 * 60,
  /** Ten years (a ban without `days` has no end). */
  banDays: 3650,
  pageSize: 100,
} as const;

/** What a person may be on a server: a player (everyone), a moderator, or an admin (a moderator who also grants roles). */
export const ROLES = ['player', 'moderator', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Why a player reports a player or a chat line. */
export const REPORT_REASONS = ['abuse', 'spam', 'cheating', 'name', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The server's time-ordered ids: a chat line's, a report's, an audit entry's. */
const TimeId = (what: string) => z.string().regex(/^[a-z0-9]{1,24}$/, `not a ${what} id`);
export const ChatLineId = TimeId('chat line');
export const ReportId = TimeId('report');
export const AuditId = TimeId('audit entry');

/** Why a moderator acts: required, and kept in the audit log. */
export const ModerationReason = z.string().trim().min(1, 'say why').max(MODERATION_LIMITS.reasonLength);
const muteMinutes = z.number().int().min(1).max(MODERATION_LIMITS.muteMinutes);
/** A ban's days; null or absent: a ban without end. */
const banDays = z.number().int().min(1).max(MODERATION_LIMITS.banDays).nullable().optional();

/** `POST /api/moderation/players/:name/mute`: no chat for `minutes`. */
export const MuteBody = z.object({ minutes: muteMinutes, reason: ModerationReason }).strict();
/**
 * `POST /api/moderation/players/:name/ban`: for `days` (absent or null: without end); `addresses` (default true):
 * the addresses the player was seen at are banned too (no new guest name or sign-in from them).
 */
export const BanBody = z
  .object({ days: banDays, addresses: z.boolean().optional(), reason: ModerationReason })
  .strict();
/** `POST /api/moderation/players/:name/role` (admins): `player` takes a role away. */
export const RoleBody = z.object({ role: Role, reason: ModerationReason }).strict();
/** The actions that need nothing but a reason: unmute, unban, hide a line, close, release or delete a table. */
export const ReasonBody = z.object({ reason: ModerationReason }).strict();
/** `POST /api/moderation/reports/:id/resolve`: acted on, or dismissed, with a note for the other moderators. */
export const ResolveReportBody = z
  .object({
    outcome: z.enum(['actioned', 'dismissed']),
    note: z.string().trim().max(MODERATION_LIMITS.reasonLength).optional(),
  })
  .strict();
export const PlayerNameParams = z.object({ name: Name }).strict();
export const ChatLineParams = z.object({ id: ChatLineId }).strict();
export const ReportParams = z.object({ id: ReportId }).strict();
export const TableParams = z.object({ id: TableId }).strict();
const pageSize = z.coerce.number().int().min(1).max(MODERATION_LIMITS.pageSize).default(50);
/** `GET /api/moderation/reports?status=open|closed&before=ID&limit=N`: newest first, `before` pages on. */
export const ReportsQuery = z
  .object({
    status: z.enum(['open', 'closed']).default('open'),
    before: ReportId.optional(),
    limit: pageSize,
  })
  .strict();
/** What the audit log keeps: every moderator's and admin's action, by the word its entries name it with. */
export const AUDIT_ACTIONS = [
  'mute',
  'unmute',
  'ban',
  'unban',
  'hide',
  'close',
  'release',
  'delete',
  'role',
  'resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/**
 * `GET /api/moderation/audit?player=NAME&actor=NAME&action=ACTION&before=ID&limit=N` (admins): newest first, about
 * one player (`player`: the target), by one moderator or admin (`actor`), of one kind (`action`), any together;
 * `before` is the `next` of the page before (a cursor: the last entry it showed).
 */
export const AuditQuery = z
  .object({
    player: Name.optional(),
    actor: Name.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    before: AuditId.optional(),
    limit: pageSize,
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;
/** `GET /api/moderation/players?q=PREFIX`: names that start so (as names compare: look-alikes folded). */
export const PlayerSearchQuery = z.object({ q: z.string().trim().min(1).max(LIMITS.nameLength) }).strict();

/**
 * `POST /api/reports`: a player reports a player (from a profile, or at a table: `tableId`) or a chat line (its
 * author), with a reason and a note.
 */
export const ReportBody = z
  .object({
    player: Name.optional(),
    chatId: ChatLineId.optional(),
    tableId: TableId.optional(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(MODERATION_LIMITS.reasonLength).optional(),
  })
  .strict()
  .refine((body) => (body.player === undefined) !== (body.chatId === undefined), {
    message: 'report either a player or a chat line',
  });
export type ReportBody = z.infer<typeof ReportBody>;

/** `moderation:act`: a moderator's action over the socket, checked as the HTTP routes are (the role, every time). */
export const ModerationAction = z.discriminatedUnion('action', [
  z
    .object({ action: z.literal('mute'), player: Name, minutes: muteMinutes, reason: ModerationReason })
    .strict(),
  z.object({ action: z.literal('unmute'), player: Name, reason: ModerationReason }).strict(),
  z
    .object({
      action: z.literal('ban'),
      player: Name,
      days: banDays,
      addresses: z.boolean().optional(),
      reason: ModerationReason,
    })
    .strict(),
  z.object({ action: z.literal('unban'), player: Name, reason: ModerationReason }).strict(),
  z.object({ action: z.literal('hide'), chatId: ChatLineId, reason: ModerationReason }).strict(),
  z.object({ action: z.literal('close'), tableId: TableId, reason: ModerationReason }).strict(),
]);
export type ModerationAction = z.infer<typeof ModerationAction>;

// ---------------------------------------------------------------------------------------------------------------
// Socket messages, client → server (each answered through the acknowledgement callback)

export const ChatText = z.string().trim().min(1, 'say something').max(LIMITS.chatLength);

/** A table command: what a button sends, and what `/join 2` in the chat becomes. */
export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('join'), seat: z.number().int().min(0).max(7).optional() }).strict(),
  z.object({ name: z.literal('leave') }).strict(),
  z.object({ name: z.literal('start') }).strict(),
  z.object({ name: z.literal('option'), option: z.string().max(32), value: JsonValue.optional() }).strict(),
  z.object({ name: z.literal('kick'), player: z.string().max(LIMITS.nameLength) }).strict(),
  z.object({ name: z.literal('who') }).strict(),
  z.object({ name: z.literal('help') }).strict(),
  z.object({ name: z.literal('resign') }).strict(),
  z.object({ name: z.literal('stop') }).strict(),
  z.object({ name: z.literal('back') }).strict(),
  z.object({ name: z.literal('abort') }).strict(),
  z.object({ name: z.literal('claim') }).strict(),
  z.object({ name: z.literal('bot'), level: BotLevelName.optional() }).strict(),
]);
export type Command = z.infer<typeof Command>;

export const ClientMessages = {
  'lobby:open': z.object({}).strict(),
  'lobby:close': z.object({}).strict(),
  'lobby:chat': z.object({ text: ChatText }).strict(),
  'table:create': CreateTableBody,
  'table:open': z.object({ tableId: TableId }).strict(),
  'table:close': z.object({ tableId: TableId }).strict(),
  'table:chat': z.object({ tableId: TableId, text: ChatText }).strict(),
  'table:command': z.object({ tableId: TableId, command: Command }).strict(),
  'table:move': z
    .object({
      tableId: TableId,
      /** The table version the move was made on. */
      version: z.number().int().min(0),
      /** A client-chosen id: a move sent twice with the same id is applied once. */
      id: z.string().min(1).max(64),
      move: JsonValue,
    })
    .strict(),
  /**
   * Takes back the sender's last move while nobody has seen anything new (`undoable` in the engine): `version` is
   * the table's version the sender saw after the move, so that an undo sent twice takes back one move.
   */
  'table:undo': z.object({ tableId: TableId, version: z.number().int().min(1) }).strict(),
  'moderation:act': ModerationAction,
  // "Play now" (`queue.ts`): wait for a table; leave the queue; where the player is in it.
  'queue:join': QueueJoinBody,
  'queue:leave': z.object({}).strict(),
  'queue:status': z.object({}).strict(),
} as const;
export type ClientEvent = keyof typeof ClientMessages;
export type ClientMessage<E extends ClientEvent> = z.infer<(typeof ClientMessages)[E]>;

/**
 * Every acknowledgement: `{ok: true, ...}` or `{ok: false, error}` with a reason for people, in English, and (from
 * the server) its `code` and `params` in the catalogue (`refusals.ts`) for the client to say in its language.
 */
export type Ack<T = object> =
  | ({ ok: true } & T)
  | { ok: false; error: string; code?: MessageCode; params?: Params; [key: string]: unknown };

// ---------------------------------------------------------------------------------------------------------------
// Server → client

export type Viewer = number | 'spectator';

export interface SeatInfo {
  seat: number;
  name: string | null;
  connected: boolean;
  /** The level of a bot in this seat, or null. */
  bot: BotLevel | null;
  /** The level of the bot playing for the person in this seat (who ran out of time, resigned, or was claimed). */
  standIn?: BotLevel | null;
  /** The person in this seat resigned (a bot plays the seat to the end; the seat is placed last). */
  resigned?: boolean;
}

/** A seat's clock as a page shows it: ms left when this was sent, and whether it is running (ticking down). */
export interface ClockView {
  left: number;
  running: boolean;
}

export type TableStatus = 'open' | 'playing' | 'over';

export interface TableSummary {
  id: string;
  game: string;
  title: string;
  players: number;
  options: Record<string, unknown>;
  host: string;
  status: TableStatus;
  seats: SeatInfo[];
  createdAt: number;
  /** The table's clock setting; null without a clock. */
  clock?: ClockSetting | null;
  /** Whether the game will be (or was to be) rated, as the table's setting and seats say now. */
  rated: boolean;
  /** A private table (not listed in the lobby); absent: a table of the lobby. */
  private?: boolean;
  /** The least reliability share (percent) a player needs to sit down; absent: none. */
  reliability?: ReliabilityFloor;
  /** A "Play again" table: the finished table it follows. */
  againOf?: string | null;
  /** The tournament that opened the table, if any: its page links back, and nobody hosts it. */
  tournamentId?: string;
}

export interface PublicStatus {
  over: boolean;
  active: (number | 'chance')[];
  winners: number[];
  /** Final scores once the game is over; during the game the view says what the seat may see. */
  scores: number[] | null;
  /** Seats whose players resigned (placed last). */
  resigned?: number[];
  /** The game was aborted before every seat had moved (no winner, unrated), or stopped (a game of bots). */
  aborted?: boolean;
  stopped?: boolean;
  /** A moderator closed the game before its end (no winner, unrated; the record ends with `{"close": true}`). */
  closed?: boolean;
  /**
   * While some seat has not played the game's opening (2 moves; in Chinatown its first year): a seated player may
   * still `/abort` the game, and it could not yet be rated.
   */
  abortable?: boolean;
}

/** Everything a client needs to draw a table, as the receiving seat (or a spectator) may see it. */
export interface TableSnapshot {
  table: TableSummary;
  viewer: Viewer;
  version: number;
  status: PublicStatus | null;
  view: unknown;
  legalMoves: unknown[];
  log: unknown[];
  /** Each seat's clock when this was sent; null without a clock. */
  clocks?: ClockView[] | null;
  /**
   * True when this viewer can take back its last move now (`table:undo` would be accepted: server
   * `tables/take-back.ts`); absent otherwise, so the page offers Undo only when it will work.
   */
  undoable?: true;
}

/** What changed after a move: the new view, and the log entries since `from` as the receiver may see them. */
export interface TableUpdate {
  tableId: string;
  viewer: Viewer;
  version: number;
  from: number;
  status: PublicStatus;
  view: unknown;
  legalMoves: unknown[];
  log: unknown[];
  /** Each seat's clock when this was sent; null without a clock. */
  clocks?: ClockView[] | null;
  /**
   * True when this viewer can take back its last move now (`table:undo` would be accepted: server
   * `tables/take-back.ts`); absent otherwise, so the page offers Undo only when it will work.
   */
  undoable?: true;
}

/** A game as `GET /api/games` describes it: its seat counts and its options, as the game declares them. */
export interface GameInfo {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionDeclaration[];
}

/** The answer of `GET /api/games`. */
export interface GamesResponse {
  games: GameInfo[];
}

/** A player's rating in one game, as shown (docs/platform.md, "Ratings"). */
export interface RatingInfo {
  /** The shown rating: 1500 for a new player, differences read as Elo's (400 points ahead: 10 to 1 odds). */
  rating: number;
  /** Its uncertainty on the same scale (about 246 for a new player), shrinking as games are played. */
  sigma: number;
  games: number;
  /** Fewer than 10 rated games: the rating is still a guess. */
  provisional: boolean;
}

/** One point of a rating chart: the rating after a rated game. */
export interface RatingPoint {
  at: number;
  rating: number;
  tableId: string;
}

/** A game on a profile: finished (with its result and the rating change) or current. */
export interface PlayerGame {
  tableId: string;
  game: string;
  title: string;
  status: TableStatus;
  finishedAt: number | null;
  /** The names at the seats, in seat order. */
  names: (string | null)[];
  /** Whether the player won (null while the game goes on, or when it was stopped). */
  won: boolean | null;
  /** The change of the shown rating in this game, if it was rated. */
  change: number | null;
}

/** `GET /api/players/:name`. */
export interface PlayerProfile {
  name: string;
  /** The level, for a bot (rated per level). */
  bot: BotLevel | null;
  registered: boolean;
  ratings: Record<string, RatingInfo>;
  /** Each game's rating over time, oldest first (the last 200 rated games). */
  charts: Record<string, RatingPoint[]>;
  /** Finished games (stopped games not counted), and how many of them were won. */
  played: number;
  won: number;
  recent: PlayerGame[];
  current: PlayerGame[];
  /** The share of counted games the player finished themselves (docs/platform.md, "Reliability"); null for a bot. */
  reliability: ReliabilityInfo | null;
}

/** Below this many counted games a player has no reliability share yet (`server/src/ratings/reliability.ts`). */
export const RELIABILITY_LEAST_GAMES = 5;

/** A player's reliability: counted games, those kept to their end, and the share in whole percent (null below 5 games). */
export interface ReliabilityInfo {
  games: number;
  kept: number;
  share: number | null;
}

export interface LeaderboardEntry extends RatingInfo {
  rank: number;
  name: string;
  bot: BotLevel | null;
}

/** `GET /api/leaderboard/:game`. */
export interface LeaderboardResponse {
  game: string;
  title: string;
  page: number;
  size: number;
  /** Players on the board (with at least `minGames` rated games). */
  total: number;
  minGames: number;
  entries: LeaderboardEntry[];
  /** The signed-in player's own place, when they are on the board. */
  me: LeaderboardEntry | null;
}

/** `GET /api/ratings/:game?names=...`: the shown rating of each name that has one. */
export interface RatingsLookup {
  ratings: Record<string, { rating: number; provisional: boolean }>;
}

/** `GET /api/tables/:id/ratings`: what the end of a rated game did to each seat's rating. */
export interface TableRatings {
  rated: boolean;
  changes: { seat: number; name: string; place: number; before: number; after: number }[];
  /**
   * Why seats or pairs of seats were left out of the rating (`rating.*` codes of the catalogue): a seat that made too
   * few moves, two players who played from one address (told only to them), two who had played their daily number of
   * rated games together, a game of bots. Empty when there is nothing to say.
   */
  notes: Words[];
}

export interface ChatLine {
  /**
   * The stored line's id (what a report or a moderator's hiding names); absent from the lines a page makes for itself
   * (the answer to `/help`).
   */
  id?: string;
  tableId: string | null;
  from: string | null;
  /** What was said; for a line the table says (`from` null), its English text. */
  text: string;
  /** A line the table says: its code and parameters in the catalogue (`refusals.ts`), to be said in any language. */
  code?: MessageCode;
  params?: Params;
  at: number;
}

/**
 * A command's answer: its English text (lines joined by newlines) and the same lines as codes of the catalogue
 * (`/who` and `/help` answer several lines).
 */
export interface Reply {
  reply: string;
  lines: Words[];
}

// ---------------------------------------------------------------------------------------------------------------
// Both directions, typed for socket.io (`Server<ClientToServerEvents, ServerToClientEvents>` on the server,
// `Socket<ServerToClientEvents, ClientToServerEvents>` in the client)

/** What each client message is acknowledged with when it succeeds (a refusal is `{ok: false, error}`). */
export interface AckPayloads {
  'lobby:open': { tables: TableSummary[]; chat: ChatLine[]; me: { id: string; name: string } | null };
  'lobby:close': object;
  'lobby:chat': { line: ChatLine };
  'table:create': { tableId: string };
  'table:open': { snapshot: TableSnapshot; chat: ChatLine[] };
  'table:close': object;
  /** A chat line said, or a command's answer. */
  'table:chat': { line?: ChatLine; reply?: string; lines?: Words[] };
  'table:command': Reply;
  /** The table's version after the move; `duplicate` when the same move id had already been applied. */
  'table:move': { version: number; duplicate?: boolean };
  /** The table's version after the move was taken back. */
  'table:undo': { version: number };
  /** The audit log's entry for the action. */
  'moderation:act': { entry: AuditEntry };
  'queue:join': { entry: QueueEntryInfo };
  /** Whether the player was waiting (false: matched already, or not in the queue). */
  'queue:leave': { left: boolean };
  'queue:status': { entry: QueueEntryInfo | null };
}

/**
 * A refusal: the reason in English words, and its code and parameters in the catalogue (`refusals.ts`), which the
 * client says in its player's language. `rate_limited` comes with `retryAfter` (seconds); a move made on a version
 * the table has left comes with the current snapshot (`stale`).
 */
export interface Refusal {
  ok: false;
  error: string;
  code?: MessageCode;
  params?: Params;
  retryAfter?: number;
  stale?: TableSnapshot;
}

/** The acknowledgement of client event `E`. */
export type AckOf<E extends ClientEvent> = ({ ok: true } & AckPayloads[E]) | Refusal;

export type ClientToServerEvents = {
  [E in ClientEvent]: (message: ClientMessage<E>, ack: (answer: AckOf<E>) => void) => void;
};

/** Everything the server sends without being asked. */
export interface ServerToClientEvents {
  /** The game moved on: the receiving viewer's new view and the log entries since `from` as it may see them. */
  'table:update': (update: TableUpdate) => void;
  /** Seats, host, status, options or presence of a table whose page is open changed. */
  'table:summary': (summary: TableSummary) => void;
  'table:chat': (line: ChatLine) => void;
  /** A table changed, for the lobby (a table heard of as `over` has left it). */
  'lobby:table': (summary: TableSummary) => void;
  'lobby:chat': (line: ChatLine) => void;
  /** A moderator hid a chat line (of the lobby, `tableId` null, or of a table whose page is open): it goes. */
  'chat:hidden': (hidden: { id: string; tableId: string | null }) => void;
  /** Someone invited this player to a table (to every page of theirs: the lobby, a table). */
  invitation: (invitation: InvitationInfo) => void;
  /** "Play now" found this player a table, seated and started (to every page of theirs). */
  'queue:matched': (matched: { tableId: string }) => void;
}

/** Reads a client message, or says what is wrong with it in one line. */
export function parseClientMessage<E extends ClientEvent>(
  event: E,
  payload: unknown,
): { ok: true; value: ClientMessage<E> } | { ok: false; error: string } {
  const parsed = ClientMessages[event].safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data as ClientMessage<E> };
  return {
    ok: false,
    error: describeIssues(parsed.error),
  };
}

/** A refusal of the catalogue, with its English text. */
export function refusal(said: Words): Refusal {
  return { ok: false, error: english(said), ...said };
}

/** A command's answer from its lines. */
export function reply(...lines: Words[]): Reply {
  return { reply: lines.map(english).join('\n'), lines };
}

// Tournaments ---------------------------------------------------------------------------------------------------------

/**
 * Tournaments over HTTP (packages/server/src/tournaments/): the request bodies, parsed by these schemas, and the
 * shapes of the answers, for the pages. Refusals are coded (`tournament.*` in refusals.ts) and come back as
 * `409 {error, code, params}` like the tables' refusals.
 */

/** The most players a tournament may take (and the least: one table). */
export const TOURNAMENT_LIMITS = { maxPlayers: 64, maxRounds: 12 } as const;

/** The clock of a tournament's tables unless its organiser chose one (or none). */
export const DEFAULT_TOURNAMENT_CLOCK: ClockSetting = { kind: 'turn', perMove: 300 };

export const TournamentId = z.string().regex(/^[a-z0-9]{1,16}$/, 'not a tournament id');
export const TournamentParams = z.object({ id: TournamentId }).strict();

/** `POST /api/tournaments`: a registered player creates a tournament (it is then open for registration). */
export const CreateTournamentBody = z
  .object({
    name: z.string().trim().min(2).max(60),
    game: z.string().max(32),
    /** The game options, as for a table. */
    options: GameOptions.optional(),
    /** Seats at each table, 2 to 5, within the game's range. */
    seatsPerTable: z.number().int().min(2).max(5),
    /**
     * Each table's clock. Absent: `DEFAULT_TOURNAMENT_CLOCK` (5 minutes a move), so that an absent player's seat is
     * handed to a bot and a round cannot stall; null: no clock (a round then waits for every table to end).
     */
    clock: ClockSetting.nullable().optional(),
    rounds: z.number().int().min(1).max(TOURNAMENT_LIMITS.maxRounds),
    format: z.enum(['swiss', 'roundrobin']),
    /** Duplicate deals: every table of a round is dealt the same chance moves, scored by matchpoints. */
    duplicate: z.boolean(),
    maxPlayers: z.number().int().min(2).max(TOURNAMENT_LIMITS.maxPlayers),
    /** When it starts (ms since the epoch); absent or null: when full. */
    startsAt: z.number().int().nullable().optional(),
    rated: z.boolean().optional(),
    /** The organiser plays too (registered at once). */
    play: z.boolean().optional(),
    /** The least reliability share a player needs to register, in percent (none if absent or 0). */
    reliability: ReliabilityFloorSchema.optional(),
  })
  .strict();
export type CreateTournamentBody = z.infer<typeof CreateTournamentBody>;

/** `POST /api/tournaments/:id/bots`: the organiser adds bots (before the start). */
export const AddTournamentBotsBody = z
  .object({ level: BotLevelName, count: z.number().int().min(1).max(TOURNAMENT_LIMITS.maxPlayers) })
  .strict();

/** `POST /api/tournaments/:id/register`, `/unregister`, `/start`: no body (an empty object at most). */
export const EmptyBody = z.object({}).strict().optional();

export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

/** `GET /api/tournaments`: `{upcoming, running, finished}`, each a list of these. */
export interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  seatsPerTable: number;
  rounds: number;
  format: 'swiss' | 'roundrobin';
  duplicate: boolean;
  rated: boolean;
  clock: ClockSetting | null;
  maxPlayers: number;
  startsAt: number | null;
  organiser: string;
  status: TournamentStatus;
  /** The round being played (0 before the first). */
  round: number;
  players: number;
  winner: string | null;
  /** The least reliability share (percent) a player needs to register; absent: none. */
  reliability?: ReliabilityFloor;
}

/**
 * One line of the standings: the tournaments package's (`Standing`, its tie-break columns in the order they count),
 * with the player's id as `player`, the bot's level (null for a person) and what the tournament's rated games did to
 * the player's rating.
 */
export type TournamentStanding = Omit<Standing, 'id'> & {
  player: string;
  bot: string | null;
  rating: TournamentRatingChange | null;
};

/**
 * A player's rating in the tournament's game before its first rated game of the tournament and after its last one
 * (shown ratings, as `TableRatings`), and how many of its games were rated. Null in an unrated tournament, and for a
 * guest or a player with no game over yet. Every bot of a level is one player on the ladder, so bots of one level
 * share it.
 */
export interface TournamentRatingChange {
  before: number;
  after: number;
  games: number;
}

/** One round: its tables (with their ids, for links to the games and replays), byes, and the duplicate comparison. */
export interface TournamentRound {
  round: number;
  status: 'playing' | 'over';
  /** The seed of the round's pairing, once the round is over; null before. */
  seed: number | null;
  /**
   * A duplicate round's deal key (64 hex digits), once every table of the round is over, so that anyone can check the
   * deal (`roundDeal` in packages/tournaments); null before (it would tell every hidden card) and in other rounds.
   */
  dealKey: string | null;
  byes: { player: string; name: string }[];
  tables: {
    index: number;
    tableId: string;
    status: string;
    players: { player: string; name: string }[];
    /** Each seat's final score and place points, once the table is over (in a duplicate round: once the round is). */
    scores: number[] | null;
    placePoints: number[] | null;
  }[];
  /** Duplicate rounds: for each seat, every table's player, result and matchpoints (empty until the round is over). */
  duplicate:
    | {
        seat: number;
        rows: {
          table: number;
          tableId: string;
          player: string;
          name: string;
          score: number;
          placePoints: number;
          matchpoints: number;
          /** matchpoints over the most possible: 0..1. */
          fraction: number;
        }[];
      }[]
    | null;
}

/** `GET /api/tournaments/:id`. */
export interface TournamentDetail {
  tournament: TournamentSummary & { options: Record<string, unknown>; createdAt: number };
  registrations: { player: string; name: string; bot: string | null; registeredAt: number }[];
  rounds: TournamentRound[];
  standings: TournamentStanding[];
  /** How the standings are ranked, in order (for the page to state). */
  tieBreaks: ['points', 'buchholz', 'gameScore', 'headToHead', 'name'];
}

// Moderation: what the routes answer ---------------------------------------------------------------------------------

/** One entry of the audit log: who did what to whom, when and why. */
export interface AuditEntry {
  id: string;
  at: number;
  /** The moderator's or admin's name; null for the command line (`skyline admin`). */
  actor: string | null;
  /** `mute`, `unmute`, `ban`, `unban`, `hide`, `close`, `release`, `delete`, `role`, `resolve` (`AUDIT_ACTIONS`). */
  action: string;
  /** The player acted on, if any. */
  player: string | null;
  tableId: string | null;
  chatId: string | null;
  reason: string;
  /** What else the action did or undid (a hidden line's text, a mute's end, a role before and after...). */
  details: Record<string, unknown>;
}

/** A chat line as a report's context keeps it (hidden lines included: a moderator reads them). */
export interface ReportedLine {
  id: string;
  from: string | null;
  text: string;
  at: number;
  hidden: boolean;
  /** The line reported. */
  reported: boolean;
}

/** A report, as moderators read it. */
export interface ReportInfo {
  id: string;
  at: number;
  reporter: string;
  /** The player reported (a chat line's author). */
  player: string | null;
  chatId: string | null;
  tableId: string | null;
  reason: ReportReason;
  note: string | null;
  status: 'open' | 'actioned' | 'dismissed';
  /** What was around when it was made: the lines around the reported one (or the player's last lines), the table. */
  context: { lines: ReportedLine[]; table: { id: string; game: string; status: string } | null };
  resolvedBy: string | null;
  resolvedAt: number | null;
  resolution: string | null;
}

/** A player in a moderator's search. */
export interface ModeratedPlayer {
  name: string;
  registered: boolean;
  bot: boolean;
  role: Role;
  createdAt: number;
  /** When their mute ends, if muted now. */
  mutedUntil: number | null;
  /** Their ban now (`until` null: without end), or null. */
  banned: { until: number | null } | null;
}

/** `GET /api/moderation/players/:name`: a player, their sessions, mute, ban, the reports about them, the audit. */
export interface PlayerRecord extends ModeratedPlayer {
  sessions: { createdAt: number; lastSeenAt: number }[];
  mute: { until: number; at: number; by: string | null; reason: string } | null;
  ban: { until: number | null; at: number; by: string | null; reason: string; addresses: number } | null;
  /** The latest reports about them (20 at most). */
  reports: ReportInfo[];
  /** How many reports they made in the last 24 hours. */
  reportsMadeToday: number;
  /** The latest entries of the audit log about them (50 at most). */
  audit: AuditEntry[];
}

/** A table set aside as broken (`GET /api/moderation/tables/broken`). */
export interface BrokenTable {
  id: string;
  game: string;
  status: string;
  host: string | null;
  /** Why it could not be loaded. */
  reason: string;
  createdAt: number;
  /** Rated, or of a tournament: it can be released but not deleted. */
  rated: boolean;
  tournament: string | null;
}

// The operator's page: live figures (`GET /api/moderation/live`, staff only) ---------------------------------------

/**
 * What the server counts now, read-only: tables by game and players online in every process; this process's bot
 * workers, its memory and how long it has run; reviews under way; the limits in force (from the settings).
 */
export interface LiveFigures {
  at: number;
  /** Tables not set aside as broken, not over, by game (every process: read from the database). */
  tables: { game: string; open: number; playing: number }[];
  /** Distinct people with a connection open (every process when they share clients; this one otherwise). */
  playersOnline: number;
  /** Whether `playersOnline` counts every process (false: another did not answer, or there is only this one). */
  everyProcess: boolean;
  /** The process that answered: its name, uptime in seconds and memory in bytes (resident set). */
  process: { id: string; uptimeSeconds: number; memoryBytes: number };
  /** Processes that held a bot lease or ran a review in the last minute (their names), this one included. */
  processes: string[];
  /** This process's bot workers. */
  bots: { workers: number; busy: number; queued: number };
  /** Reviews of finished games, in every process. */
  reviews: { running: number; queued: number };
  brokenTables: number;
  openReports: number;
  /** The limits in force, by setting name (numbers: per minute, hour or day as each setting's name says). */
  limits: Record<string, number>;
  /** Moves over the last few minutes, in every process (`skyline_moves_total`, `skyline_move_duration_seconds`). */
  moves: MoveFigures;
}

/**
 * The moves of the last `windowSeconds` (5 minutes, less in a process started since): accepted moves per minute, and
 * how long the server took to answer a move (received to acknowledged), its median and 95th percentile in
 * milliseconds, estimated from the histogram's buckets as Prometheus's `histogram_quantile` does (null: no move).
 */
export interface MoveFigures {
  perMinute: number;
  /** Moves answered in the window (accepted or refused): what the percentiles are of. */
  answered: number;
  medianMs: number | null;
  p95Ms: number | null;
  windowSeconds: number;
  /** Whether every process answered (false: another did not in time, and only those that did are counted). */
  everyProcess: boolean;
}

/** `GET /api/moderation/audit`: a page of the log, and the cursor of the next (null: this was the last). */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}
