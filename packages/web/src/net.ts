/**
 * The client's only way to the server: HTTP for the session, socket.io for everything live. Every message sent is
 * checked against the shared protocol schemas first (`parseClientMessage`), so the client never sends what the
 * server would refuse as malformed.
 */
import {
  parseClientMessage,
  refusal,
  words,
  type Ack,
  type ClientEvent,
  type ClientMessage,
  type ServerToClientEvents,
} from '@skyline/protocol';
import { io, type Socket } from 'socket.io-client';

export interface User {
  id: string;
  name: string;
  registered?: boolean;
  [key: string]: unknown;
}

export interface GameInfo {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
}

/** A refused HTTP request: the server's English words (`message`), with their code and parameters when it sent them. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: unknown,
    readonly params?: unknown,
  ) {
    super(message);
  }

  /** The refusal as `saidOf` reads it. */
  get error(): string {
    return this.message;
  }
}

export async function http<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & {
    error?: string;
    code?: unknown;
    params?: unknown;
  };
  if (!response.ok)
    throw new HttpError(data.error ?? `HTTP ${response.status}`, response.status, data.code, data.params);
  return data;
}

/** `refused`: the server refused the connection and said why (`Connection.refusal`); it is tried again later. */
export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'refused';

/** What the server said when it refused the connection (too many from one address), as a refusal of the catalogue. */
export interface ConnectionRefusal {
  error: string;
  code?: unknown;
  params?: unknown;
  retryAfter?: unknown;
}

/**
 * Messages that do the same when sent twice, sent again after a dropped connection: a move carries its id (the server
 * applies an id once), and opening or closing a page changes nothing the second time. A chat line, a command or a new
 * table would be made twice: those are not.
 */
const RESENDABLE: ReadonlySet<ClientEvent> = new Set<ClientEvent>([
  'table:move',
  'table:open',
  'table:close',
  'lobby:open',
  'lobby:close',
]);

/** How long to wait before trying again after a refusal that did not say (seconds). */
const REFUSED_RETRY_SECONDS = 10;

/** What the server sends without being asked: declared once, in the protocol. */
export type ServerEvents = ServerToClientEvents;

type Listener = () => void;

/** One socket for the whole page; reconnects by itself, and tells who listens when it is back. */
export class Connection {
  readonly socket: Socket;
  state: ConnectionState = 'connecting';
  /** Why the server refused the connection last, while `state` is `refused`. */
  refusal: ConnectionRefusal | null = null;
  private stateListeners = new Set<Listener>();
  private reconnectListeners = new Set<Listener>();

  /** `url`: the page's own server (the default), or another one (the tests' server, from Node). */
  constructor(url?: string) {
    // WebSocket only: several server processes behind a proxy need no sticky sessions (see docs/operating.md).
    const options = { transports: ['websocket'], withCredentials: true };
    this.socket = url === undefined ? io(options) : io(url, options);
    let wasOnline = false;
    this.socket.on('connect', () => {
      // After a refusal, what the pages asked for meanwhile went unanswered: they ask again, as after a drop.
      const again = wasOnline || this.refusal !== null;
      this.refusal = null;
      this.setState('online');
      if (again) for (const listener of this.reconnectListeners) listener();
      wasOnline = true;
    });
    this.socket.on('disconnect', (reason) => {
      this.setState('reconnecting');
      // socket.io retries by itself after a drop, but not when the server closed the socket: try again anyway.
      if (reason === 'io server disconnect') setTimeout(() => this.socket.connect(), 1000);
    });
    this.socket.io.on('reconnect_attempt', () => this.setState('reconnecting'));
    // Refused by the server itself (too many connections from this address): socket.io does not try again by itself
    // then. The refusal is shown in the player's words, and the connection tried again when the server said.
    this.socket.on('connect_error', (error: Error & { data?: unknown }) => {
      if (this.socket.active) return; // a network failure: socket.io is already trying again
      this.refusal = isRefusal(error.data) ? error.data : { error: error.message };
      const wait =
        typeof this.refusal.retryAfter === 'number' ? this.refusal.retryAfter : REFUSED_RETRY_SECONDS;
      this.setState('refused');
      setTimeout(() => this.socket.connect(), Math.max(1, wait) * 1000);
    });
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }

  onState(listener: Listener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called after the socket comes back from a drop: pages re-open what they show. */
  onReconnect(listener: Listener): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  on<E extends keyof ServerEvents>(event: E, listener: ServerEvents[E]): () => void {
    const socket: Socket<ServerEvents> = this.socket;
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }

  /** Sends a message and waits for its acknowledgement (a refusal comes back as `{ok: false, error}`). */
  async request<E extends ClientEvent, T = Record<string, unknown>>(
    event: E,
    payload: ClientMessage<E>,
  ): Promise<Ack<T>> {
    const parsed = parseClientMessage(event, payload);
    if (!parsed.ok) return { ...refusal(words('request.unreadable')), error: parsed.error };
    try {
      return (await this.send(event, parsed.value, RESENDABLE.has(event))) as Ack<T>;
    } catch {
      return { ...refusal(words('request.noAnswer')) };
    }
  }

  /**
   * Sends and waits for the answer (10 s). When the connection closes before the answer came — a server process
   * stopping hands its clients over to another (docs/operating.md, "Rolling restart"), and a message still on its way
   * is never read — a message that may be sent twice is sent again once the socket is back (within 10 s), instead of
   * the page saying that nothing answered.
   */
  private send(event: ClientEvent, payload: unknown, resendable: boolean): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        this.socket.off('disconnect', dropped);
        outcome();
      };
      const dropped = () => {
        if (!resendable) return;
        settle(() => {
          const giveUp = setTimeout(() => {
            this.socket.off('connect', back);
            reject(new Error('no answer'));
          }, 10_000);
          const back = () => {
            clearTimeout(giveUp);
            this.socket.timeout(10_000).emitWithAck(event, payload).then(resolve, reject);
          };
          this.socket.once('connect', back);
        });
      };
      this.socket.on('disconnect', dropped);
      this.socket
        .timeout(10_000)
        .emitWithAck(event, payload)
        .then(
          (ack: unknown) => settle(() => resolve(ack)),
          (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
        );
    });
  }

  close(): void {
    this.socket.close();
  }
}

function isRefusal(value: unknown): value is ConnectionRefusal {
  return (
    typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
  );
}

/** A move's client id: a move sent twice (a retry after a drop) is applied once. */
export function moveId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
