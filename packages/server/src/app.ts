import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { GAMES } from '@skyline/games';
import { LIMITS } from '@skyline/protocol';
import { createAdapter } from '@socket.io/redis-adapter';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import { Accounts } from './auth.js';
import type { Config } from './config.js';
import { openStore } from './db/connect.js';
import type { Database } from './db/schema.js';
import { registerRoutes } from './http.js';
import { Metrics } from './metrics.js';
import { Realtime } from './realtime.js';
import { TableService, type TableEvents } from './tables/service.js';
import { BotDriver } from './bots/driver.js';
import { BotPool } from './bots/pool.js';
import { randomId } from './ids.js';

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
  const { db, moveLog, shared } = await openStore(config, (error) =>
    http.log.warn({ err: error }, 'idle database connection failed'),
  );
  const metrics = new Metrics();
  const accounts = new Accounts(db);
  const realtime = new Realtime(http.server, accounts, metrics, http.log, (header) =>
    http.parseCookie(header),
  );
  const closers: (() => Promise<unknown>)[] = [];
  if (config.redisUrl) {
    // Several processes: socket.io events reach the clients of every process through Redis.
    const publisher = createClient({ url: config.redisUrl });
    const subscriber = publisher.duplicate();
    publisher.on('error', (error: unknown) => http.log.error({ err: error }, 'redis publisher'));
    subscriber.on('error', (error: unknown) => http.log.error({ err: error }, 'redis subscriber'));
    await Promise.all([publisher.connect(), subscriber.connect()]);
    // A process that died does not answer requests (who is connected): give up on it after a second.
    realtime.io.adapter(
      createAdapter(publisher, subscriber, { key: config.redisKey, requestsTimeout: 1000 }),
    );
    realtime.shared = true;
    closers.push(
      () => publisher.quit(),
      () => subscriber.quit(),
    );
  }
  // The service tells the real-time layer (views to people) and the bot driver (moves of bots) of every change.
  let bots: BotDriver | null = null;
  const events: TableEvents = {
    tableChanged: (table) => realtime.tableChanged(table),
    gameAdvanced: (table, from) => {
      realtime.gameAdvanced(table, from);
      bots?.advanced(table);
    },
    chat: (line) => realtime.chat(line),
    stored: (sync) => realtime.stored(sync),
    counted: (event) => metrics.copies.inc({ event }),
  };
  const service = new TableService(db, accounts, moveLog, GAMES, events, realtime.connectedTo, shared);
  realtime.service = service;
  if (config.bots.seatsPerPlayer !== undefined) service.botSeatsPerPlayer = config.bots.seatsPerPlayer;
  const pool = new BotPool(Math.max(1, config.bots.workers));
  const processId = `p${randomId(12)}`;
  bots = new BotDriver(service, pool, db, config.bots, processId, http.log);
  bots.start();
  const evictor = setInterval(() => service.evictIdle(realtime.watchedHere), 30_000);
  evictor.unref();
  // Several processes: every few seconds, the tables watched here are checked against the database, in case a
  // `table:sync` never came (see `TableCopies.catchUp`).
  const catchUp = shared
    ? setInterval(() => {
        service
          .catchUp(realtime.watchedTables())
          .catch((error: unknown) => http.log.warn({ err: error }, 'catching up with the database failed'));
      }, config.catchUpMs)
    : null;
  catchUp?.unref();
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
    processId,
    games: GAMES,
    spaFallback: webRoot === null ? null : (reply) => reply.type('text/html').sendFile('index.html'),
  });
  return {
    http,
    realtime,
    service,
    db,
    async close() {
      realtime.closing = true;
      clearInterval(evictor);
      if (catchUp) clearInterval(catchUp);
      await bots?.close();
      await pool.close();
      await realtime.io.close();
      await http.close();
      await realtime.drain();
      await Promise.allSettled(closers.map((close) => close()));
      await db.destroy();
    },
  };
}
