import { describeIssues } from '@skyline/engine';
import { z } from 'zod';
import type { BotSettings } from './bots/driver.js';
import type { TimeSource } from './clocks/clocks.js';
import { DEFAULT_LIMITS, type LimitSettings } from './limits.js';
import { DEFAULT_MAIL, defaultSender, type MailSettings } from './mail/settings.js';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from './reviews/settings.js';
import { DEFAULT_RATING_RULES, type RatingRules } from './ratings/ended.js';
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from './queue/settings.js';

/** The server's settings, from the environment (every one has a default that works on a laptop). */
export interface Config {
  /** TCP port (`PORT`, default 8080). */
  port: number;
  /** Address to listen on (`HOST`, default 0.0.0.0). */
  host: string;
  /** SQLite database file (`DATABASE_PATH`, default `./data/skyline.db`); `:memory:` for tests. */
  databasePath: string;
  /** PostgreSQL instead of SQLite (`DATABASE_URL=postgres://...`), for several server processes. */
  databaseUrl: string | null;
  /** Redis for socket.io's adapter (`REDIS_URL=redis://...`): events reach clients connected to any process. */
  redisUrl: string | null;
  /** Prefix of the Redis channels (`REDIS_KEY`, default `skyline`): separate platforms sharing one Redis. */
  redisKey: string;
  /**
   * With several processes, how often the tables watched through this process are checked against the database in
   * case a change was never told (`CATCH_UP_MS`, default 5000).
   */
  catchUpMs: number;
  /** pino log level (`LOG_LEVEL`, default `info`; `silent` in tests). */
  logLevel: string;
  /** Whether session cookies are marked Secure (`COOKIE_SECURE=1` behind HTTPS). */
  cookieSecure: boolean;
  /**
   * Where the built web client is (`WEB_ROOT`); `undefined` (the default): `packages/web/dist` when it is built;
   * `null`: no client served.
   */
  webRoot?: string | null;
  /** The limits a host can tune (see `limits.ts`); every one has a default. */
  limits?: Partial<LimitSettings>;
  /** scrypt's cost as a power of two (`PASSWORD_COST`, default 17: N = 131072, the OWASP minimum for scrypt). */
  passwordCost?: number;
  /** Days a session lasts unused (`SESSION_DAYS`, default 30): each use moves the end on (sliding). */
  sessionDays?: number;
  /**
   * Origins allowed to open sockets and send state-changing requests (`ALLOWED_ORIGINS`, comma-separated); empty
   * (the default): the server's own origin only, as the request's Host names it.
   */
  allowedOrigins?: string[];
  /** A secret that `GET /metrics` must carry as `Authorization: Bearer ...` (`METRICS_TOKEN`). */
  metricsToken?: string | null;
  /** A separate port (on 127.0.0.1 unless `METRICS_HOST`) serving only `/metrics`, without a token (`METRICS_PORT`). */
  metricsPort?: number | null;
  metricsHost?: string;
  /**
   * How many proxies in front of the server add to `X-Forwarded-For` (`TRUST_PROXY`, default 0): with nginx in front,
   * 1, so that limits per address count the players' addresses and not the proxy's.
   */
  trustProxy?: number;
  /**
   * How long every opponent must have been away from a game without a clock before a player may `/claim` their seats
   * for bots (`CLAIM_AFTER_SECONDS`, default 120), in ms.
   */
  claimAfterMs?: number;
  /** How often each process looks for clocks that ran out (ms, default 1000; tests set less). */
  clockCheckMs?: number;
  /** How often each process looks at the tournaments to drive (ms; default 1000). */
  tournamentCheckMs?: number;
  /** What clocks are read against: the system's time, or a test's own (`ManualTime`). */
  time?: TimeSource;
  /**
   * The rules of rated games a host sets (`ratings/ended.ts`): the most games in 24 hours in which the same two people
   * are rated against each other (`RATED_GAMES_PER_PAIR_PER_DAY`, default 5).
   */
  ratingRules?: RatingRules;
  /** E-mail: the SMTP server, the sender, the links' address, how long links last (`mail/settings.ts`). */
  mail?: Partial<MailSettings>;
  /**
   * Reviews of finished games by the bots (`reviews/service.ts`): reviews one player may ask for in 24 hours
   * (`LIMIT_REVIEWS_PER_DAY`, default 10) and the search's time per decision (`REVIEW_MS_PER_DECISION`, default 200).
   */
  reviews?: Partial<ReviewSettings>;
  /**
   * "Play now" (`queue/settings.ts`): the rating window and its widening (`MATCH_WINDOW_START`, `MATCH_WINDOW_STEP`,
   * `MATCH_WINDOW_STEP_SECONDS`, `MATCH_WINDOW_MOST`) and when a player no process sees leaves the queue
   * (`QUEUE_STALE_SECONDS`).
   */
  queue?: Partial<QueueSettings>;
  /** How often each process looks for matches in the queue (ms; default 1000; tests call `check()` themselves). */
  queueCheckMs?: number;
  /** Bots at tables (see `bots/driver.ts`). */
  bots: BotSettings & {
    /** Worker threads in which bots think (`BOT_WORKERS`, default 1). */
    workers: number;
    /**
     * The most bot seats one player may have at its tables not over, as their host (`BOT_SEATS_PER_PLAYER`,
     * default 8; left out: 8): bots think on the server's processors, so no player can keep many of them busy.
     */
    seatsPerPlayer?: number;
  };
}

const integer = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return fallback;
      const number = Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return number;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!protocols.some((protocol) => value.startsWith(`${protocol}://`))) {
        context.addIssue({
          code: 'custom',
          message: `${name} must start with ${protocols.join(':// or ')}://`,
        });
        return z.NEVER;
      }
      return value;
    });

const ENV = z.object({
  PORT: integer('PORT', 8080, 0, 65535),
  HOST: z.string().optional(),
  DATABASE_PATH: z.string().optional(),
  DATABASE_URL: url('DATABASE_URL', ['postgres', 'postgresql']),
  REDIS_URL: url('REDIS_URL', ['redis', 'rediss']),
  REDIS_KEY: z.string().optional(),
  CATCH_UP_MS: integer('CATCH_UP_MS', 5000, 100, 3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  COOKIE_SECURE: z.enum(['', '0', '1']).optional(),
  WEB_ROOT: z.string().optional(),
  BOT_DELAY_MS: integer('BOT_DELAY_MS', 700, 0, 600_000),
  BOT_THINK_MS: integer('BOT_THINK_MS', 1000, 1, 600_000),
  BOT_LEASE_MS: integer('BOT_LEASE_MS', 10_000, 500, 3_600_000),
  BOT_WORKERS: integer('BOT_WORKERS', 1, 1, 64),
  BOT_SEATS_PER_PLAYER: integer('BOT_SEATS_PER_PLAYER', 8, 0, 1000),
  LIMIT_OPEN_TABLES: integer('LIMIT_OPEN_TABLES', DEFAULT_LIMITS.openTablesPerPlayer, 1, 1000),
  LIMIT_TABLES_PER_MINUTE: integer('LIMIT_TABLES_PER_MINUTE', DEFAULT_LIMITS.tablesPerMinute, 1, 10_000),
  LIMIT_GUESTS_PER_HOUR: integer('LIMIT_GUESTS_PER_HOUR', DEFAULT_LIMITS.guestsPerHour, 1, 1_000_000),
  LIMIT_CONNECTIONS_PER_ADDRESS: integer(
    'LIMIT_CONNECTIONS_PER_ADDRESS',
    DEFAULT_LIMITS.connectionsPerAddress,
    1,
    1_000_000,
  ),
  LIMIT_CHAT_PER_MINUTE: integer('LIMIT_CHAT_PER_MINUTE', DEFAULT_LIMITS.chatPerMinute, 1, 100_000),
  LIMIT_ACTIONS_PER_MINUTE: integer(
    'LIMIT_ACTIONS_PER_MINUTE',
    DEFAULT_LIMITS.actionsPerMinute,
    1,
    1_000_000,
  ),
  LIMIT_MOVES_PER_SECOND: integer('LIMIT_MOVES_PER_SECOND', DEFAULT_LIMITS.movesPerSecond, 1, 100_000),
  LIMIT_READS_PER_MINUTE: integer('LIMIT_READS_PER_MINUTE', DEFAULT_LIMITS.readsPerMinute, 1, 1_000_000),
  LIMIT_LOGIN_FAILURES: integer('LIMIT_LOGIN_FAILURES', DEFAULT_LIMITS.loginFailures, 1, 10_000),
  LIMIT_SIGNINS_PER_HOUR: integer('LIMIT_SIGNINS_PER_HOUR', DEFAULT_LIMITS.signInsPerHour, 1, 100_000),
  LIMIT_ADDRESS_SIGNINS_PER_HOUR: integer(
    'LIMIT_ADDRESS_SIGNINS_PER_HOUR',
    DEFAULT_LIMITS.addressSignInsPerHour,
    1,
    1_000_000,
  ),
  LIMIT_ADDRESS_CHAT_PER_MINUTE: integer(
    'LIMIT_ADDRESS_CHAT_PER_MINUTE',
    DEFAULT_LIMITS.addressChatPerMinute,
    1,
    1_000_000,
  ),
  LIMIT_PASSWORD_QUEUE_PER_ADDRESS: integer(
    'LIMIT_PASSWORD_QUEUE_PER_ADDRESS',
    DEFAULT_LIMITS.passwordQueuePerAddress,
    1,
    10_000,
  ),
  LIMIT_REPORTS_PER_DAY: integer('LIMIT_REPORTS_PER_DAY', DEFAULT_LIMITS.reportsPerDay, 1, 10_000),
  LIMIT_ADDRESS_REPORTS_PER_DAY: integer(
    'LIMIT_ADDRESS_REPORTS_PER_DAY',
    DEFAULT_LIMITS.addressReportsPerDay,
    1,
    1_000_000,
  ),
  OPEN_TABLE_IDLE_MINUTES: integer(
    'OPEN_TABLE_IDLE_MINUTES',
    DEFAULT_LIMITS.openTableIdleMinutes,
    1,
    525_600,
  ),
  LIMIT_EMAILS_PER_ADDRESS: integer('LIMIT_EMAILS_PER_ADDRESS', DEFAULT_LIMITS.emailsPerAddress, 1, 1000),
  LIMIT_EMAILS_PER_ACCOUNT: integer('LIMIT_EMAILS_PER_ACCOUNT', DEFAULT_LIMITS.emailsPerAccount, 1, 1000),
  LIMIT_EMAIL_REQUESTS_PER_IP: integer(
    'LIMIT_EMAIL_REQUESTS_PER_IP',
    DEFAULT_LIMITS.emailRequestsPerIp,
    1,
    1_000_000,
  ),
  LIMIT_REMINDERS_PER_DAY: integer('LIMIT_REMINDERS_PER_DAY', DEFAULT_LIMITS.remindersPerDay, 1, 10_000),
  LIMIT_REVIEWS_PER_DAY: integer('LIMIT_REVIEWS_PER_DAY', DEFAULT_REVIEW_SETTINGS.perDay, 1, 10_000),
  REVIEW_MS_PER_DECISION: integer(
    'REVIEW_MS_PER_DECISION',
    DEFAULT_REVIEW_SETTINGS.msPerDecision,
    10,
    10_000,
  ),
  LIMIT_FOLLOWS: integer('LIMIT_FOLLOWS', DEFAULT_LIMITS.follows, 1, 100_000),
  LIMIT_BLOCKS: integer('LIMIT_BLOCKS', DEFAULT_LIMITS.blocks, 1, 100_000),
  LIMIT_INVITATIONS_PER_DAY: integer(
    'LIMIT_INVITATIONS_PER_DAY',
    DEFAULT_LIMITS.invitationsPerDay,
    1,
    100_000,
  ),
  INVITATION_LINK_HOURS: integer('INVITATION_LINK_HOURS', DEFAULT_LIMITS.invitationLinkHours, 1, 24 * 365),
  LIMIT_QUEUE_JOINS_PER_MINUTE: integer(
    'LIMIT_QUEUE_JOINS_PER_MINUTE',
    DEFAULT_LIMITS.queueJoinsPerMinute,
    1,
    10_000,
  ),
  MATCH_WINDOW_START: integer('MATCH_WINDOW_START', DEFAULT_QUEUE_SETTINGS.windowStart, 0, 10_000),
  MATCH_WINDOW_STEP: integer('MATCH_WINDOW_STEP', DEFAULT_QUEUE_SETTINGS.windowStep, 0, 10_000),
  MATCH_WINDOW_STEP_SECONDS: integer(
    'MATCH_WINDOW_STEP_SECONDS',
    DEFAULT_QUEUE_SETTINGS.windowStepSeconds,
    1,
    3600,
  ),
  MATCH_WINDOW_MOST: integer('MATCH_WINDOW_MOST', DEFAULT_QUEUE_SETTINGS.windowMost, 0, 10_000),
  QUEUE_STALE_SECONDS: integer('QUEUE_STALE_SECONDS', DEFAULT_QUEUE_SETTINGS.staleSeconds, 5, 3600),
  SMTP_URL: url('SMTP_URL', ['smtp', 'smtps']),
  MAIL_FROM: z
    .string()
    .max(200, 'MAIL_FROM has at most 200 characters')
    .regex(/^[^\r\n]*$/, 'MAIL_FROM is one line')
    .optional(),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const origin = value.replace(/\/+$/, '');
      if (!/^https?:\/\/[^/\s?#]+$/.test(origin)) {
        context.addIssue({
          code: 'custom',
          message: `PUBLIC_URL: ${value} is not an address like https://play.example.org (no path)`,
        });
        return z.NEVER;
      }
      return origin;
    }),
  CONFIRM_LINK_HOURS: integer('CONFIRM_LINK_HOURS', DEFAULT_MAIL.confirmLinkHours, 1, 30 * 24),
  RESET_LINK_MINUTES: integer('RESET_LINK_MINUTES', DEFAULT_MAIL.resetLinkMinutes, 5, 24 * 60),
  PASSWORD_COST: integer('PASSWORD_COST', 17, 10, 20),
  SESSION_DAYS: integer('SESSION_DAYS', 30, 1, 3650),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins = (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
          context.addIssue({
            code: 'custom',
            message: `ALLOWED_ORIGINS: ${origin} is not an origin like https://play.example.org`,
          });
          return z.NEVER;
        }
      }
      return origins;
    }),
  METRICS_TOKEN: z.string().optional(),
  METRICS_PORT: integer('METRICS_PORT', 0, 0, 65535),
  METRICS_HOST: z.string().optional(),
  TRUST_PROXY: integer('TRUST_PROXY', 0, 0, 10),
  CLAIM_AFTER_SECONDS: integer('CLAIM_AFTER_SECONDS', 120, 1, 7 * 86_400),
  RATED_GAMES_PER_PAIR_PER_DAY: integer(
    'RATED_GAMES_PER_PAIR_PER_DAY',
    DEFAULT_RATING_RULES.pairGamesPerDay,
    1,
    1000,
  ),
});

/**
 * The rules of rated games from the environment alone, for `skyline ratings recompute`, which must rate under the
 * rules the server rates under (`RATED_GAMES_PER_PAIR_PER_DAY`); throws a `ConfigError` for a bad value.
 */
export function ratingRulesFromEnv(env: NodeJS.ProcessEnv = process.env): RatingRules {
  const parsed = ENV.pick({ RATED_GAMES_PER_PAIR_PER_DAY: true }).safeParse(env);
  if (!parsed.success) throw new ConfigError(`bad settings: ${describeIssues(parsed.error)}`);
  return { pairGamesPerDay: parsed.data.RATED_GAMES_PER_PAIR_PER_DAY };
}

/** The settings that code building a `Config` by hand (tests) may leave out, with their defaults filled in. */
export type FullConfig = Config &
  Required<Pick<Config, OptionalSetting>> & { limits: LimitSettings; mail: MailSettings };
type OptionalSetting =
  | 'limits'
  | 'passwordCost'
  | 'sessionDays'
  | 'allowedOrigins'
  | 'metricsToken'
  | 'metricsPort'
  | 'metricsHost'
  | 'trustProxy';

export function withDefaults(config: Config): FullConfig {
  return {
    ...config,
    limits: { ...DEFAULT_LIMITS, ...config.limits },
    mail: mailWithDefaults(config.mail ?? {}),
    passwordCost: config.passwordCost ?? 17,
    sessionDays: config.sessionDays ?? 30,
    allowedOrigins: config.allowedOrigins ?? [],
    metricsToken: config.metricsToken ?? null,
    metricsPort: config.metricsPort ?? null,
    metricsHost: config.metricsHost ?? '127.0.0.1',
    trustProxy: config.trustProxy ?? 0,
  };
}

/** A setting that cannot be used: the server says which and does not start. */
export class ConfigError extends Error {}

/**
 * The e-mail settings with their defaults; throws a `ConfigError` for an SMTP server without the public address its
 * links need (a link cannot be made from a request's Host, which whoever asks for a reset link would choose).
 */
function mailWithDefaults(mail: Partial<MailSettings>): MailSettings {
  const settings = { ...DEFAULT_MAIL, ...mail };
  if (settings.smtpUrl !== null && settings.publicUrl === null)
    throw new ConfigError(
      'bad settings: SMTP_URL needs PUBLIC_URL, the address players open (https://play.example.org): the links in e-mails start with it',
    );
  return { ...settings, from: settings.from || defaultSender(settings.publicUrl) };
}

/** The settings from the environment; throws a `ConfigError` naming every bad one. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`bad settings: ${describeIssues(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST || '0.0.0.0',
    databasePath: e.DATABASE_PATH || './data/skyline.db',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKey: e.REDIS_KEY || 'skyline',
    catchUpMs: e.CATCH_UP_MS,
    logLevel: e.LOG_LEVEL ?? 'info',
    cookieSecure: e.COOKIE_SECURE === '1',
    // Unset: the built client if there is one; set but empty: none.
    webRoot: e.WEB_ROOT === undefined ? undefined : e.WEB_ROOT || null,
    limits: {
      openTablesPerPlayer: e.LIMIT_OPEN_TABLES,
      tablesPerMinute: e.LIMIT_TABLES_PER_MINUTE,
      guestsPerHour: e.LIMIT_GUESTS_PER_HOUR,
      connectionsPerAddress: e.LIMIT_CONNECTIONS_PER_ADDRESS,
      chatPerMinute: e.LIMIT_CHAT_PER_MINUTE,
      actionsPerMinute: e.LIMIT_ACTIONS_PER_MINUTE,
      movesPerSecond: e.LIMIT_MOVES_PER_SECOND,
      readsPerMinute: e.LIMIT_READS_PER_MINUTE,
      loginFailures: e.LIMIT_LOGIN_FAILURES,
      signInsPerHour: e.LIMIT_SIGNINS_PER_HOUR,
      addressSignInsPerHour: e.LIMIT_ADDRESS_SIGNINS_PER_HOUR,
      addressChatPerMinute: e.LIMIT_ADDRESS_CHAT_PER_MINUTE,
      passwordQueuePerAddress: e.LIMIT_PASSWORD_QUEUE_PER_ADDRESS,
      openTableIdleMinutes: e.OPEN_TABLE_IDLE_MINUTES,
      emailsPerAddress: e.LIMIT_EMAILS_PER_ADDRESS,
      emailsPerAccount: e.LIMIT_EMAILS_PER_ACCOUNT,
      emailRequestsPerIp: e.LIMIT_EMAIL_REQUESTS_PER_IP,
      remindersPerDay: e.LIMIT_REMINDERS_PER_DAY,
      reportsPerDay: e.LIMIT_REPORTS_PER_DAY,
      addressReportsPerDay: e.LIMIT_ADDRESS_REPORTS_PER_DAY,
      follows: e.LIMIT_FOLLOWS,
      blocks: e.LIMIT_BLOCKS,
      invitationsPerDay: e.LIMIT_INVITATIONS_PER_DAY,
      invitationLinkHours: e.INVITATION_LINK_HOURS,
      queueJoinsPerMinute: e.LIMIT_QUEUE_JOINS_PER_MINUTE,
    },
    queue: {
      windowStart: e.MATCH_WINDOW_START,
      windowStep: e.MATCH_WINDOW_STEP,
      windowStepSeconds: e.MATCH_WINDOW_STEP_SECONDS,
      windowMost: e.MATCH_WINDOW_MOST,
      staleSeconds: e.QUEUE_STALE_SECONDS,
    },
    mail: mailWithDefaults({
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? '',
      publicUrl: e.PUBLIC_URL,
      confirmLinkHours: e.CONFIRM_LINK_HOURS,
      resetLinkMinutes: e.RESET_LINK_MINUTES,
    }),
    passwordCost: e.PASSWORD_COST,
    sessionDays: e.SESSION_DAYS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    metricsToken: e.METRICS_TOKEN || null,
    metricsPort: e.METRICS_PORT || null,
    metricsHost: e.METRICS_HOST || '127.0.0.1',
    trustProxy: e.TRUST_PROXY,
    claimAfterMs: e.CLAIM_AFTER_SECONDS * 1000,
    ratingRules: { pairGamesPerDay: e.RATED_GAMES_PER_PAIR_PER_DAY },
    reviews: { perDay: e.LIMIT_REVIEWS_PER_DAY, msPerDecision: e.REVIEW_MS_PER_DECISION },
    bots: {
      delayMs: e.BOT_DELAY_MS,
      thinkMs: e.BOT_THINK_MS,
      leaseMs: e.BOT_LEASE_MS,
      workers: e.BOT_WORKERS,
      seatsPerPlayer: e.BOT_SEATS_PER_PLAYER,
    },
  };
}
