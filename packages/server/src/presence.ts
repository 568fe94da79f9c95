import type { User } from './auth.js';
import { tableRoom, userRoom, type AppServer } from './sockets.js';

/** Who has which table's page open: in this process, or (several processes) in all of them. */
export class Presence {
  /** Whether other processes share the clients (socket.io's Redis adapter). */
  shared = false;
  /** Set when the server stops: the other processes are no longer asked (the Redis clients may be gone). */
  closing = false;
  /**
   * Requests to the other processes under way: the adapter publishes them only after awaits of its own, so the
   * Redis clients must outlive them (`drain`), or the late publish fails unhandled.
   */
  private readonly requests = new Set<Promise<unknown>>();

  constructor(private readonly io: AppServer) {}

  /** Waits for the requests to the other processes under way (each gives up after the adapter's timeout). */
  async drain(): Promise<void> {
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

  /**
   * The addresses a user's open connections come from, in every process when shared (a ban covers them:
   * `moderation/service.ts`); this process's alone when another does not answer in time.
   */
  async addressesOf(userId: string): Promise<string[]> {
    const addresses = new Set<string>();
    if (this.shared && !this.closing) {
      const request = this.io.in(userRoom(userId)).fetchSockets();
      this.requests.add(request);
      try {
        for (const socket of await request) addresses.add(socket.data.address);
        return [...addresses];
      } catch {
        // Another process did not answer in time: what this process knows.
      } finally {
        this.requests.delete(request);
      }
    }
    for (const id of this.io.sockets.adapter.rooms.get(userRoom(userId)) ?? []) {
      const socket = this.io.sockets.sockets.get(id);
      if (socket) addresses.add(socket.data.address);
    }
    return [...addresses];
  }

  /**
   * Which of these users have a connection open, in every process when shared (one request for all of them: the
   * friends list asks for up to `LIMIT_FOLLOWS`); this process's alone when another does not answer in time.
   */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    const online = new Set<string>();
    if (userIds.length === 0) return online;
    const wanted = new Set(userIds);
    if (this.shared && !this.closing) {
      const request = this.io.in(userIds.map(userRoom)).fetchSockets();
      this.requests.add(request);
      try {
        for (const socket of await request) {
          const id = socket.data.user?.id;
          if (id !== undefined && wanted.has(id)) online.add(id);
        }
        return online;
      } catch {
        // Another process did not answer in time: what this process knows.
      } finally {
        this.requests.delete(request);
      }
    }
    for (const userId of userIds)
      if ((this.io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0) online.add(userId);
    return online;
  }

  /**
   * How many distinct people have a connection open: in every process when shared (`everyProcess` false when another
   * did not answer in time, and only this process's are counted). For the operator's page (`moderation/live.ts`).
   */
  async online(): Promise<{ people: number; everyProcess: boolean }> {
    const people = new Set<string>();
    if (this.shared && !this.closing) {
      const request = this.io.fetchSockets();
      this.requests.add(request);
      try {
        for (const socket of await request) if (socket.data.user) people.add(socket.data.user.id);
        return { people: people.size, everyProcess: true };
      } catch {
        // Another process did not answer in time: what this process knows.
      } finally {
        this.requests.delete(request);
      }
    }
    for (const socket of this.io.sockets.sockets.values())
      if (socket.data.user) people.add(socket.data.user.id);
    return { people: people.size, everyProcess: !this.shared };
  }

  /**
   * What every other process answers to `moves:window` (the operator's page's move figures, unparsed), and whether
   * all of them did in time (the adapter waits a second); nothing when the clients are not shared.
   */
  async otherMoveWindows(): Promise<{ answers: unknown[]; everyProcess: boolean }> {
    if (!this.shared || this.closing) return { answers: [], everyProcess: !this.shared };
    const request = new Promise<{ answers: unknown[]; everyProcess: boolean }>((resolve) => {
      this.io.serverSideEmit('moves:window', (error: Error | null, answers: unknown[]) =>
        resolve({ answers: answers ?? [], everyProcess: !error }),
      );
    });
    this.requests.add(request);
    try {
      return await request;
    } finally {
      this.requests.delete(request);
    }
  }

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
}
