import { timingSafeEqual } from 'node:crypto';
import {
  ChangePasswordBody,
  CreateTableBody,
  GuestBody,
  LoginBody,
  RegisterBody,
  LeaderboardParams,
  LeaderboardQuery,
  PlayerParams,
  RatingsQuery,
  TableId,
  AddTournamentBotsBody,
  CreateTournamentBody,
  EmptyBody,
  TournamentParams,
  AuditQuery,
  BanBody,
  ChatLineParams,
  MuteBody,
  PlayerNameParams,
  PlayerSearchQuery,
  ReasonBody,
  ReportBody,
  ReportParams,
  ReportsQuery,
  ResolveReportBody,
  RoleBody,
  TableParams,
  words,
  type GameInfo,
  type LiveFigures,
  type GamesResponse,
} from '@skyline/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, parse } from './parse.js';
import { registerAccountRoutes } from './account-routes.js';
import { registerFriendRoutes } from './friend-routes.js';
import type { Friends } from './friends/service.js';
import { describeAgent } from './agents.js';
import type { EmailAccounts } from './mail/email-accounts.js';
import { AuthError, type Accounts, type Session, type User } from './auth.js';
import type { FullConfig } from './config.js';
import { StorageError, isStorageFailure } from './db/errors.js';
import type { Edge } from './edge.js';
import { LimitError, type Limits } from './limits.js';
import type { Metrics } from './metrics.js';
import { PasswordBusyError } from './passwords.js';
import { DEVICE_COOKIE, newDeviceToken, SignInGuard } from './sign-in.js';
import { SESSION_COOKIE } from './sockets.js';
import type { TableDispatcher } from './tables/dispatcher.js';
import { NotFoundError } from './refusals.js';
import { TableError, type TableService } from './tables/service.js';
import type { RatingQueries } from './ratings/queries.js';
import type { Tournaments } from './tournaments/service.js';
import type { Moderation } from './moderation/service.js';
import type { Sanctions } from './moderation/sanctions.js';
import type { Reviews } from './reviews/service.js';

/** The HTTP API: sessions and accounts, tables, records, health and metrics. */
export function registerRoutes(
  app: FastifyInstance,
  deps: {
    accounts: Accounts;
    service: TableService;
    ratings: RatingQueries;
    metrics: Metrics;
    config: FullConfig;
    limits: Limits;
    edge: Edge;
    /** Where changes are told from, once the request is answered. */
    /** Where what a request changed is published from. */
    tables: TableDispatcher;
    /** Ends the connections of sessions that ended (`Delivery.endSessions`). */
    endSessions: (sessionIds: readonly string[]) => void;
    /** Tells every open socket of a user, in every process, that its account changed (a guest registered). */
    userChanged: (user: User) => void;
    /** This process's name among several (the one its bot leases carry). */
    processId: string;
    tournaments: Tournaments;
    /** An account's e-mail and settings (`mail/`). */
    mail: EmailAccounts;
    /** Moderators' and admins' actions, and players' reports. */
    moderation: Moderation;
    /** Mutes and bans: who may take a name or sign in. */
    sanctions: Sanctions;
    /** The bots' reviews of finished games. */
    reviews: Reviews;
    /** Friends, blocks, invitations and "Play again" (`friends/`). */
    friends: Friends;
    /** The operator's page's figures (`moderation/live.ts`), answered to staff only. */
    liveFigures: () => Promise<LiveFigures>;
    games: ReadonlyMap<string, GameInfo>;
    /** Answers a page path that is not a file (the single-page client's routes), when the client is served. */
    spaFallback?: ((reply: FastifyReply) => FastifyReply) | null;
  },
): void {
  const { accounts, service, metrics, config, limits, edge, tables, endSessions } = deps;
  const addressOf = (request: FastifyRequest) =>
    edge.clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);

  // Reads of the API are counted per address: every public page (a record, a profile, a leaderboard) costs a query,
  // and nothing else bounds how often a script may ask for them. Counted on the route the request reached, not on
  // its raw URL (`/%61pi/tables` reaches `/api/tables` too), for HEAD as for GET (HEAD runs the same handler).
  app.addHook('onRequest', async (request) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && request.routeOptions.url?.startsWith('/api/')) await limits.take('reads', addressOf(request));
  });

  // A state-changing request from a page of another site is refused, whatever its cookie (SameSite=Lax is the first
  // guard; this is the second, and covers browsers and subdomains that Lax does not).
  app.addHook('onRequest', (request, _reply, done) => {
    const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (safe || edge.originAllowed(request.headers.origin, request.headers.host)) done();
    else done(new AuthError('request.foreign', 403));
  });

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    maxAge: 365 * 24 * 3600,
  };
  const currentSession = (request: FastifyRequest): Promise<Session | null> =>
    accounts.sessionOfToken(request.cookies[SESSION_COOKIE]);
  const currentUser = async (request: FastifyRequest): Promise<User | null> =>
    (await currentSession(request))?.user ?? null;
  const requireSession = async (request: FastifyRequest): Promise<Session> => {
    const session = await currentSession(request);
    if (!session) throw new AuthError('request.signIn', 401);
    return session;
  };
  const requireUser = async (request: FastifyRequest): Promise<User> => (await requireSession(request)).user;
  const signIn = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
  const guard = new SignInGuard(accounts, limits);
  // Where a sign-in comes from: the address, and the browser's device token (made now for a browser that has none;
  // sent back with the answer, so that the browser is known to the account from then on: `sign-in.ts`).
  const originOf = (request: FastifyRequest) => {
    const given = request.cookies[DEVICE_COOKIE];
    const device = given && /^[\w-]{20,100}$/.test(given) ? given : newDeviceToken();
    return { address: addressOf(request), device, agent: describeAgent(request.headers['user-agent']) };
  };
  const knowDevice = (reply: FastifyReply, device: string) =>
    reply.setCookie(DEVICE_COOKIE, device, { ...cookieOptions, path: '/api/' });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof LimitError)
      return reply
        .status(429)
        .header('retry-after', String(error.retryAfter))
        .send({ error: error.message, ...error.words, retryAfter: error.retryAfter });
    if (error instanceof PasswordBusyError)
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: error.message, ...words('request.busy') });
    if (isStorageFailure(error)) {
      request.log.error({ err: error }, 'storage failed');
      return reply.status(503).send({ error: new StorageError(error).message });
    }
    if (error instanceof AuthError)
      return reply.status(error.status).send({ error: error.message, ...error.words });
    if (error instanceof BadRequest) return reply.status(400).send({ error: error.message });
    // What does not exist is a 404 (a page names it in its player's words); any other refusal a 409.
    if (error instanceof NotFoundError)
      return reply.status(404).send({ error: error.message, ...error.words });
    if (error instanceof TableError) return reply.status(409).send({ error: error.message, ...error.words });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return reply.status(status).send({ error: (error as Error).message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal error' });
  });
  const isApi = (url: string) => /^\/(api|socket\.io|healthz|metrics)(\/|\?|$)/.test(url);
  app.setNotFoundHandler((request, reply) => {
    const fallback = deps.spaFallback;
    if (fallback && (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url))
      return fallback(reply);
    return reply.status(404).send({ error: 'not found' });
  });

  app.get('/healthz', () => ({ ok: true, process: deps.processId }));
  // The metrics tell how busy the platform is and which tables are live: only with the token (or, with
  // `METRICS_PORT`, on a separate address: `serveMetrics`).
  app.get('/metrics', async (request, reply) => {
    const expected = config.metricsToken;
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (expected === null || !sameSecret(given, expected))
      return reply.status(404).send({ error: 'not found' });
    return sendMetrics(reply, service, metrics);
  });

  app.get('/api/me', async (request) => ({ user: await requireUser(request) }));
  // Who this browser is, if anyone: a first visit is not an error (a page asks this before it knows; /api/me's 401
  // would be logged in every new visitor's console).
  app.get('/api/session', async (request) => ({ user: await currentUser(request) }));
  app.post('/api/session', async (request, reply) => {
    const existing = await currentUser(request);
    if (existing) return { user: existing };
    const { name } = parse(GuestBody, request.body);
    // No new name from an address a ban covers (moderation/sanctions.ts).
    await deps.sanctions.requireAddressAllowed(addressOf(request));
    await limits.take('guests', addressOf(request));
    const { user, token } = await accounts.createGuest(
      name,
      addressOf(request),
      describeAgent(request.headers['user-agent']),
    );
    signIn(reply, token);
    return { user };
  });
  app.post('/api/register', async (request, reply) => {
    const user = await requireUser(request);
    const { password } = parse(RegisterBody, request.body);
    const from = originOf(request);
    const registered = await guard.register(user, password, from);
    knowDevice(reply, from.device);
    // Its open sockets hold the guest it was: a table it creates over them must be a registered player's.
    deps.userChanged(registered);
    return { user: registered };
  });
  // Wrong and right passwords are counted, and a name locked by wrong passwords from elsewhere still lets its owner
  // in from a browser or address it signed in from before: `sign-in.ts`.
  app.post('/api/login', async (request, reply) => {
    const { name, password } = parse(LoginBody, request.body);
    const from = originOf(request);
    // A banned account, or an address a ban covers, is refused before any password work.
    await deps.sanctions.requireSignInAllowed(name, from.address);
    const { user, token } = await guard.login(name, password, from);
    signIn(reply, token);
    knowDevice(reply, from.device);
    return { user };
  });
  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) endSessions([await accounts.logout(token)]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
  /** Signs out everywhere: every session of the account ends, with its sockets, this one included. */
  app.post('/api/logout/everywhere', async (request, reply) => {
    const session = await requireSession(request);
    const ended = await accounts.endSessions(session.user.id);
    endSessions(ended);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true, ended: ended.length };
  });
  /** A new password; every other session of the account ends (this one stays signed in). */
  app.post('/api/password', async (request, reply) => {
    const session = await requireSession(request);
    const { current, password } = parse(ChangePasswordBody, request.body);
    const from = originOf(request);
    const ended = await guard.changePassword(session, current, password, from);
    endSessions(ended);
    knowDevice(reply, from.device);
    return { ok: true, ended: ended.length };
  });

  app.get('/api/games', (): GamesResponse => ({
    games: [...deps.games.values()].map(({ id, title, minPlayers, maxPlayers, options }) => ({
      id,
      title,
      minPlayers,
      maxPlayers,
      options,
    })),
  }));
  app.get('/api/tables', async (request) => ({
    tables: await service.lobby(undefined, (await currentUser(request))?.id),
  }));
  app.post('/api/tables', async (request) => {
    const user = await requireUser(request);
    const table = await tables.dispatch(
      service.create(user, parse(CreateTableBody, request.body), addressOf(request)),
    );
    return { table: await service.summary(table) };
  });
  app.get('/api/tables/:id', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    return { snapshot: await service.snapshotFor((await currentUser(request))?.id, id) };
  });
  app.get('/api/games/:id/record', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    return service.record((await currentUser(request))?.id, id);
  });
  // The replay page's: only a finished game (a game in progress is refused with `replay.notOver`).
  app.get('/api/games/:id/replay', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    return service.finishedRecord((await currentUser(request))?.id, id);
  });
  // The bots' review of a finished game: read by whoever may read its replay; asked by a signed-in player (limited).
  app.get('/api/games/:id/review', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    return deps.reviews.status((await currentUser(request))?.id, id);
  });
  app.post('/api/games/:id/review', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    return deps.reviews.ask(await requireUser(request), id);
  });
  app.get('/api/my/games', async (request) => ({
    games: await service.gamesOf((await requireUser(request)).id),
  }));

  // Ratings, profiles and leaderboards (ratings/queries.ts): readable by anyone, like the lobby.
  app.get('/api/players/:name', async (request) => {
    const { name } = parse(PlayerParams, request.params);
    // Without the results of duplicate rounds still played (tables/round-secrecy.ts).
    return deps.tournaments.withoutRoundsInPlay(
      // Private tables listed only to who may see them (db/table-privacy.ts).
      await deps.ratings.profile(name, (await currentUser(request))?.id),
    );
  });
  app.get('/api/leaderboard/:game', async (request) => {
    const { game } = parse(LeaderboardParams, request.params);
    const { page, size } = parse(LeaderboardQuery, request.query);
    return deps.ratings.leaderboard(game, page, size, (await currentUser(request))?.id);
  });
  app.get('/api/ratings/:game', async (request) => {
    const { game } = parse(LeaderboardParams, request.params);
    const { names } = parse(RatingsQuery, request.query);
    return deps.ratings.lookup(game, names);
  });
  app.get('/api/tables/:id/ratings', async (request) => {
    const id = parse(TableId, (request.params as { id: string }).id);
    // The places at a duplicate round's table are its result: kept as its page is (tables/round-secrecy.ts).
    const asker = (await currentUser(request))?.id;
    await service.requireWatchable(await service.get(id), asker);
    // The asker: a note about an address shared by two seats is told only to the players at those seats.
    return deps.ratings.ofTable(id, asker);
  });
  // Tournaments (API shapes: TournamentSummary and TournamentDetail in packages/protocol; refusals `tournament.*`).
  const { tournaments } = deps;
  app.get('/api/tournaments', () => tournaments.list());
  app.get('/api/tournaments/:id', async (request) => {
    const { id } = parse(TournamentParams, request.params);
    return tournaments.detail(id);
  });
  app.post('/api/tournaments', async (request) => {
    const user = await requireUser(request);
    await limits.take('tables', `u:${user.id}`);
    return { tournament: await tournaments.create(user, parse(CreateTournamentBody, request.body)) };
  });
  const command = (name: string, run: (user: User, id: string, body: unknown) => Promise<unknown>) =>
    app.post(`/api/tournaments/:id/${name}`, async (request) => {
      const user = await requireUser(request);
      const { id } = parse(TournamentParams, request.params);
      return { tournament: await run(user, id, request.body) };
    });
  command('register', (user, id, body) => (parse(EmptyBody, body), tournaments.register(user, id)));
  command('unregister', (user, id, body) => (parse(EmptyBody, body), tournaments.unregister(user, id)));
  command('start', (user, id, body) => (parse(EmptyBody, body), tournaments.start(user, id)));
  command('bots', (user, id, body) => {
    const { level, count } = parse(AddTournamentBotsBody, body);
    return tournaments.addBots(user, id, level, count);
  });
  registerAccountRoutes(app, {
    accounts,
    mail: deps.mail,
    guard,
    requireSession,
    addressOf,
    originOf,
    knowDevice: (reply, device) => {
      knowDevice(reply, device);
    },
    endSessions,
  });
  registerFriendRoutes(app, { friends: deps.friends, limits, requireUser, addressOf });
  // The games awaiting the player's move, alone (the header's count asks for it often).
  app.get('/api/my/turns', async (request) => ({
    games: await service.awaitingOf((await requireUser(request)).id),
  }));

  // Reports (moderation/reports.ts): any signed-in player, a few a day (per player in the database, per address here).
  const { moderation } = deps;
  app.post('/api/reports', async (request) => {
    const user = await requireUser(request);
    const body = parse(ReportBody, request.body);
    await limits.take('reports_address', addressOf(request));
    return { report: await moderation.report(user, body) };
  });

  // Moderation (moderation/service.ts). Every route reads the asker's stored role before it reads anything else
  // (refused `moderation.notAllowed`, 403), and the service reads it again for the role the action needs (an admin's
  // for roles and the audit log); every action is written to the audit log. Actions count as table actions.
  app.get('/api/moderation/role', async (request) => ({
    role: await moderation.role(await requireUser(request)),
  }));
  const staffOnly = async (request: FastifyRequest): Promise<User> => {
    const user = await requireUser(request);
    await moderation.requireRole(user, 'moderator');
    return user;
  };
  const read = <T>(path: string, run: (user: User, request: FastifyRequest) => Promise<T>) =>
    app.get(`/api/moderation${path}`, async (request) => run(await staffOnly(request), request));
  const act = <T>(path: string, run: (user: User, request: FastifyRequest) => Promise<T>) =>
    app.post(`/api/moderation${path}`, async (request) => {
      const user = await staffOnly(request);
      await limits.take('actions', `u:${user.id}`);
      return run(user, request);
    });
  const nameOf = (request: FastifyRequest) => parse(PlayerNameParams, request.params).name;
  const idOf = (request: FastifyRequest) => parse(TableParams, request.params).id;
  const reasonOf = (request: FastifyRequest) => parse(ReasonBody, request.body).reason;

  read('/reports', async (user, request) => ({
    reports: await moderation.reports(user, parse(ReportsQuery, request.query)),
  }));
  act('/reports/:id/resolve', async (user, request) => {
    const { id } = parse(ReportParams, request.params);
    const { outcome, note } = parse(ResolveReportBody, request.body);
    return moderation.resolveReport(user, id, outcome, note);
  });
  read('/players', async (user, request) => ({
    players: await moderation.searchPlayers(user, parse(PlayerSearchQuery, request.query).q),
  }));
  read('/players/:name', async (user, request) => ({
    player: await moderation.playerRecord(user, nameOf(request)),
  }));
  act('/players/:name/mute', async (user, request) => {
    const { minutes, reason } = parse(MuteBody, request.body);
    return { entry: await moderation.mute(user, nameOf(request), minutes, reason) };
  });
  act('/players/:name/unmute', async (user, request) => ({
    entry: await moderation.unmute(user, nameOf(request), reasonOf(request)),
  }));
  act('/players/:name/ban', async (user, request) => {
    const { reason, ...options } = parse(BanBody, request.body);
    return { entry: await moderation.ban(user, nameOf(request), options, reason) };
  });
  act('/players/:name/unban', async (user, request) => ({
    entry: await moderation.unban(user, nameOf(request), reasonOf(request)),
  }));
  act('/players/:name/role', async (user, request) => {
    const { role, reason } = parse(RoleBody, request.body);
    return { entry: await moderation.setRole(user, nameOf(request), role, reason) };
  });
  act('/chat/:id/hide', async (user, request) => ({
    entry: await moderation.hide(user, parse(ChatLineParams, request.params).id, reasonOf(request)),
  }));
  // What the server counts now and the limits in force: read-only, for the operator's page.
  read('/live', () => deps.liveFigures());
  read('/tables/broken', async (user) => ({ tables: await moderation.brokenTables(user) }));
  act('/tables/:id/close', async (user, request) => ({
    entry: await moderation.closeTable(user, idOf(request), reasonOf(request)),
  }));
  act('/tables/:id/release', async (user, request) => ({
    entry: await moderation.releaseTable(user, idOf(request), reasonOf(request)),
  }));
  act('/tables/:id/delete', async (user, request) => ({
    entry: await moderation.deleteTable(user, idOf(request), reasonOf(request)),
  }));
  read('/audit', async (user, request) => moderation.auditLog(user, parse(AuditQuery, request.query)));
}

/** Compares a given secret with the expected one in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function sendMetrics(reply: FastifyReply, service: TableService, metrics: Metrics): Promise<string> {
  for (const [status, count] of Object.entries(service.liveCounts())) metrics.tables.set({ status }, count);
  reply.header('content-type', metrics.registry.contentType);
  return metrics.registry.metrics();
}

/** The metrics on an address of their own (`METRICS_PORT`), for a Prometheus that cannot send a token. */
export function registerMetricsOnly(app: FastifyInstance, service: TableService, metrics: Metrics): void {
  app.get('/metrics', (_request, reply) => sendMetrics(reply, service, metrics));
}
