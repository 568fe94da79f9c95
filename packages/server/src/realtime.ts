import {
  parseClientMessage,
  refusal,
  words,
  type AckOf,
  type ClientEvent,
  type ClientMessage,
  type Words,
} from '@skyline/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { AuthError, type Accounts, type User } from './auth.js';
import { isStorageFailure } from './db/errors.js';
import type { Delivery } from './delivery.js';
import type { Edge } from './edge.js';
import { CONNECTION_RETRY_SECONDS, LimitError, type CountedKind, type Limits } from './limits.js';
import { PasswordBusyError } from './passwords.js';
import type { Metrics } from './metrics.js';
import type { Moderation } from './moderation/service.js';
import {
  SESSION_COOKIE,
  sessionRoom,
  tableRoom,
  userRoom,
  userTableRoom,
  viewerRoom,
  type AppServer,
  type AppSocket,
} from './sockets.js';
import { unchanged, type Outcome } from './tables/change.js';
import { parseCommand } from './tables/commands.js';
import { viewerOf } from './tables/live.js';
import type { TableDispatcher } from './tables/dispatcher.js';
import { TableError, type TableService } from './tables/service.js';
import { tableSyncSchema } from './tables/sync.js';
import type { PlayQueue } from './queue/service.js';

/** Which limit each message counts against (see `Limits`); `null`: none beyond the connection's own existence. */
type LimitOf<E extends ClientEvent> =
  CountedKind | null | ((message: ClientMessage<E>) => CountedKind | null);

/**
 * Limits also counted per address, whoever the player: ten guests of one address are not ten times one chat's
 * allowance (`LIMIT_ADDRESS_CHAT_PER_MINUTE`).
 */
const PER_ADDRESS: Partial<Record<CountedKind, CountedKind>> = { chat: 'chat_address' };

/** A user as another process tells it (`user:changed`). */
const changedUser = z.object({ id: z.string(), name: z.string(), registered: z.boolean() });

/**
 * A refused connection: socket.io sends the client `message` and `data` (its `connect_error`), here a refusal of the
 * catalogue, which the web client says in its player's language (`web/src/net.ts`).
 */
function connectionRefused(said: Words, retryAfter: number): Error {
  const refused = refusal(said);
  return Object.assign(new Error(refused.error), { data: { ...refused, retryAfter } });
}

export interface RealtimeDeps {
  io: AppServer;
  accounts: Accounts;
  service: TableService;
  /** Where what a handled message changed is published from, after its acknowledgement. */
  tables: TableDispatcher;
  delivery: Delivery;
  metrics: Metrics;
  log: FastifyBaseLogger;
  parseCookie: (header: string) => Record<string, string | undefined>;
  limits: Limits;
  edge: Edge;
  /** Moderators' actions over the socket (`moderation:act`): the role is read from the database at each one. */
  moderation: Moderation;
  /** "Play now" (`queue/`): joining, leaving, and leaving when the player's last connection closes. */
  queue: PlayQueue;
}

/**
 * The socket.io side of the server: who connects, which tables each connection watches, and every client message,
 * parsed, limited, handled by the `TableService`, acknowledged, and only then published (by the `TableDispatcher`,
 * through the `TablePublisher`, which `Delivery` listens to).
 */
export class Realtime {
  readonly io: AppServer;
  private readonly accounts: Accounts;
  private readonly service: TableService;
  private readonly tables: TableDispatcher;
  private readonly delivery: Delivery;
  private readonly metrics: Metrics;
  private readonly log: FastifyBaseLogger;
  private readonly limits: Limits;
  private readonly moderation: Moderation;
  private readonly queue: PlayQueue;

  constructor(deps: RealtimeDeps) {
    ({
      io: this.io,
      accounts: this.accounts,
      service: this.service,
      tables: this.tables,
      delivery: this.delivery,
      metrics: this.metrics,
      log: this.log,
      limits: this.limits,
      moderation: this.moderation,
      queue: this.queue,
    } = deps);
    const { edge, parseCookie } = deps;
    this.io.use((socket, next) => {
      const address = edge.clientAddress(
        socket.handshake.address,
        socket.handshake.headers['x-forwarded-for'],
      );
      const open = this.connectionsFrom.get(address) ?? 0;
      if (open >= this.limits.settings.connectionsPerAddress) {
        const limited = new LimitError('connections', CONNECTION_RETRY_SECONDS);
        next(connectionRefused(limited.words, limited.retryAfter));
        return;
      }
      const token = parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
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
          next(connectionRefused(words('request.storage'), CONNECTION_RETRY_SECONDS));
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
    this.io.on('user:changed', (payload) => {
      const parsed = changedUser.safeParse(payload);
      if (parsed.success) this.updateUser(parsed.data);
      else this.log.warn({ error: parsed.error.message }, 'malformed user:changed from another process');
    });
  }

  /**
   * A user's account changed (a guest registered): each of its open sockets holds the new one from now on, in this
   * process at once and in the others through the adapter (as sessions are ended: `Delivery.endSessions`). A socket
   * reads its user at each message, so the next one it sends is the registered player's.
   */
  userChanged(user: User): void {
    this.updateUser(user);
    if (this.delivery.shared && !this.delivery.closing) this.io.serverSideEmit('user:changed', user);
  }

  private updateUser(user: User): void {
    for (const id of this.io.sockets.adapter.rooms.get(userRoom(user.id)) ?? []) {
      const socket = this.io.sockets.sockets.get(id);
      if (socket?.data.user?.id === user.id) socket.data.user = { ...user };
    }
  }

  /** Open connections to this process per address (see `LimitSettings.connectionsPerAddress`). */
  private readonly connectionsFrom = new Map<string, number>();

  private connected(socket: AppSocket): void {
    this.metrics.sockets.inc();
    const address = socket.data.address;
    this.connectionsFrom.set(address, (this.connectionsFrom.get(address) ?? 0) + 1);
    const user = socket.data.user;
    if (user) void socket.join(userRoom(user.id));
    if (socket.data.session) void socket.join(sessionRoom(socket.data.session));

    // Only the lobby page hears of every table's changes.
    this.on(socket, 'lobby:open', 'actions', async () => {
      await socket.join('lobby');
      return unchanged({
        ok: true,
        tables: await this.service.lobby(undefined, socket.data.user?.id),
        chat: await this.service.chatHistory(null),
        me: socket.data.user,
      });
    });
    this.on(socket, 'lobby:close', null, async () => {
      await socket.leave('lobby');
      return unchanged({ ok: true });
    });
    this.on(
      socket,
      'lobby:chat',
      'chat',
      async ({ text }, me) =>
        answered(await this.service.say(me, null, text), (line) => ({ ok: true, line })),
      true,
    );
    this.on(
      socket,
      'table:create',
      'actions',
      async (request, me) =>
        answered(await this.service.create(me, request, socket.data.address), (table) => ({
          ok: true,
          tableId: table.id,
        })),
      true,
    );
    this.on(socket, 'table:open', 'actions', async ({ tableId }) => {
      const table = await this.service.get(tableId);
      await this.service.requireWatchable(table, user?.id);
      // A seated player's page: where the player plays from (the rule on accounts sharing an address).
      await this.service.noteAddress(tableId, user, socket.data.address);
      socket.data.tables.add(tableId);
      const rooms = [tableRoom(tableId), viewerRoom(tableId, viewerOf(table, user?.id))];
      if (user) rooms.push(userTableRoom(tableId, user.id));
      await socket.join(rooms);
      this.delivery.presenceChanged(table);
      return unchanged({
        ok: true,
        snapshot: await this.service.snapshot(table, viewerOf(table, user?.id)),
        chat: await this.service.chatHistory(tableId),
      });
    });
    this.on(socket, 'table:close', null, async ({ tableId }) => {
      this.closeTable(socket, tableId);
      return Promise.resolve(unchanged({ ok: true }));
    });
    this.on(
      socket,
      'table:chat',
      // Commands count as actions (like the buttons), not as chat lines.
      ({ text }) => (text.startsWith('/') ? 'actions' : 'chat'),
      async ({ tableId, text }, me) => {
        if (!text.startsWith('/'))
          return answered(await this.service.say(me, tableId, text), (line) => ({ ok: true, line }));
        const parsed = parseCommand(text);
        if (!parsed.ok) return unchanged(refusal(parsed.error));
        return answered(
          await this.service.command(me, tableId, parsed.command, socket.data.address),
          (reply) => ({
            ok: true,
            ...reply,
          }),
        );
      },
      true,
    );
    this.on(
      socket,
      'table:command',
      'actions',
      async ({ tableId, command }, me) =>
        answered(await this.service.command(me, tableId, command, socket.data.address), (reply) => ({
          ok: true,
          ...reply,
        })),
      true,
    );
    this.on(
      socket,
      'table:move',
      'moves',
      async ({ tableId, version, id, move }, me) => {
        const stop = this.metrics.moveSeconds.startTimer();
        const outcome = await this.service.move(me, tableId, version, id, move, socket.data.address);
        stop();
        this.metrics.moves.inc({ outcome: outcome.ack.ok ? 'accepted' : 'refused' });
        return outcome;
      },
      true,
    );

    // Taking back one's last move (issue 30 §4): counted with the moves.
    this.on(
      socket,
      'table:undo',
      'moves',
      async ({ tableId, version }, me) => this.service.undo(me, tableId, version),
      true,
    );

    // A moderator's action: refused unless the sender's stored role allows it now (never what the socket was told at
    // its connection: a role taken away is gone at the next message).
    this.on(
      socket,
      'moderation:act',
      'actions',
      async (action, me) => unchanged({ ok: true, entry: await this.moderation.act(me, action) }),
      true,
    );

    // "Play now": joins counted against their own limit (`LIMIT_QUEUE_JOINS_PER_MINUTE`); one wait per player.
    this.on(
      socket,
      'queue:join',
      'queue',
      async (body, me) => unchanged({ ok: true, entry: await this.queue.join(me, body) }),
      true,
    );
    this.on(
      socket,
      'queue:leave',
      null,
      async (_, me) => unchanged({ ok: true, left: await this.queue.leave(me.id) }),
      true,
    );
    this.on(
      socket,
      'queue:status',
      'actions',
      async (_, me) => unchanged({ ok: true, entry: await this.queue.status(me.id) }),
      true,
    );

    socket.on('disconnect', () => {
      this.metrics.sockets.dec();
      // The player's last page closed (in every process): they leave the queue; nothing waits on someone gone.
      const leaving = socket.data.user?.id;
      if (leaving !== undefined)
        this.queue
          .disconnected(leaving)
          .catch((error: unknown) => this.log.warn({ err: error }, 'leaving the queue failed'));
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
    if (table) this.delivery.presenceChanged(table);
  }

  /**
   * Registers a handler. In this order, and nothing reads the payload before the first step:
   * 1. the payload is parsed with the protocol's schema (`ClientMessages`);
   * 2. the player's limit for this kind of message is counted (per player, all their connections together, or per
   *    address for an anonymous connection);
   * 3. a signed-in user is required where asked;
   * 4. the handler runs, and returns `{ack, change}`;
   * 5. the sender gets the acknowledgement, and then the change is published (`TableDispatcher`): socket.io keeps a
   *    socket's messages in order, so the sender hears "ok" before the `table:update` its move caused.
   * Whatever fails, the sender gets one `{ok: false, error}` answer (with no stack trace), and the failure stays with
   * this message: no client message can end the process or disturb another.
   */
  private on<E extends ClientEvent>(
    socket: AppSocket,
    event: E,
    limit: LimitOf<E>,
    handler: (message: ClientMessage<E>, user: User) => Promise<Outcome<AckOf<E>>>,
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
      this.tables.dispatch(this.handle(socket, event, payload, limit, handler, needsUser), reply).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof LimitError)
            return reply({ ...refusal(error.words), retryAfter: error.retryAfter });
          if (error instanceof TableError) return reply(refusal(error.words));
          if (error instanceof PasswordBusyError) return reply(refusal(words('request.busy')));
          if (error instanceof AuthError) return reply(refusal(error.words));
          if (isStorageFailure(error)) {
            this.log.error({ err: error, event }, 'storage failed');
            return reply(refusal(words('request.storage')));
          }
          this.log.error({ err: error, event }, 'socket handler failed');
          reply(refusal(words('request.failed')));
        },
      );
    });
  }

  private async handle<E extends ClientEvent>(
    socket: AppSocket,
    event: E,
    payload: unknown,
    limit: LimitOf<E>,
    handler: (message: ClientMessage<E>, user: User) => Promise<Outcome<AckOf<E>>>,
    needsUser: boolean,
  ): Promise<Outcome<AckOf<E>>> {
    const parsed = parseClientMessage(event, payload);
    if (!parsed.ok) {
      // What was wrong stays in the English text (for people who write clients); a player is told to reload.
      const said = refusal(words('request.unreadable'));
      return unchanged({ ...said, error: `malformed ${event}: ${parsed.error}` });
    }
    const message = parsed.value;
    const user = socket.data.user;
    const kind = typeof limit === 'function' ? limit(message) : limit;
    if (kind !== null) await this.limits.take(kind, user ? `u:${user.id}` : `a:${socket.data.address}`);
    const perAddress = kind === null ? undefined : PER_ADDRESS[kind];
    if (perAddress) await this.limits.take(perAddress, socket.data.address);
    if (needsUser && !user) return unchanged(refusal(words('request.signIn')));
    return await handler(message, user as User);
  }
}

/** A handler's outcome with its answer put the way the protocol acknowledges it. */
function answered<A, B>(outcome: Outcome<A>, ack: (answer: A) => B): Outcome<B> {
  return { ack: ack(outcome.ack), change: outcome.change };
}
