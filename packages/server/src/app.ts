import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { GAMES } from '@skyline/games';
import { LIMITS } from '@skyline/protocol';
import { createAdapter } from '@socket.io/redis-adapter';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import { Accounts } from './auth.js';
import { withDefaults, type Config } from './config.js';
import { openStore } from './db/connect.js';
import type { Database } from './db/schema.js';
import { Edge } from './edge.js';
import { registerMetricsOnly, registerRoutes } from './http.js';
import { Limits } from './limits.js';
import { Passwords } from './passwords.js';
import { Metrics } from './metrics.js';
import { Realtime } from './realtime.js';
import { TableService } from './tables/service.js';
import { TableDispatcher } from './tables/dispatcher.js';
import { TablePublisher } from './tables/publisher.js';
import { Delivery } from './delivery.js';
import { Presence } from './presence.js';
import { createSocketServer, userRoom } from './sockets.js';
import { BotDriver } from './bots/driver.js';
import { systemTime, type TimeSource } from './clocks/clocks.js';
import { ClockKeeper } from './clocks/keeper.js';
import { BotPool } from './bots/pool.js';
import { liveFigures } from './moderation/live.js';
import { combineMoves, MoveWindow, MoveWindowFigures } from './moderation/move-figures.js';
import { Reviews } from './reviews/service.js';
import { DEFAULT_REVIEW_SETTINGS } from './reviews/settings.js';
import { randomId } from './ids.js';
import { RatingQueries } from './ratings/queries.js';
import { TournamentDriver } from './tournaments/driver.js';
import { Tournaments } from './tournaments/service.js';
import { EmailAccounts } from './mail/email-accounts.js';
import { SmtpMailer } from './mail/mailer.js';
import { Reminders } from './mail/reminders.js';
import { Moderation } from './moderation/service.js';
import { Sanctions } from './moderation/sanctions.js';
import { DRAIN_MS, handOver } from './shutdown.js';
import { Friends } from './friends/service.js';
import { blockedByHosts } from './tables/privacy.js';
import { PlayQueue } from './queue/service.js';
import { DEFAULT_QUEUE_SETTINGS } from './queue/settings.js';

export interface App {
  http: FastifyInstance;
  realtime: Realtime;
  service: TableService;
  /** Where every change is told from (tests listen to it). */
  publisher: TablePublisher;
  /** Publishes what an operation of `service` changed (tests that act through the service hand it their outcomes). */
  tables: TableDispatcher;
  /** Looks for clocks that ran out (every second; tests call `check()` after moving their time source). */
  keeper: ClockKeeper;
  /** Tournaments: registration and what pages read; `tournamentDriver` drives them (tests call `check()`). */
  tournaments: Tournaments;
  tournamentDriver: TournamentDriver;
  /** An account's e-mail: addresses, links, resets (`mail/`); `drain()` waits for the e-mails under way. */
  mail: EmailAccounts;
  /** Reminders by e-mail (every minute, with `SMTP_URL`; tests call `check()` after moving their time source). */
  reminders: Reminders | null;
  /** The bots' reviews of finished games (`reviews/`). */
  reviews: Reviews;
  /** Moderation and reports (`moderation/`). */
  moderation: Moderation;
  /** "Play now" (`queue/`): tests call `check()` after moving their time source. */
  queue: PlayQueue;
  /** Removes the open tables abandoned at `now` and tells the lobby; returns their ids (run every minute). */
  expireOpenTables(now?: number): Promise<string[]>;
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
export async function buildApp(settings: Config): Promise<App> {
  const config = withDefaults(settings);
  const http = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.body.password',
        'req.body.current',
        'req.body.token',
      ],
    },
    bodyLimit: LIMITS.messageBytes,
  });
  await http.register(cookie);
  await http.register(helmet, {
    // What the web client needs and nothing more: its own scripts, styles and socket; no framing by other sites.
    // React sets `style` through the DOM, which `style-src 'self'` allows.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HTTPS is the proxy's business: only announce it when the cookie is marked Secure (the host runs behind HTTPS).
    strictTransportSecurity: config.cookieSecure,
    // The rules pages and the client open nothing cross-origin; these would only get in the way of a self-hoster.
    crossOriginEmbedderPolicy: false,
  });
  const { db, moveLog, shared } = await openStore(config, (error) =>
    http.log.warn({ err: error }, 'idle database connection failed'),
  );
  const metrics = new Metrics();
  const passwords = new Passwords(config.passwordCost, config.limits.passwordQueuePerAddress);
  const accounts = new Accounts(db, { passwords, sessionDays: config.sessionDays });
  const edge = new Edge(config.allowedOrigins, config.trustProxy);
  const closers: (() => Promise<unknown>)[] = [() => accounts.close()];
  let redis: ReturnType<typeof createClient> | null = null;
  if (config.redisUrl) {
    redis = createClient({ url: config.redisUrl });
    redis.on('error', (error: unknown) => http.log.error({ err: error }, 'redis limits'));
    await redis.connect();
    const limitsClient = redis;
    closers.push(() => limitsClient.quit());
  }
  // With several processes the counts live in Redis, so that reaching several processes multiplies no limit.
  const limits = new Limits(config.limits, redis, config.redisKey);
  const io = createSocketServer(http.server, edge);
  const presence = new Presence(io);
  if (config.redisUrl) {
    // Several processes: socket.io events reach the clients of every process through Redis.
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error: unknown) => http.log.error({ err: error }, 'redis publisher'));
    sub.on('error', (error: unknown) => http.log.error({ err: error }, 'redis subscriber'));
    await Promise.all([pub.connect(), sub.connect()]);
    // A process that died does not answer requests (who is connected): give up on it after a second.
    io.adapter(createAdapter(pub, sub, { key: config.redisKey, requestsTimeout: 1000 }));
    presence.shared = true;
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }
  // The move path goes one way: a request is handled by the service (which stores and returns `{ack, change}`), and
  // the dispatcher acknowledges the sender and publishes the change; the publisher's listeners (the sockets of this
  // process, the bots) pass it on. Nothing the service does calls back into the edges, and no edge publishes itself.
  const publisher = new TablePublisher();
  const tables = new TableDispatcher(publisher, (error, change) =>
    http.log.error({ err: error, table: change.table?.id }, 'publishing a change failed'),
  );
  const time: TimeSource = config.time ?? systemTime;
  // Mutes and bans, read from the database by every process alike (`moderation/sanctions.ts`).
  const sanctions = new Sanctions(db, accounts.addresses);
  const service = new TableService({
    db,
    accounts,
    moveLog,
    games: GAMES,
    publisher,
    connectedTo: presence.connectedTo,
    shared,
    limits,
    counted: (event) => metrics.copies.inc({ event }),
    broken: (tableId, error) =>
      http.log.error({ err: error, table: tableId }, 'stored table cannot be loaded: set aside as broken'),
    time,
    claimAfterMs: config.claimAfterMs,
    ratingRules: config.ratingRules,
    chatAllowed: (user) => sanctions.requireUnmuted(user.id),
  });
  if (config.bots.seatsPerPlayer !== undefined) service.botSeatsPerPlayer = config.bots.seatsPerPlayer;
  const delivery = new Delivery(
    io,
    http.log,
    (tableId) => service.cached(tableId),
    (tables) => service.summaries(tables),
    (hostIds) => blockedByHosts(db, hostIds),
  );
  delivery.shared = presence.shared;
  delivery.time = time;
  tables.subscribe(delivery);
  const moderation = new Moderation({
    db,
    accounts,
    service,
    tables,
    effects: {
      endUser: (userId, sessions) => delivery.endUser(userId, sessions),
      addressesOf: (userId) => presence.addressesOf(userId),
      chatHidden: (hidden) => delivery.chatHidden(hidden),
    },
    reportsPerDay: config.limits.reportsPerDay,
  });
  // "Play now": the queue in the database, looked at by every process (`queue/`).
  const queue = new PlayQueue({
    db,
    accounts,
    service,
    tables,
    games: GAMES,
    time,
    settings: { ...DEFAULT_QUEUE_SETTINGS, ...config.queue },
    botSeatsPerPlayer: config.bots.seatsPerPlayer ?? 8,
    tell: (userId, tableId) => {
      if (!delivery.closing) io.to(userRoom(userId)).emit('queue:matched', { tableId });
    },
    online: (userIds) => presence.onlineAmong(userIds),
    connectedHere: () => [...io.sockets.sockets.values()].flatMap((socket) => socket.data.user?.id ?? []),
    log: http.log,
    checkMs: config.queueCheckMs ?? 1000,
  });
  queue.start();
  const realtime = new Realtime({
    queue,
    moderation,
    io,
    accounts,
    service,
    tables,
    delivery,
    metrics,
    log: http.log,
    parseCookie: (header) => http.parseCookie(header),
    limits,
    edge,
  });
  // The operator's page's move figures: this process's window of its metrics, answered to every process that asks.
  const moveWindow = new MoveWindow(metrics.registry);
  moveWindow.start();
  io.on('moves:window', (answer) => {
    moveWindow.figures().then(answer, (error: unknown) => http.log.warn({ err: error }, 'move figures'));
  });
  const moveFigures = async () => {
    const [own, others] = await Promise.all([moveWindow.figures(), presence.otherMoveWindows()]);
    // What another process answered crosses a boundary: parsed, and left out (as not answered) when malformed.
    const parsed = others.answers.map((answer) => MoveWindowFigures.safeParse(answer));
    const valid = parsed.flatMap((result) => (result.success ? [result.data] : []));
    return combineMoves([own, ...valid], others.everyProcess && valid.length === parsed.length);
  };
  const pool = new BotPool(Math.max(1, config.bots.workers));
  const processId = `p${randomId(12)}`;
  const bots = new BotDriver(service, tables, pool, db, config.bots, processId, http.log);
  bots.start();
  // Reviews of finished games, in the bot workers after every table's bots (`reviews/`).
  const reviews = new Reviews({
    db,
    pool,
    service,
    processId,
    now: () => time.now(),
    log: http.log,
    settings: { ...DEFAULT_REVIEW_SETTINGS, ...config.reviews },
  });
  reviews.start();
  // Deadlines of clocks: a seat out of time is handed to a bot (any process may act; the revision check keeps one).
  const keeper = new ClockKeeper(
    db,
    (tableId) => tables.dispatch(service.timeOut(tableId)),
    time,
    http.log,
    config.clockCheckMs ?? 1000,
  );
  keeper.start();
  // Tournaments: one process at a time drives each (a lease, as the bots' one).
  const tournaments = new Tournaments(db, accounts, GAMES, time);
  const tournamentDriver = new TournamentDriver(
    db,
    service,
    tables,
    GAMES,
    time,
    processId,
    http.log,
    { leaseMs: config.bots.leaseMs, intervalMs: config.tournamentCheckMs ?? 1000 },
    config.ratingRules,
  );
  tournamentDriver.start();
  // E-mail, when the host set an SMTP server: addresses, reset links and reminders (`mail/`).
  const mailer = config.mail.smtpUrl === null ? null : new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  const mail = new EmailAccounts({
    db,
    accounts,
    mailer,
    settings: config.mail,
    limits: config.limits,
    now: () => time.now(),
    log: http.log,
  });
  const reminders =
    mailer === null
      ? null
      : new Reminders({
          db,
          mailer,
          mail,
          settings: config.mail,
          limits: config.limits,
          title: (game) => GAMES.get(game)?.title ?? game,
          time,
          log: http.log,
        });
  reminders?.start();
  const evictor = setInterval(() => service.evictIdle(presence.watchedHere), 30_000);
  evictor.unref();
  // Open tables nobody has open any more leave the lobby after a while (OPEN_TABLE_IDLE_MINUTES).
  const expireOpenTables = async (now?: number): Promise<string[]> => {
    const changes = await tables.dispatchEach(service.expireOpenTables(now));
    const removed = changes.flatMap((change) => (change.table ? [change.table.id] : []));
    if (removed.length > 0) http.log.info({ tables: removed }, 'abandoned open tables removed');
    return removed;
  };
  const expirer = setInterval(() => {
    expireOpenTables().catch((error: unknown) =>
      http.log.warn({ err: error }, 'removing abandoned tables failed'),
    );
  }, 60_000);
  expirer.unref();
  // Several processes: every few seconds, the tables watched here are checked against the database, in case a
  // `table:sync` never came (see `TableCopies.catchUp`).
  const catchUp = shared
    ? setInterval(() => {
        service
          .catchUp(presence.watchedTables())
          .catch((error: unknown) => http.log.warn({ err: error }, 'catching up with the database failed'));
      }, config.catchUpMs)
    : null;
  catchUp?.unref();
  const webRoot = config.webRoot === undefined ? defaultWebRoot() : config.webRoot;
  if (webRoot !== null) {
    // The built client; `wildcard: false` lists its files once, and every other page path falls back to index.html.
    await http.register(fastifyStatic, { root: webRoot, wildcard: false, index: 'index.html' });
  }
  const title = (game: string) => GAMES.get(game)?.title ?? game;
  const friends = new Friends(
    {
      db,
      limits: {
        follows: config.limits.follows,
        blocks: config.limits.blocks,
        invitationsPerDay: config.limits.invitationsPerDay,
        linkHours: config.limits.invitationLinkHours,
      },
      now: () => time.now(),
      online: (userIds) => presence.onlineAmong(userIds),
      // Every page of the invited player, in every process (socket.io's Redis adapter).
      tell: (userId, invitation) => {
        if (!delivery.closing) io.to(userRoom(userId)).emit('invitation', invitation);
      },
      notifyByMail: (userId, invitation) => mail.invitation(userId, invitation),
      leaveTables: (userId, tableIds) => delivery.leaveTables(userId, tableIds),
    },
    { service, tables, accounts, title },
  );
  // A table played again starts once its players sat down, however they did (`friends/again.ts`).
  tables.subscribe(
    friends.againStarter((error) => http.log.warn({ err: error }, 'starting a table played again failed')),
  );
  registerRoutes(http, {
    accounts,
    service,
    ratings: new RatingQueries(db, new Map([...GAMES.values()].map((game) => [game.id, game.title]))),
    metrics,
    config,
    limits,
    edge,
    tables,
    endSessions: (sessionIds) => delivery.endSessions(sessionIds),
    userChanged: (user) => realtime.userChanged(user),
    processId,
    tournaments,
    mail,
    moderation,
    sanctions,
    reviews,
    friends,
    liveFigures: () =>
      liveFigures({
        db,
        config,
        processId,
        online: () => presence.online(),
        bots: () => ({ workers: pool.workers, queued: pool.queued }),
        moves: moveFigures,
      }),
    games: GAMES,
    spaFallback: webRoot === null ? null : (reply) => reply.type('text/html').sendFile('index.html'),
  });
  let metricsServer: FastifyInstance | null = null;
  if (config.metricsPort !== null) {
    metricsServer = Fastify({ logger: false });
    registerMetricsOnly(metricsServer, service, metrics);
    await metricsServer.listen({ port: config.metricsPort, host: config.metricsHost });
  }
  return {
    http,
    realtime,
    service,
    publisher,
    tables,
    keeper,
    tournaments,
    tournamentDriver,
    moderation,
    queue,
    expireOpenTables,
    mail,
    reminders,
    reviews,
    db,
    async close() {
      // The queue first: the connections handed over below do not take their players out of it.
      await queue.close();
      // Then the clients: no new connection, every message read answered, stored and told to the other processes
      // (through Redis, still open), then their connections closed so that they reconnect elsewhere (`shutdown.ts`).
      await handOver({ server: http.server, io, tables, log: http.log });
      clearInterval(evictor);
      moveWindow.close();
      clearInterval(expirer);
      if (catchUp) clearInterval(catchUp);
      // The drivers stop, their leases released for the other processes; a move one was storing is told too.
      await keeper.close();
      await tournamentDriver.close();
      await reminders?.close();
      await bots.close();
      // A review running here stops at its next decision; another process (or this one, restarted) takes it over.
      await reviews.close();
      await tables.idle(DRAIN_MS);
      delivery.close();
      presence.closing = true;
      await metricsServer?.close();
      await pool.close();
      await io.close();
      await http.close();
      await presence.drain();
      await mail.drain();
      mailer?.close();
      await Promise.allSettled(closers.map((close) => close()));
      await db.destroy();
    },
  };
}
