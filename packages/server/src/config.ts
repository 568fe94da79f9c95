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
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databasePath: env.DATABASE_PATH ?? './data/skyline.db',
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisKey: env.REDIS_KEY || 'skyline',
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === '1',
    webRoot: env.WEB_ROOT,
    bots: {
      delayMs: Number(env.BOT_DELAY_MS ?? 700),
      thinkMs: Number(env.BOT_THINK_MS ?? 1000),
      leaseMs: Number(env.BOT_LEASE_MS ?? 10_000),
      workers: Number(env.BOT_WORKERS ?? 1),
    },
  };
}
