import type { Server as HttpServer } from 'node:http';
import { SPECTATOR, type Viewer } from '@skyline/engine';
import {
  LIMITS,
  parseClientMessage,
  type AckOf,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type ChatLine,
  type ClientEvent,
  type ClientMessage,
  type PublicStatus,
} from '@skyline/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { AuthError, type Accounts, type User } from './auth.js';
import { StorageError, isStorageFailure } from './db/errors.js';
import type { Edge } from './edge.js';
import { LimitError, type LimitKind, type Limits } from './limits.js';
import { PasswordBusyError } from './passwords.js';
import type { Metrics } from './metrics.js';
import { parseCommand } from './tables/commands.js';
import { publicStatus, viewerOf, type LiveTable } from './tables/live.js';
import { TableError, type TableEvents, type TableService } from './tables/service.js';
import { tableSyncSchema, type TableSync } from './tables/sync.js';

export const SESSION_COOKIE = 'skyline_session';

interface SocketData {
  user: User | null;
  /** The session the socket signed in with (its sockets end when it does), or null for an anonymous socket. */
  session: string | null;
  /** The client's address (as the proxy tells it, with `TRUST_PROXY`): what limits count when nobody is signed in. */
  address: string;
  /** Tables whose page this socket has open. */
  tables: Set<string>;
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** What the server processes tell each other (through socket.io's adapter: Redis). */
interface ServerSideEvents {
  /** A process stored a change of a table (see `TableCopies.applyRemote`). */
  'table:sync': (sync: unknown) => void;
}

/** Which limit each message counts against (see `Limits`); `null`: none beyond the connection's own existence. */
type LimitOf<E extends ClientEvent> = LimitKind | null | ((message: ClientMessage<E>) => LimitKind | null);

/** How long presence changes are gathered before they are told (see `presenceChanged`). */
const PRESENCE_BATCH_MS = 20;

/** Everyone with the table's page open. */
const tableRoom = (tableId: string) => `t:${tableId}`;
/** Those who see the table as `viewer` (a seat, or the spectators): each gets that viewer's updates. */
const viewerRoom = (tableId: string, viewer: Viewer) => `t:${tableId}:v:${viewer}`;
/** The connections of one session (ended together when the session ends). */
const sessionRoom = (sessionId: string) => `s:${sessionId}`;
/** One user's connections to one table's page (to move them between viewer rooms when they sit or stand). */
const userTableRoom = (tableId: string, userId: string) => `t:${tableId}:u:${userId}`;

/**
 * The socket.io side of the server: who is connected, which tables each connection watches, and the delivery of
 * every change to exactly the people concerned — each seat its own view, spectators theirs.
 */
export class Realtime implements TableEvents {
  readonly io: Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
  service!: TableService;

  constructor(
    httpServer: HttpServer,
    private readonly accounts: Accounts,
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
    private readonly parseCookie: (header: string) => Record<string, string | undefined>,
    private readonly limits: Limits,
    private readonly edge: Edge,
  ) {
    this.io = new Server(httpServer, {
      maxHttpBufferSize: LIMITS.messageBytes,
      serveClient: false,
      connectionStateRecovery: undefined,
      // A page of another site may not open a socket with the visitor's cookie (cross-site WebSocket hijacking).
      allowRequest: (request, callback) => {
        const allowed = this.edge.originAllowed(request.headers.origin, request.headers.host);
        callback(allowed ? null : 'origin not allowed', allowed);
      },
    });
    this.io.use((socket, next) => {
      const address = this.edge.clientAddress(
        socket.handshake.address,
        socket.handshake.headers['x-forwarded-for'],
      );
      const open = this.connectionsFrom.get(address) ?? 0;
      if (open >= this.limits.settings.connectionsPerAddress) {
        next(new Error('too many connections from your address: close some pages and try again'));
        return;
      }
      const token = this.parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
      this.accounts
        .sessionOfToken(token)
        .then((session) => {
          const data = socket.data;
          data.user = session?.user ?? null;
          data.session = session?.id ?? null;
          data.address = address;
          data.tables = new Set();
          next();
        })
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'socket sign-in failed');
          next(new Error('the server could not check your session: try again later'));
        });
    });
    this.io.on('connection', (socket) => this.connected(socket));
    this.io.on('table:sync', (payload) => {
      const parsed = tableSyncSchema.safeParse(payload);
      if (!parsed.success) {
        this.log.warn({ error: parsed.error.message }, 'malformed table:sync from another process');
        return;
      }
      this.service
        .applyRemote(parsed.data)
        .catch((error: unknown) =>
          this.log.warn({ err: error, table: parsed.data.tableId }, 'table:sync failed'),
        );
    });
  }

  /** Whether other processes share the clients (socket.io's Redis adapter). */
  shared = false;
  /** Set when the server stops: nothing more is announced (the Redis clients may already be gone). */
  closing = false;
  /**
   * Requests to the other processes under way: the adapter publishes them only after awaits of its own, so the
   * Redis clients must outlive them (`drain`), or the late publish fails unhandled.
   */
  private readonly requests = new Set<Promise<unknown>>();

  /** Waits for the requests to the other processes under way (each gives up after the adapter's timeout). */
  async drain(): Promise<void> {
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    await Promise.allSettled([...this.requests]);
  }

  /**
   * The users with a connection open on each of these tables' pages (in every process when shared): one request to
   * the other processes for all the tables (a lobby lists up to 200).
   */
  connectedTo = async (tableIds: readonly string[]): Promise<ReadonlyMap<string, ReadonlySet<string>>> => {
    const users = new Map(tableIds.map((tableId) => [tableId, new Set<string>()]));
    const add = (rooms: Iterable<string>, user: User | null) => {
      if (!user) return;
      for (const room of rooms) if (room.startsWith('t:')) users.get(room.slice(2))?.add(user.id);
    };
    if (tableIds.length === 0) return users;
    if (this.shared && !this.closing) {
      const request = this.io.in(tableIds.map(tableRoom)).fetchSockets();
      this.requests.add(request);
      try {
        for (const socket of await request) add(socket.rooms, socket.data.user);
        return users;
      } catch {
        // Another process did not answer in time: tell what this process knows.
      } finally {
        this.requests.delete(request);
      }
    }
    for (const tableId of tableIds) {
      for (const id of this.io.sockets.adapter.rooms.get(tableRoom(tableId)) ?? []) {
        const socket = this.io.sockets.sockets.get(id);
        if (socket) add([tableRoom(tableId)], socket.data.user);
      }
    }
    return users;
  };

  /** The tables whose page a connection to this process has open. */
  watchedTables(): string[] {
    const tables: string[] = [];
    for (const room of this.io.sockets.adapter.rooms.keys())
      if (room.startsWith('t:') && !room.includes(':', 2)) tables.push(room.slice(2));
    return tables;
  }

  /** Whether a connection to this process has the table's page open. */
  watchedHere = (tableId: string): boolean =>
    (this.io.sockets.adapter.rooms.get(tableRoom(tableId))?.size ?? 0) > 0;

  /** Open connections to this process per address (see `LimitSettings.connectionsPerAddress`). */
  private readonly connectionsFrom = new Map<string, number>();

  /** Ends the connections signed in with these sessions (a sign-out, a password change), in every process. */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0 || this.closing) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  private connected(socket: AppSocket): void {
    this.metrics.sockets.inc();
    const address = socket.data.address;
    this.connectionsFrom.set(address, (this.connectionsFrom.get(address) ?? 0) + 1);
    const user = socket.data.user;
    if (user) void socket.join(`u:${user.id}`);
    if (socket.data.session) void socket.join(sessionRoom(socket.data.session));

    // Only the lobby page hears of every table's changes.
    this.on(socket, 'lobby:open', 'actions', async () => {
      await socket.join('lobby');
      return {
        ok: true,
        tables: await this.service.lobby(),
        chat: await this.service.chatHistory(null),
        me: user,
      };
    });
    this.on(socket, 'lobby:close', null, async () => {
      await socket.leave('lobby');
      return { ok: true };
    });
    this.on(
      socket,
      'lobby:chat',
      'chat',
      async ({ text }, me) => ({ ok: true, line: await this.service.say(me, null, text) }),
      true,
    );
    this.on(
      socket,
      'table:create',
      'actions',
      async (request, me) => {
        const table = await this.service.create(me, request);
        return { ok: true, tableId: table.id };
      },
      true,
    );
    this.on(socket, 'table:open', 'actions', async ({ tableId }) => {
      const table = await this.service.get(tableId);
      socket.data.tables.add(tableId);
      const rooms = [tableRoom(tableId), viewerRoom(tableId, viewerOf(table, user?.id))];
      if (user) rooms.push(userTableRoom(tableId, user.id));
      await socket.join(rooms);
      this.presenceChanged(table);
      return {
        ok: true,
        snapshot: await this.service.snapshot(table, viewerOf(table, user?.id)),
        chat: await this.service.chatHistory(tableId),
      };
    });
    this.on(socket, 'table:close', null, async ({ tableId }) => {
      this.closeTable(socket, tableId);
      return Promise.resolve({ ok: true });
    });
    this.on(
      socket,
      'table:chat',
      // Commands count as actions (like the buttons), not as chat lines.
      ({ text }) => (text.startsWith('/') ? 'actions' : 'chat'),
      async ({ tableId, text }, me) => {
        if (!text.startsWith('/')) return { ok: true, line: await this.service.say(me, tableId, text) };
        const parsed = parseCommand(text);
        if (!parsed.ok) return { ok: false, error: parsed.error };
        return { ok: true, reply: await this.service.command(me, tableId, parsed.command) };
      },
      true,
    );
    this.on(
      socket,
      'table:command',
      'actions',
      async ({ tableId, command }, me) => ({
        ok: true,
        reply: await this.service.command(me, tableId, command),
      }),
      true,
    );
    this.on(
      socket,
      'table:move',
      'moves',
      async ({ tableId, version, id, move }, me) => {
        const stop = this.metrics.moveSeconds.startTimer();
        const result = await this.service.move(me, tableId, version, id, move);
        stop();
        this.metrics.moves.inc({ outcome: result.ok ? 'accepted' : 'refused' });
        return result;
      },
      true,
    );

    socket.on('disconnect', () => {
      this.metrics.sockets.dec();
      const left = (this.connectionsFrom.get(address) ?? 1) - 1;
      if (left > 0) this.connectionsFrom.set(address, left);
      else this.connectionsFrom.delete(address);
      for (const tableId of socket.data.tables) this.closeTable(socket, tableId);
    });
  }

  private closeTable(socket: AppSocket, tableId: string): void {
    if (!socket.data.tables.delete(tableId)) return;
    for (const room of [...socket.rooms])
      if (room.startsWith(`${tableRoom(tableId)}`)) void socket.leave(room);
    const table = this.service.cached(tableId);
    if (table) this.presenceChanged(table);
  }

  /**
   * Registers a handler. In this order, and nothing reads the payload before the first step:
   * 1. the payload is parsed with the protocol's schema (`ClientMessages`);
   * 2. the player's limit for this kind of message is counted (per player, all their connections together, or per
   *    address for an anonymous connection);
   * 3. a signed-in user is required where asked;
   * 4. the handler runs.
   * Whatever fails, the sender gets one `{ok: false, error}` answer (with no stack trace), and the failure stays with
   * this message: no client message can end the process or disturb another.
   */
  private on<E extends ClientEvent>(
    socket: AppSocket,
    event: E,
    limit: LimitOf<E>,
    handler: (message: ClientMessage<E>, user: User) => Promise<AckOf<E>>,
    needsUser = false,
  ): void {
    // Registered untyped on purpose: what arrives is `unknown` until the schema has parsed it (`handle`), whatever
    // `ClientToServerEvents` says a well-behaved client sends.
    const untyped = socket as unknown as Socket;
    const name: string = event;
    untyped.on(name, (payload: unknown, ack: unknown) => {
      const reply = (answer: AckOf<E>) => {
        if (typeof ack !== 'function') return;
        try {
          (ack as (answer: AckOf<E>) => void)(answer);
        } catch (error) {
          this.log.warn({ err: error, event }, 'acknowledgement failed');
        }
      };
      this.handle(socket, event, payload, limit, handler, needsUser).then(reply, (error: unknown) => {
        if (error instanceof LimitError)
          return reply({ ok: false, error: error.message, code: error.code, retryAfter: error.retryAfter });
        if (error instanceof TableError || error instanceof AuthError || error instanceof PasswordBusyError)
          return reply({ ok: false, error: error.message });
        if (isStorageFailure(error)) {
          this.log.error({ err: error, event }, 'storage failed');
          return reply({ ok: false, error: new StorageError(error).message });
        }
        this.log.error({ err: error, event }, 'socket handler failed');
        reply({ ok: false, error: 'internal error' });
      });
    });
  }

  private async handle<E extends ClientEvent>(
    socket: AppSocket,
    event: E,
    payload: unknown,
    limit: LimitOf<E>,
    handler: (message: ClientMessage<E>, user: User) => Promise<AckOf<E>>,
    needsUser: boolean,
  ): Promise<AckOf<E>> {
    const parsed = parseClientMessage(event, payload);
    if (!parsed.ok) return { ok: false, error: `malformed ${event}: ${parsed.error}` };
    const message = parsed.value;
    const user = socket.data.user;
    const kind = typeof limit === 'function' ? limit(message) : limit;
    if (kind !== null) await this.limits.take(kind, user ? `u:${user.id}` : `a:${socket.data.address}`);
    if (needsUser && !user) return { ok: false, error: 'choose a name first' };
    return await handler(message, user as User);
  }

  /**
   * Tells the table's page and the lobby who sits and who is connected. Changes within a few milliseconds are told
   * together: when a process dies, hundreds of connections come back to the others at once, and each table's page
   * then gets one summary (and the other processes one question) instead of one per connection.
   */
  private presenceChanged(table: LiveTable): void {
    if (this.closing) return;
    this.presencePending.set(table.id, table);
    this.presenceTimer ??= setTimeout(() => this.tellPresence(), PRESENCE_BATCH_MS);
  }

  private readonly presencePending = new Map<string, LiveTable>();
  private presenceTimer: NodeJS.Timeout | null = null;

  private tellPresence(): void {
    this.presenceTimer = null;
    // The copy in memory now: it may have been reloaded since the change was noted.
    const tables = [...this.presencePending.values()].map((table) => this.service.cached(table.id) ?? table);
    this.presencePending.clear();
    if (this.closing) return;
    this.service.summaries(tables).then(
      (summaries) => {
        if (this.closing) return; // the summaries took a while: Redis may be gone by now
        for (const summary of summaries) {
          this.io.to(tableRoom(summary.id)).emit('table:summary', summary);
          this.io.to('lobby').emit('lobby:table', summary);
        }
      },
      (error: unknown) => this.log.warn({ err: error }, 'presence update failed'),
    );
  }

  // TableEvents -------------------------------------------------------------------------------------------------

  tableChanged(table: LiveTable): void {
    if (this.closing) return;
    // Seats may have changed: each seated user's pages join their seat's room, everyone else's the spectators'.
    const viewers: Viewer[] = [SPECTATOR, ...table.seats.map((_, seat) => seat)];
    const viewerRooms = viewers.map((viewer) => viewerRoom(table.id, viewer));
    const seatedRooms: string[] = [];
    table.seats.forEach((person, seat) => {
      if (!person) return;
      const room = userTableRoom(table.id, person.id);
      seatedRooms.push(room);
      const own = viewerRoom(table.id, seat);
      this.io.in(room).socketsLeave(viewerRooms.filter((other) => other !== own));
      this.io.in(room).socketsJoin(own);
    });
    const audience = this.io.in(tableRoom(table.id)).except(seatedRooms);
    const spectators = viewerRoom(table.id, SPECTATOR);
    audience.socketsLeave(viewerRooms.filter((other) => other !== spectators));
    audience.socketsJoin(spectators);
    this.presenceChanged(table);
  }

  /**
   * Sends each viewer watching from this process its update. Only this process's connections: every process hears of
   * every stored change (`stored`, then `TableCopies.applyRemote`) and tells its own, which costs one message
   * between processes per change instead of one per viewer.
   */
  gameAdvanced(table: LiveTable, from: number): void {
    if (this.closing) return;
    const viewers: Viewer[] = [...Array.from({ length: table.players }, (_, seat) => seat), SPECTATOR];
    // Computed once, and only if someone here watches: every process hears of every move of the tables it holds.
    let status: PublicStatus | undefined;
    for (const viewer of viewers) {
      const room = viewerRoom(table.id, viewer);
      if ((this.io.sockets.adapter.rooms.get(room)?.size ?? 0) === 0) continue;
      status ??= publicStatus(table) as PublicStatus;
      this.io.local.to(room).emit('table:update', this.service.update(table, viewer, from, status));
    }
  }

  stored(sync: TableSync): void {
    if (this.closing || !this.shared) return;
    this.io.serverSideEmit('table:sync', sync);
  }

  chat(line: ChatLine): void {
    if (this.closing) return;
    if (line.tableId === null) this.io.to('lobby').emit('lobby:chat', line);
    else this.io.to(tableRoom(line.tableId)).emit('table:chat', line);
  }
}
