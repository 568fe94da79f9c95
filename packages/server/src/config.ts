import { z } from 'zod';
import type { BotSettings } from './bots/driver.js';

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
});

/** A setting that cannot be used: the server says which and does not start. */
export class ConfigError extends Error {}

/** The settings from the environment; throws a `ConfigError` naming every bad one. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'custom' ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`bad settings: ${problems.join('; ')}`);
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
    bots: {
      delayMs: e.BOT_DELAY_MS,
      thinkMs: e.BOT_THINK_MS,
      leaseMs: e.BOT_LEASE_MS,
      workers: e.BOT_WORKERS,
      seatsPerPlayer: e.BOT_SEATS_PER_PLAYER,
    },
  };
}
