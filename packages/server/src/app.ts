import cookie from '@fastify/cookie';
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

/** Builds the whole server without listening (tests listen on an ephemeral port; `main.ts` on the configured one). */
export async function buildApp(config: Config): Promise<App> {
  const http = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.body.password'] },
    bodyLimit: LIMITS.messageBytes,
  });
  await http.register(cookie);
  const { db, moveLog } = await openDatabase(config.databasePath);
  const metrics = new Metrics();
  const accounts = new Accounts(db);
  const realtime = new Realtime(http.server, accounts, metrics, http.log, (header) =>
    http.parseCookie(header),
  );
  const service = new TableService(db, moveLog, GAMES, realtime, realtime.connectedTo);
  realtime.service = service;
  registerRoutes(http, { accounts, service, metrics, config, games: GAMES });
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
