/**
 * How a process stops without losing a game (SIGTERM: a rolling restart, `systemctl restart skyline@8081`): it stops
 * taking connections, finishes what it was asked, then hands its clients over — it closes their connections, and
 * socket.io's clients reconnect by themselves, through the proxy, to another process — before the rest of the server
 * closes (`App.close`). Every move it acknowledged is stored and told to the other processes before they are.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppServer } from './sockets.js';
import type { TableDispatcher } from './tables/dispatcher.js';

/**
 * The longest a stopping process takes before it exits anyway (`main.ts`): systemd's `TimeoutStopSec`
 * (docs/deploy/skyline@.service) must be longer, or it kills the process in the middle.
 */
export const SHUTDOWN_DEADLINE_MS = 20_000;

/** Of which, the longest it waits for the messages under way, before and after it closes the connections. */
export const DRAIN_MS = 8_000;

export interface HandOverParts {
  server: HttpServer;
  io: AppServer;
  tables: TableDispatcher;
  log: FastifyBaseLogger;
}

/**
 * Stops taking connections and hands the connected clients over; resolves once every message received is answered,
 * or after `drainMs` twice at most. A client's message in flight on the network when its connection closes is never
 * read: the client gets no answer, and sends it again once reconnected (a move keeps its id, so it is applied once).
 */
export async function handOver(parts: HandOverParts, drainMs = DRAIN_MS): Promise<void> {
  const { server, io, tables, log } = parts;
  // No new connection: the proxy sends new ones (the clients' reconnections) to the other processes. Open ones stay
  // until handed over below; the HTTP requests under way are answered.
  if (server.listening) server.close(() => undefined);
  server.closeIdleConnections();
  const answered = await tables.idle(drainMs);
  // Every message read so far is answered (socket.io sends what is written before a connection closes). Closing the
  // transport, not disconnecting the socket: a client told "disconnect" by the server would not reconnect by itself.
  const sockets = [...io.of('/').sockets.values()];
  for (const socket of sockets) socket.conn.close();
  // What was read while the first wait ended: stored and told, though its sender is gone.
  const finished = await tables.idle(drainMs);
  log.info({ handedOver: sockets.length, answered, finished }, 'clients handed over to the other processes');
}
