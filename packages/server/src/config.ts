/** The server's settings, from the environment (every one has a default that works on a laptop). */
export interface Config {
  /** TCP port (`PORT`, default 8080). */
  port: number;
  /** Address to listen on (`HOST`, default 0.0.0.0). */
  host: string;
  /** SQLite database file (`DATABASE_PATH`, default `./data/skyline.db`); `:memory:` for tests. */
  databasePath: string;
  /** pino log level (`LOG_LEVEL`, default `info`; `silent` in tests). */
  logLevel: string;
  /** Whether session cookies are marked Secure (`COOKIE_SECURE=1` behind HTTPS). */
  cookieSecure: boolean;
  /**
   * Where the built web client is (`WEB_ROOT`); `undefined` (the default): `packages/web/dist` when it is built;
   * `null`: no client served.
   */
  webRoot?: string | null;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databasePath: env.DATABASE_PATH ?? './data/skyline.db',
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === '1',
    webRoot: env.WEB_ROOT,
  };
}
