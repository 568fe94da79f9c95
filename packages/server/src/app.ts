import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { GAMES } from '@skyline/games';
import { LIMITS } from '@skyline/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Accounts } from './auth.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connect.js';
import type { Database } from './db/schema.js';
import { registerRoutes } from './http.js';
import { Metrics } from './metrics.js';
import { Realtime } from './realtime.js';
import { TableService } from './tables/service.js';

export interface App {
  http: FastifyInstance;
  realtime: Realtime;
  service: TableService;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Where the built web client is: `packages/web/dist`, found from this package (`dist/app.js` or `src/app.ts`), or
 * `null` when it has not been built.
 */
export function defaultWebRoot(): string | null {
  const root = fileURLToPath(new URL('../../web/dist/', import.meta.url));
  return existsSync(`${root}index.html`) ? root : null;
}

/** Builds the whole server without listening (tests listen on an ephemeral port; `main.ts` on the configured one). */
export async function buildApp(config: Config): Promise<App> {
  const http = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.body.password'] },
    bodyLimit: LIMITS.messageBytes,
  });
  await http.register(cookie);
  const db = await openDatabase(config.databasePath);
  const metrics = new Metrics();
  const accounts = new Accounts(db);
  const realtime = new Realtime(http.server, accounts, metrics, http.log, (header) =>
    http.parseCookie(header),
  );
  const service = new TableService(db, GAMES, realtime, realtime.connectedTo);
  realtime.service = service;
  const webRoot = config.webRoot === undefined ? defaultWebRoot() : config.webRoot;
  if (webRoot !== null) {
    // The built client; `wildcard: false` lists its files once, and every other page path falls back to index.html.
    await http.register(fastifyStatic, { root: webRoot, wildcard: false, index: 'index.html' });
  }
  registerRoutes(http, {
    accounts,
    service,
    metrics,
    config,
    games: GAMES,
    spaFallback: webRoot === null ? null : (reply) => reply.type('text/html').sendFile('index.html'),
  });
  return {
    http,
    realtime,
    service,
    db,
    async close() {
      await realtime.io.close();
      await http.close();
      await db.destroy();
    },
  };
}
