/**
 * The browser tests' servers, in the run's main process (global-setup.ts): the server's code is loaded once for the
 * whole run instead of once per test file (seconds each), and each test file still gets a server of its own on a
 * fresh SQLite database (its own accounts, tables, lobby and connection counts: the files' assertions and screenshots
 * count on seeing nothing of the others'). A file asks for it, and for what its tests do to the server from inside,
 * through a small HTTP interface on 127.0.0.1 that exists only in this test harness, never in the server itself:
 *
 * - `POST /servers` starts one and answers `{ id, url, databasePath }` (with `{ smtpUrl }`, one that sends e-mail
 *   there, its links leading to its own address; with `{ timeSpeed }`, one whose clocks run that many times faster;
 *   with `{ botDelayMs }`, one whose bots wait that long before each move; with `{ claimAfterMs }`, one where `/claim`
 *   needs opponents away that long); `DELETE /servers/:id` closes it and deletes its database;
 * - `POST /servers/:id/drop-connections` cuts every connection it has (as a network drop would);
 * - `POST /servers/:id/openings` plays a player's openings in a tournament (openings.ts), answers `{ played }`;
 * - `POST /servers/:id/role` gives a registered player a role (`{ name, role }`), as `skyline admin grant` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, setRole, type App } from '@skyline/server';
import type { User } from '../../../server/src/auth.js';
import type { TimeSource } from '../../../server/src/clocks/clocks.js';
import { playOpenings } from './openings.js';

interface Running {
  app: App;
  dir: string;
}

/** A port free now on 127.0.0.1 (for a server that must know its own address before it listens: its links). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** What a test file may ask of its server: e-mail through an SMTP server it started (`@skyline/testkit/mailbox`). */
interface ServerOptions {
  smtpUrl?: string;
  /**
   * How many times faster than real time the server's clock runs (its move clocks, deadlines and tournaments: the
   * `time` of its settings): a file whose subject is what happens when 10 s clocks run out need not wait 10 s each.
   */
  timeSpeed?: number;
  /**
   * How long its bots wait before each move (none otherwise): long enough for a player to act between two moves of
   * the bot standing in for their seat.
   */
  botDelayMs?: number;
  /** How long opponents must have been away before `/claim` hands their seats to bots (the server's default otherwise). */
  claimAfterMs?: number;
}

/** Real time from now on, `speed` times faster. */
function fasterTime(speed: number): TimeSource {
  const start = Date.now();
  return { now: () => start + Math.round((Date.now() - start) * speed) };
}

async function startServer(options: ServerOptions = {}): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'skyline-e2e-'));
  // With e-mail, the links it sends must lead back here: the server listens on a port chosen beforehand.
  const port = options.smtpUrl ? await freePort() : 0;
  const app = await buildApp({
    ...configFromEnv({}),
    ...(options.smtpUrl
      ? {
          mail: {
            smtpUrl: options.smtpUrl,
            publicUrl: `http://127.0.0.1:${port}`,
            from: 'Skyline <noreply@127.0.0.1>',
          },
        }
      : {}),
    ...(options.timeSpeed ? { time: fasterTime(options.timeSpeed) } : {}),
    // Bots answer at once in tests unless a file asks for a delay (people get a human-friendly one): the browser's
    // tests wait on the page showing a bot's move, never on the delay before it.
    bots: { delayMs: options.botDelayMs ?? 0, thinkMs: 200, leaseMs: 10_000, workers: 1 },
    ...(options.claimAfterMs ? { claimAfterMs: options.claimAfterMs } : {}),
    // Passwords hashed at scrypt's smallest cost the settings allow (2^10, not 2^17): the files sign up and sign in
    // dozens of players, and at the real cost each took a third of a second of a core shared with the browser.
    passwordCost: 10,
    // And review a game in a few seconds (a player's server thinks a fifth of a second per decision).
    reviews: { msPerDecision: 20 },
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'skyline.db'),
    logLevel: 'silent',
    cookieSecure: false,
  });
  await app.http.listen({ port, host: '127.0.0.1' });
  return { app, dir };
}

function urlOf(app: App): string {
  const address = app.http.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text === '' ? null : JSON.parse(text);
}

export interface ServersHarness {
  url: string;
  close(): Promise<void>;
}

/** Starts the harness's HTTP interface on an ephemeral port of 127.0.0.1. */
export async function startServersHarness(): Promise<ServersHarness> {
  const running = new Map<string, Running>();
  let next = 0;

  async function answer(method: string, path: string, body: unknown): Promise<unknown> {
    if (method === 'POST' && path === '/servers') {
      const server = await startServer((body ?? {}) as ServerOptions);
      const id = String(++next);
      running.set(id, server);
      return { id, url: urlOf(server.app), databasePath: join(server.dir, 'skyline.db') };
    }
    const match = /^\/servers\/(\d+)(\/[a-z-]+)?$/.exec(path);
    const server = match ? running.get(match[1]!) : undefined;
    if (!match || !server) throw new Error(`no such server: ${method} ${path}`);
    const action = `${method} ${match[2] ?? ''}`;
    if (action === 'DELETE ') {
      running.delete(match[1]!);
      await server.app.close();
      rmSync(server.dir, { recursive: true, force: true });
      return {};
    }
    if (action === 'POST /drop-connections') {
      for (const socket of server.app.realtime.io.sockets.sockets.values()) socket.conn.close();
      return {};
    }
    if (action === 'POST /openings') {
      const { player, tournamentId } = body as { player: User; tournamentId: string };
      return { played: await playOpenings(server.app, player, tournamentId) };
    }
    if (action === 'POST /role') {
      const { name, role } = body as { name: string; role: 'player' | 'moderator' | 'admin' };
      await setRole(server.app.db, name, role, null, 'the browser tests');
      return {};
    }
    throw new Error(`no such action: ${method} ${path}`);
  }

  const http: Server = createServer((request, response) => {
    bodyOf(request)
      .then((body) => answer(request.method ?? 'GET', request.url ?? '/', body))
      .then(
        (result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(result));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
        },
      );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      for (const [id, server] of running) {
        running.delete(id);
        await server.app.close();
        rmSync(server.dir, { recursive: true, force: true });
      }
    },
  };
}
