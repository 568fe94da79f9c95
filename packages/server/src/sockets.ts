import type { Server as HttpServer } from 'node:http';
import type { Viewer } from '@skyline/engine';
import { LIMITS, type ClientToServerEvents, type ServerToClientEvents } from '@skyline/protocol';
import { Server, type Socket } from 'socket.io';
import type { User } from './auth.js';
import type { Edge } from './edge.js';

/** The cookie holding a signed-in browser's session token (read by HTTP routes and sockets alike). */
export const SESSION_COOKIE = 'skyline_session';

/** What the server knows of each connection. */
export interface SocketData {
  user: User | null;
  /** The session the socket signed in with (its sockets end when it does), or null for an anonymous socket. */
  session: string | null;
  /** The client's address (as the proxy tells it, with `TRUST_PROXY`): what limits count when nobody is signed in. */
  address: string;
  /** Tables whose page this socket has open. */
  tables: Set<string>;
}

/** What the server processes tell each other (through socket.io's adapter: Redis). */
export interface ServerSideEvents {
  /** A process stored a change of a table (see `TableCopies.applyRemote`). */
  'table:sync': (sync: unknown) => void;
  /** A user's account changed (a guest registered): its sockets in every process hold the new one (`Realtime`). */
  'user:changed': (user: unknown) => void;
  /** Asks every process for its moves over the last minutes (`moderation/move-figures.ts`); each answers its own. */
  'moves:window': (answer: (figures: unknown) => void) => void;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** Everyone with the table's page open. */
export const tableRoom = (tableId: string) => `t:${tableId}`;
/** Those who see the table as `viewer` (a seat, or the spectators): each gets that viewer's updates. */
export const viewerRoom = (tableId: string, viewer: Viewer) => `t:${tableId}:v:${viewer}`;
/** The connections of one user, every session together. */
export const userRoom = (userId: string) => `u:${userId}`;
/** The connections of one session (ended together when the session ends). */
export const sessionRoom = (sessionId: string) => `s:${sessionId}`;
/** One user's connections to one table's page (to move them between viewer rooms when they sit or stand). */
export const userTableRoom = (tableId: string, userId: string) => `t:${tableId}:u:${userId}`;

/** The socket.io server, typed both ways by the protocol; connections are signed in and served by `Realtime`. */
export function createSocketServer(httpServer: HttpServer, edge: Edge): AppServer {
  return new Server(httpServer, {
    maxHttpBufferSize: LIMITS.messageBytes,
    // WebSocket only, as every client of ours connects (web/src/net.ts): long-polling would be answered here, outside
    // Fastify, without the security headers of every other HTTP answer; a polling request is now refused (400).
    transports: ['websocket'],
    serveClient: false,
    connectionStateRecovery: undefined,
    // A page of another site may not open a socket with the visitor's cookie (cross-site WebSocket hijacking).
    allowRequest: (request, callback) => {
      const allowed = edge.originAllowed(request.headers.origin, request.headers.host);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
}
