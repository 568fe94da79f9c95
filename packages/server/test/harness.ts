/** A real server on an ephemeral port, and clients that talk to it as a browser would (HTTP + socket.io). */
import { CHANCE, SeededRng, applyMove, type AnyGame, type LogEntry } from '@skyline/engine';
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import { join } from 'node:path';
import { spawnServer as spawnServerProcess, type ServerProcess } from '@skyline/testkit';
import { startMailbox, type Mailbox } from '@skyline/testkit/mailbox';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { LimitSettings } from '../src/limits.js';

export interface TestServer {
  url: string;
  app: App;
  close(): Promise<void>;
}

export async function startTestServer(
  databasePath = ':memory:',
  limits: Partial<LimitSettings> = {},
  bots: Partial<Config['bots']> = {},
  /** Other settings (a test's time source, clock checks, `/claim`'s wait). */
  extra: Partial<Omit<Config, 'bots' | 'limits'>> = {},
): Promise<TestServer> {
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    databasePath,
    databaseUrl: null,
    redisUrl: null,
    redisKey: 'skyline',
    catchUpMs: 5000,
    bots: { delayMs: 0, thinkMs: 50, leaseMs: 2000, workers: 1, seatsPerPlayer: 8, ...bots },
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    cookieSecure: false,
    webRoot: null,
    // Tests sign in often: a cheaper hash than production's (PASSWORD_COST, default 17).
    passwordCost: 10,
    // Every test client comes from 127.0.0.1 (the limits per address would count them all as one person), and test
    // clients move as fast as the server answers.
    limits: {
      guestsPerHour: 1_000_000,
      connectionsPerAddress: 1_000_000,
      movesPerSecond: 100_000,
      addressChatPerMinute: 1_000_000,
      addressSignInsPerHour: 1_000_000,
      passwordQueuePerAddress: 10_000,
      ...limits,
    },
    metricsToken: 'test-metrics-token',
    ...extra,
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, app, close: () => app.close() };
}

/**
 * The server of one test file: started in the file's `beforeAll`, closed in its `afterAll` (the setup every socket
 * test file repeated). Its `url` and `app` are those of the running server, so they may be read once the file's tests
 * run, not while the file is being collected.
 */
export function testServerForFile(...settings: Parameters<typeof startTestServer>): TestServer {
  let started: TestServer | undefined;
  const running = (): TestServer => {
    if (started === undefined) throw new Error('the test server is read before its beforeAll started it');
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer(...settings);
  });
  afterAll(() => started?.close());
  return {
    get url() {
      return running().url;
    },
    get app() {
      return running().app;
    },
    close: () => running().close(),
  };
}

/** The address the links in the e-mails of a `mailServerForFile` server start with. */
export const MAIL_PUBLIC_URL = 'https://play.example.org';

/**
 * A test file's mailbox (an SMTP server of its own) and its server, which sends e-mail through it with links to
 * `MAIL_PUBLIC_URL` (and looks for reminders due only when a test asks): started in the file's `beforeAll`, closed in
 * its `afterAll`, like `testServerForFile`'s.
 */
export function mailServerForFile(
  limits: Partial<LimitSettings>,
  extra: Partial<Omit<Config, 'bots' | 'limits' | 'mail'>>,
): { server: TestServer; mailbox: Mailbox } {
  let started: { server: TestServer; mailbox: Mailbox } | undefined;
  const running = () => {
    if (started === undefined) throw new Error('the mail server is read before its beforeAll started it');
    return started;
  };
  beforeAll(async () => {
    const mailbox = await startMailbox();
    const mail = { smtpUrl: mailbox.url, publicUrl: MAIL_PUBLIC_URL, reminderCheckMs: 3_600_000 };
    started = { mailbox, server: await startTestServer(':memory:', limits, {}, { ...extra, mail }) };
  });
  afterAll(async () => {
    await started?.server.close();
    await started?.mailbox.close();
  });
  return {
    server: {
      get url() {
        return running().server.url;
      },
      get app() {
        return running().server.app;
      },
      close: () => running().server.close(),
    },
    mailbox: {
      get url() {
        return running().mailbox.url;
      },
      get received() {
        return running().mailbox.received;
      },
      next: (address, timeoutMs) => running().mailbox.next(address, timeoutMs),
      to: (address) => running().mailbox.to(address),
      get delayMs() {
        return running().mailbox.delayMs;
      },
      set delayMs(ms) {
        running().mailbox.delayMs = ms;
      },
      close: () => running().mailbox.close(),
    },
  };
}

export interface Ack {
  ok: boolean;
  error?: string;
  [key: string]: unknown;
}

/** What a client last knows of a table. */
export interface Known {
  version: number;
  view: unknown;
  legalMoves: unknown[];
  over: boolean;
  snapshot?: TableSnapshot;
  lastUpdate?: TableUpdate;
}

export class TestClient {
  readonly received: { event: string; payload: unknown }[] = [];
  readonly tables = new Map<string, Known>();

  private constructor(
    readonly url: string,
    readonly cookie: string,
    readonly name: string,
    readonly socket: Socket,
    /** Headers every request of this client carries (`X-Forwarded-For`: an address, behind `TRUST_PROXY`). */
    readonly headers: Record<string, string> = {},
  ) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload });
      if (event === 'table:update') {
        const update = payload as TableUpdate;
        const known = this.tables.get(update.tableId);
        if (!known || update.version >= known.version) {
          this.tables.set(update.tableId, {
            version: update.version,
            view: update.view,
            legalMoves: update.legalMoves,
            over: update.status.over,
            lastUpdate: update,
          });
        }
      }
    });
  }

  /**
   * A guest: picks a name over HTTP (getting the session cookie), then connects its socket with that cookie. `headers`
   * go with every request (`{'x-forwarded-for': '10.0.0.7'}`: a client at that address, for a server with
   * `trustProxy: 1`).
   */
  static async guest(url: string, name: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name }),
    });
    if (!response.ok) throw new Error(`guest ${name}: ${response.status} ${await response.text()}`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
    return TestClient.connect(url, cookie, name, headers);
  }

  static async connect(
    url: string,
    cookie: string,
    name: string,
    headers: Record<string, string> = {},
  ): Promise<TestClient> {
    const socket = io(url, {
      transports: ['websocket'],
      extraHeaders: { ...headers, ...(cookie ? { cookie } : {}) },
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new TestClient(url, cookie, name, socket, headers);
  }

  async request(event: string, payload: unknown): Promise<Ack> {
    return (await this.socket.timeout(5000).emitWithAck(event, payload)) as Ack;
  }

  /**
   * A request whose acknowledgement is also noted in `received` (as event `ack:EVENT`), in the order it arrived among
   * the server's events: socket.io-client runs acknowledgements and event listeners as their packets arrive.
   */
  requestNoted(event: string, payload: unknown): Promise<Ack> {
    return new Promise((resolve, reject) => {
      this.socket.timeout(5000).emit(event, payload, (error: Error | null, ack: Ack) => {
        if (error) return reject(error);
        this.received.push({ event: `ack:${event}`, payload: ack });
        resolve(ack);
      });
    });
  }

  async http(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...this.headers,
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async open(tableId: string): Promise<TableSnapshot> {
    const ack = await this.request('table:open', { tableId });
    if (!ack.ok) throw new Error(`${this.name} cannot open ${tableId}: ${ack.error}`);
    const snapshot = ack.snapshot as TableSnapshot;
    const known = this.tables.get(tableId);
    if (!known || snapshot.version >= known.version) {
      this.tables.set(tableId, {
        version: snapshot.version,
        view: snapshot.view,
        legalMoves: snapshot.legalMoves,
        over: snapshot.status?.over ?? false,
        snapshot,
      });
    }
    return snapshot;
  }

  async command(tableId: string, text: string): Promise<Ack> {
    return this.request('table:chat', { tableId, text });
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** What a client last knows of a table it has opened. */
export const known = (client: TestClient, tableId: string): Known => client.tables.get(tableId) as Known;

/**
 * Makes guests with fresh names (`PREFIX1`, `PREFIX2`, ...: names are taken for good on a server) on the server that
 * `server` gives (a test file's, started in its `beforeAll`), or on `on`.
 */
export function guestMaker(prefix: string, server: () => TestServer) {
  let names = 0;
  return (count: number, on: TestServer = server()): Promise<TestClient[]> =>
    Promise.all(Array.from({ length: count }, () => TestClient.guest(on.url, `${prefix}${++names}`)));
}

/** Resolves once `check` holds, checking after every message; fails after `ms`. */
export async function eventually(check: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Creates a table as `clients[0]`, seats everyone else in order, and starts it. */
export async function startTable(
  clients: TestClient[],
  game: string,
  options: Record<string, unknown> = {},
): Promise<string> {
  const host = clients[0] as TestClient;
  const created = await host.request('table:create', { game, players: clients.length, options });
  if (!created.ok) throw new Error(`create: ${created.error}`);
  const tableId = created.tableId as string;
  for (const client of clients) await client.open(tableId);
  for (const client of clients.slice(1)) {
    const joined = await client.command(tableId, '/join');
    if (!joined.ok) throw new Error(`join: ${joined.error}`);
  }
  const started = await host.command(tableId, '/start');
  if (!started.ok) throw new Error(`start: ${started.error}`);
  await eventually(
    () => clients.every((c) => (c.tables.get(tableId)?.version ?? 0) > 0),
    5000,
    'the first update',
  );
  return tableId;
}

/**
 * Creates a New York table with `body`'s settings as `clients[0]`, seats everyone else in order, fills `bots` more
 * seats with greedy bots, and starts it; every step is expected to succeed.
 */
export async function startNynyTable(
  clients: TestClient[],
  body: Record<string, unknown>,
  bots = 0,
): Promise<string> {
  const host = clients[0]!;
  const created = await host.request('table:create', {
    game: 'nyny',
    players: clients.length + bots,
    ...body,
  });
  if (!created.ok) throw new Error(`create: ${created.error}`);
  const tableId = created.tableId as string;
  for (const client of clients) await client.open(tableId);
  for (const client of clients.slice(1)) expect((await client.command(tableId, '/join')).ok).toBe(true);
  for (let k = 0; k < bots; k++) expect((await host.command(tableId, '/bot greedy')).ok).toBe(true);
  expect(await host.command(tableId, '/start')).toMatchObject({ ok: true });
  await eventually(() => clients.every((c) => (c.tables.get(tableId)?.version ?? 0) > 0), 5000, 'the start');
  return tableId;
}

/**
 * Sends the first legal move of the first of `clients` that may move (the last one when none knows of a move yet), on
 * the version it knows, as request `id`: the ack.
 */
export function firstLegalMove(clients: TestClient[], tableId: string, id: string): Promise<Ack> {
  const mover =
    clients.find((c) => known(c, tableId).legalMoves.length > 0) ?? (clients.at(-1) as TestClient);
  const { version, legalMoves } = known(mover, tableId);
  return mover.request('table:move', { tableId, version, id, move: legalMoves[0] });
}

/**
 * Plays a table to its end with random legal moves (the game's random policy), each move sent by the client whose
 * seat may move, on the version it knows; waits for every client to hear of each move before the next.
 */
export async function playToEnd(
  game: AnyGame,
  clients: TestClient[],
  tableId: string,
  seed: number,
  maxMoves = 2000,
): Promise<void> {
  const rng = new SeededRng(seed);
  for (let moves = 0; moves < maxMoves; moves++) {
    const known = clients.map((c) => c.tables.get(tableId) as Known);
    if (known.every((k) => k.over)) return;
    const version = Math.max(...known.map((k) => k.version));
    await eventually(
      () => clients.every((c) => c.tables.get(tableId)?.version === version),
      5000,
      `everyone at version ${version}`,
    );
    const mover = clients.findIndex((c) => (c.tables.get(tableId) as Known).legalMoves.length > 0);
    if (mover < 0) throw new Error('nobody can move, yet the game is not over');
    const client = clients[mover] as TestClient;
    const legal = (client.tables.get(tableId) as Known).legalMoves;
    const move = game.randomMove ? game.randomMove(null, mover, legal, rng) : legal[rng.int(legal.length)];
    const ack = await client.request('table:move', { tableId, version, id: `m${moves}`, move });
    if (!ack.ok) throw new Error(`move ${JSON.stringify(move)} refused: ${ack.error}`);
    await eventually(
      () => clients.every((c) => (c.tables.get(tableId)?.version ?? 0) > version),
      5000,
      'the update',
    );
  }
  throw new Error('the game did not end');
}

/** The states of a game after each prefix of its log: `states[v]` is the state at version v. */
export function statesOf(game: AnyGame, players: number, options: unknown, log: LogEntry[]): unknown[] {
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  let state = game.setup(players, parsed.options);
  const states = [state];
  for (const entry of log) {
    const result =
      'chance' in entry
        ? applyMove(game, state, CHANCE, entry.chance)
        : applyMove(game, state, entry.seat, entry.move);
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
    states.push(state);
  }
  return states;
}

/** Every string anywhere in a JSON value. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/**
 * Starts `skyline serve` as a child process on an ephemeral port with the given settings (the environment variables
 * of docs/operating.md); resolves with its URL once it listens. The caller kills it. TEST_SERVER_LOGS=DIR keeps each
 * server's log in DIR/<n>.log (to see what a failing test's servers did).
 */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const dir = process.env.TEST_SERVER_LOGS;
  return spawnServerProcess(env, { logFile: dir ? join(dir, `${process.pid}-${++spawned}.log`) : null });
}
let spawned = 0;

/** Kills a server process with `signal` (SIGKILL: `kill -9`); resolves once it has exited, with its exit code. */
export function killed(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  return exited;
}

/** Server processes started one by one (`spawn`, with the settings given at first and any more), each killed at the end. */
export interface ServerProcesses {
  /** Every process started, in order, live or not. */
  readonly list: ServerProcess[];
  spawn(more?: Record<string, string>): Promise<ServerProcess>;
  /** The live process that calls itself `name` (its `/healthz` says). */
  named(name: string): Promise<ServerProcess>;
  /** Kills every process started (SIGKILL). */
  killAll(): void;
}

/** Processes of `skyline serve` with the settings `env` (see `spawnServer`); the caller kills them (`killAll`). */
export function serverProcesses(env: Record<string, string> = {}): ServerProcesses {
  const list: ServerProcess[] = [];
  return {
    list,
    async spawn(more = {}) {
      const server = await spawnServer({ ...env, ...more });
      list.push(server);
      return server;
    },
    async named(name) {
      for (const candidate of list) {
        if (candidate.child.exitCode !== null || candidate.child.signalCode !== null) continue;
        const health = (await (await fetch(`${candidate.url}/healthz`)).json()) as { process: string };
        if (health.process === name) return candidate;
      }
      throw new Error(`no live process is ${name}`);
    },
    killAll() {
      for (const { child } of list) child.kill('SIGKILL');
    },
  };
}

/** `serverProcesses` for a test file: every process it starts is killed after its tests. */
export function serverProcessesForFile(env: Record<string, string> = {}): ServerProcesses {
  const processes = serverProcesses(env);
  afterAll(() => processes.killAll());
  return processes;
}
