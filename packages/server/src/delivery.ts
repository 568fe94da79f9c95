import { SPECTATOR, type Viewer } from '@skyline/engine';
import { systemTime, type TimeSource } from './clocks/clocks.js';
import type { ChatLine, PublicStatus, TableSummary } from '@skyline/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveTable } from './tables/live.js';
import type { ChangeListener } from './tables/publisher.js';
import type { TableSync } from './tables/sync.js';
import { publicStatus, updateOf } from './tables/views.js';
import { sessionRoom, tableRoom, userRoom, userTableRoom, viewerRoom, type AppServer } from './sockets.js';

/** How long presence changes are gathered before they are told (see `presenceChanged`). */
const PRESENCE_BATCH_MS = 20;

/**
 * Tells the connections of this process what changed, each exactly what it may see: every seat its own view of the
 * game, the spectators theirs (`views.ts`). Listens to the `TablePublisher`.
 */
export class Delivery implements ChangeListener {
  /** Set when the server stops: nothing more is told (the Redis clients may already be gone). */
  closing = false;
  /** Whether other processes share the clients: then stored changes are told to them (`stored`). */
  shared = false;
  /** The server's time (a test's, moved by hand): what the updates' clocks and `undoable` are computed at. */
  time: TimeSource = systemTime;

  constructor(
    private readonly io: AppServer,
    private readonly log: FastifyBaseLogger,
    /** The copy of a table in memory now (it may have been reloaded since a change was noted). */
    private readonly current: (tableId: string) => LiveTable | undefined,
    /** Summaries of tables, with who is connected (`TableQueries.summaries`). */
    private readonly summaries: (tables: LiveTable[]) => Promise<TableSummary[]>,
    /** The players each of these hosts blocked: the lobby does not tell them of the host's tables (`privacy.ts`). */
    private readonly blockedBy: (
      hostIds: readonly string[],
    ) => Promise<ReadonlyMap<string, readonly string[]>> = () => Promise.resolve(new Map()),
  ) {}

  seatingChanged(table: LiveTable): void {
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
      this.io.local.to(room).emit('table:update', updateOf(table, viewer, from, status, this.time.now()));
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

  /** Ends the connections signed in with these sessions (a sign-out, a password change), in every process. */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0 || this.closing) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /**
   * Ends every connection of a banned user and of their sessions, in every process (through the Redis adapter, as
   * `endSessions`): a socket opened with a session that ended meanwhile is in the session's room.
   */
  endUser(userId: string, sessionIds: readonly string[]): void {
    if (this.closing) return;
    this.io.in([userRoom(userId), ...sessionIds.map(sessionRoom)]).disconnectSockets(true);
  }

  /**
   * Takes the pages of `userId` watching these tables off them, in every process (through the Redis adapter): they
   * hear nothing more of the tables (a block: `friends/blocks.ts`). Only their spectators' rooms: they are not seated.
   */
  leaveTables(userId: string, tableIds: readonly string[]): void {
    if (tableIds.length === 0 || this.closing) return;
    this.io
      .in(tableIds.map((tableId) => userTableRoom(tableId, userId)))
      .socketsLeave(
        tableIds.flatMap((tableId) => [
          tableRoom(tableId),
          viewerRoom(tableId, SPECTATOR),
          userTableRoom(tableId, userId),
        ]),
      );
  }

  /** A moderator hid a chat line: the pages showing its chat, in every process, take it away. */
  chatHidden(hidden: { id: string; tableId: string | null }): void {
    if (this.closing) return;
    this.io.to(hidden.tableId === null ? 'lobby' : tableRoom(hidden.tableId)).emit('chat:hidden', hidden);
  }

  /**
   * Tells the table's page and the lobby who sits and who is connected. Changes within a few milliseconds are told
   * together: when a process dies, hundreds of connections come back to the others at once, and each table's page
   * then gets one summary (and the other processes one question) instead of one per connection.
   */
  presenceChanged(table: LiveTable): void {
    if (this.closing) return;
    this.presencePending.set(table.id, table);
    this.presenceTimer ??= setTimeout(() => this.tellPresence(), PRESENCE_BATCH_MS);
  }

  private readonly presencePending = new Map<string, LiveTable>();
  private presenceTimer: NodeJS.Timeout | null = null;

  /** Stops telling (the server stops). */
  close(): void {
    this.closing = true;
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
  }

  private tellPresence(): void {
    this.presenceTimer = null;
    const tables = [...this.presencePending.values()].map((table) => this.current(table.id) ?? table);
    this.presencePending.clear();
    if (this.closing) return;
    const hosts = new Map(tables.map((table) => [table.id, table.host.id]));
    Promise.all([this.summaries(tables), this.blockedBy([...hosts.values()])]).then(
      ([summaries, blocked]) => {
        if (this.closing) return; // the summaries took a while: Redis may be gone by now
        for (const summary of summaries) {
          this.io.to(tableRoom(summary.id)).emit('table:summary', summary);
          // A private table is never told to the lobby (found by invitation or link only); nor a table to the players
          // its host blocked.
          const hidden = (blocked.get(hosts.get(summary.id) ?? '') ?? []).map(userRoom);
          if (!summary.private) this.io.to('lobby').except(hidden).emit('lobby:table', summary);
        }
      },
      (error: unknown) => this.log.warn({ err: error }, 'presence update failed'),
    );
  }
}
