import { describeIssues } from '@skyline/engine';
import {
  CreateTableBody,
  GuestBody,
  LoginBody,
  RegisterBody,
  TableId,
  type GameInfo,
  type GamesResponse,
} from '@skyline/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AuthError, type Accounts, type User } from './auth.js';
import type { Config } from './config.js';
import type { Metrics } from './metrics.js';
import { SESSION_COOKIE } from './realtime.js';
import { TableError, type TableService } from './tables/service.js';

class BadRequest extends Error {}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequest(describeIssues(parsed.error));
}

/** The HTTP API: sessions and accounts, tables, records, health and metrics. */
export function registerRoutes(
  app: FastifyInstance,
  deps: {
    accounts: Accounts;
    service: TableService;
    metrics: Metrics;
    config: Config;
    /** This process's name among several (the one its bot leases carry). */
    processId: string;
    games: ReadonlyMap<string, GameInfo>;
    /** Answers a page path that is not a file (the single-page client's routes), when the client is served. */
    spaFallback?: ((reply: FastifyReply) => FastifyReply) | null;
  },
): void {
  const { accounts, service, metrics, config } = deps;

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    maxAge: 365 * 24 * 3600,
  };
  const currentUser = (request: FastifyRequest): Promise<User | null> =>
    accounts.userOfToken(request.cookies[SESSION_COOKIE]);
  const requireUser = async (request: FastifyRequest): Promise<User> => {
    const user = await currentUser(request);
    if (!user) throw new AuthError('choose a name first', 401);
    return user;
  };
  const signIn = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthError) return reply.status(error.status).send({ error: error.message });
    if (error instanceof BadRequest) return reply.status(400).send({ error: error.message });
    if (error instanceof TableError) return reply.status(409).send({ error: error.message });
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
  app.get('/metrics', async (_request, reply) => {
    for (const [status, count] of Object.entries(service.liveCounts())) metrics.tables.set({ status }, count);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  app.get('/api/me', async (request) => ({ user: await requireUser(request) }));
  app.post('/api/session', async (request, reply) => {
    const existing = await currentUser(request);
    if (existing) return { user: existing };
    const { name } = parse(GuestBody, request.body);
    const { user, token } = await accounts.createGuest(name);
    signIn(reply, token);
    return { user };
  });
  app.post('/api/register', async (request) => {
    const user = await requireUser(request);
    const { password } = parse(RegisterBody, request.body);
    return { user: await accounts.register(user, password) };
  });
  app.post('/api/login', async (request, reply) => {
    const { name, password } = parse(LoginBody, request.body);
    const { user, token } = await accounts.login(name, password);
    signIn(reply, token);
    return { user };
  });
  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await accounts.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
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
  app.get('/api/tables', async () => ({ tables: await service.lobby() }));
  app.post('/api/tables', async (request) => {
    const user = await requireUser(request);
    const table = await service.create(user, parse(CreateTableBody, request.body));
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
  app.get('/api/my/games', async (request) => ({
    games: await service.gamesOf((await requireUser(request)).id),
  }));
}
