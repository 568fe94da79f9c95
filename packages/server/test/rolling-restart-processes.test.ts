/**
 * A rolling restart (docs/operating.md, "Rolling restart"): two processes on PostgreSQL and Redis behind a proxy,
 * clients playing on both as fast as the server answers, and each process in turn stopped with SIGTERM and started
 * again, as `systemctl restart skyline@8081` then `@8082` does. No acknowledged move is lost, every acknowledged move
 * reaches the opponent within seconds, every client reconnects by itself to the other process and goes on, and no
 * client is refused anything or left without an answer while connected. (The server's previous way of stopping, which
 * went on answering moves for a while after it had stopped telling the other processes, passed this test as well:
 * the reconnecting clients' reopening of their tables healed it. What `shutdown.ts` changes is the order — no new
 * connection once stopping, nothing read left unanswered or untold, nothing closed under a message being handled.)
 *
 * The proxy is a small TCP one in the test, with nginx's behaviour that matters here (`proxy_next_upstream error`): a
 * connection goes to the next process in turn, and to another when that one refuses it.
 */
import { createServer, connect, type Server, type Socket as TcpSocket } from 'node:net';
import { replayRecord, type LogEntry } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { lacking } from '@skyline/testkit/vitest';
import { guestCookie, type ServerProcess } from '@skyline/testkit';
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, killed } from './harness.js';
import { platformForFile } from './pg.js';

/**
 * The check of the tables against the database every minute instead of every 5 s: a move a stopping process stored
 * and never told the other process would be seen for what it is, a minute's wait for the opponent, instead of being
 * hidden by the catch-up.
 */
const platform = platformForFile({ CATCH_UP_MS: '60000' }, 2);

/** A TCP proxy over `backends` (changed as processes come and go): round robin, skipping a refusing backend. */
class Proxy {
  backends: string[] = [];
  private next = 0;
  private readonly server: Server;
  private readonly open = new Set<TcpSocket>();
  constructor() {
    this.server = createServer((client) => this.pass(client));
  }
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }
  private pass(client: TcpSocket, tries = 0): void {
    client.pause();
    this.open.add(client);
    client.once('close', () => this.open.delete(client));
    const backend = this.backends[this.next++ % this.backends.length];
    if (backend === undefined) return void client.destroy();
    const { hostname, port } = new URL(backend);
    const upstream = connect(Number(port), hostname);
    upstream.once('error', () => {
      upstream.destroy();
      // Refused (the process stopped listening): the next one, as nginx's proxy_next_upstream error.
      if (tries < this.backends.length * 2 && !client.destroyed) this.pass(client, tries + 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      client.pipe(upstream).pipe(client);
      client.resume();
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
  }
  close(): void {
    for (const socket of this.open) socket.destroy();
    this.server.close();
  }
}

/**
 * A player as the web client behaves (`web/src/net.ts`, `table.ts`): socket.io reconnects by itself after a drop, the
 * table is opened again after each reconnection, and a move whose answer never came (its connection closed under it)
 * is sent again with the same id once back (the server applies a move id once).
 */
class Player {
  socket: Socket;
  version = 0;
  legal: unknown[] = [];
  over = false;
  /** Opened (again) since the last connection: its state is the server's. */
  synced = false;
  /** Every move acknowledged as accepted: its id, and the version it made. */
  readonly acknowledged: { id: string; version: number; at: number }[] = [];
  /** What a player would see as an error: a refusal, a refused connection, an unanswered message. */
  readonly errors: string[] = [];
  reconnections = 0;
  resent = 0;
  /** When this player first knew of each version of its table (from an update or a snapshot). */
  readonly heard: { version: number; at: number }[] = [];

  private know(version: number, legal: unknown[], over: boolean): void {
    if (version < this.version) return;
    if (version > this.version) this.heard.push({ version, at: Date.now() });
    this.version = version;
    this.legal = legal;
    this.over = over;
  }

  /** When this player first knew of `version` or a later one. */
  heardAt(version: number): number {
    return this.heard.find((each) => each.version >= version)?.at ?? Infinity;
  }

  constructor(
    url: string,
    readonly cookie: string,
    readonly name: string,
    readonly tableId: string,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    this.socket.on('table:update', (update: TableUpdate) => {
      if (update.tableId === this.tableId) this.know(update.version, update.legalMoves, update.status.over);
    });
    this.socket.on('connect', () => {
      this.synced = false;
      void this.open();
    });
    this.socket.on('disconnect', () => {
      this.synced = false;
      this.reconnections++;
    });
    // A refused reconnection is retried by socket.io (`active`); one it gives up on is an error the page would show.
    this.socket.on('connect_error', (error) => {
      if (!this.socket.active) this.errors.push(`connection refused: ${error.message}`);
    });
  }

  private async open(): Promise<void> {
    const ack = await this.ask('table:open', { tableId: this.tableId });
    if (ack === null) return; // dropped again: opened at the next connection
    if (!ack.ok) return void this.errors.push(`open: ${String(ack.error)}`);
    const snapshot = ack.snapshot as TableSnapshot;
    this.know(snapshot.version, snapshot.legalMoves, snapshot.status?.over ?? false);
    this.synced = true;
  }

  /** The answer, or null when the connection closed before it came (never a timeout while connected). */
  private ask(event: string, payload: unknown): Promise<Record<string, unknown> | null> {
    return new Promise((resolve) => {
      const dropped = () => resolve(null);
      this.socket.once('disconnect', dropped);
      this.socket
        .timeout(30_000)
        .emit(event, payload, (error: Error | null, ack: Record<string, unknown>) => {
          this.socket.off('disconnect', dropped);
          if (error) {
            if (this.socket.connected) this.errors.push(`${event}: no answer in 30 s`);
            return resolve(null);
          }
          resolve(ack);
        });
    });
  }

  /** Plays its seat until the game ends or `stop` says so: a random legal move whenever it may move. */
  async play(stop: () => boolean, seed: number): Promise<void> {
    let turn = 0;
    while (!this.over && !stop()) {
      if (!this.synced || this.legal.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      const moves = this.legal.filter((move) => (move as { type?: string }).type !== 'pass');
      const move = (moves.length > 0 ? moves : this.legal)[(seed * 31 + turn * 17) % (moves.length || 1)];
      const id = `${this.name}-${turn++}`;
      const version = this.version;
      for (;;) {
        const ack = await this.ask('table:move', { tableId: this.tableId, version, id, move });
        if (ack?.ok) {
          this.acknowledged.push({ id, version: ack.version as number, at: Date.now() });
          // The updates of this move may come after its answer: wait for them, or for a drop.
          await eventually(() => this.version >= (ack.version as number) || !this.synced, 20_000, 'update');
          break;
        }
        if (ack !== null) {
          this.errors.push(`move refused: ${String(ack.code)} ${String(ack.error)}`);
          break;
        }
        // Dropped before the answer: once reconnected and synced, send it again, as it was.
        this.resent++;
        await eventually(() => this.synced || stop(), 30_000, `${this.name} back`);
        if (stop()) return;
        // Applied before the drop and already followed by the opponent's move: the version moved on past it.
        if (this.version > version) {
          const again = await this.ask('table:move', { tableId: this.tableId, version, id, move });
          if (again?.ok) this.acknowledged.push({ id, version: again.version as number, at: Date.now() });
          else if (again !== null && again.code !== 'move.stale' && again.code !== 'table.changed')
            this.errors.push(`move refused: ${String(again.code)}`);
          break;
        }
      }
    }
  }

  close(): void {
    this.socket.close();
  }
}

/** Through `url`: a two-player New York table started by `a`, `b` seated. */
async function startTable(url: string, a: string, b: string): Promise<string> {
  const host = io(url, { transports: ['websocket'], extraHeaders: { cookie: a }, forceNew: true });
  const other = io(url, { transports: ['websocket'], extraHeaders: { cookie: b }, forceNew: true });
  try {
    const created = await host.timeout(10_000).emitWithAck('table:create', { game: 'nyny', players: 2 });
    const tableId = (created as { tableId: string }).tableId;
    await host.timeout(10_000).emitWithAck('table:open', { tableId });
    await other.timeout(10_000).emitWithAck('table:open', { tableId });
    expect(await other.timeout(10_000).emitWithAck('table:chat', { tableId, text: '/join' })).toMatchObject({
      ok: true,
    });
    expect(await host.timeout(10_000).emitWithAck('table:chat', { tableId, text: '/start' })).toMatchObject({
      ok: true,
    });
    return tableId;
  } finally {
    host.close();
    other.close();
  }
}

const proxy = new Proxy();
afterAll(() => proxy.close());

describe.skipIf(lacking('postgres', 'redis'))('a rolling restart of two processes', () => {
  it('loses no acknowledged move and shows no client an error while each process in turn is stopped and started again', async () => {
    proxy.backends = platform.list.map((server) => server.url);
    const url = await proxy.listen();
    const TABLES = 4;
    const players: Player[] = [];
    for (let t = 0; t < TABLES; t++) {
      const [a, b] = [await guestCookie(url, `roll${t}a`), await guestCookie(url, `roll${t}b`)];
      const tableId = await startTable(url, a, b);
      players.push(new Player(url, a, `roll${t}a`, tableId), new Player(url, b, `roll${t}b`, tableId));
    }
    let stopping = false;
    const playing = players.map((player, k) => player.play(() => stopping, k + 1));
    const moves = () => players.reduce((sum, player) => sum + player.acknowledged.length, 0);
    const stops: { code: number | null; ms: number }[] = [];

    await eventually(() => moves() >= 20, 60_000, 'the first moves');
    for (const k of [0, 1]) {
      const before = moves();
      const victim = platform.list.find((server) => server.url === proxy.backends[k])!;
      const started = Date.now();
      const code = await killed(victim, 'SIGTERM');
      stops.push({ code, ms: Date.now() - started });
      // The service manager starts it again: a new process (a new port here) takes its place behind the proxy.
      const fresh: ServerProcess = await platform.spawn();
      proxy.backends[k] = fresh.url;
      // The games went on meanwhile, on the other process, and go on after.
      await eventually(
        () => moves() >= before + 20 || players.every((player) => player.over),
        120_000,
        'moves after the restart',
      );
    }
    stopping = true;
    await Promise.all(playing);

    // Each process stopped cleanly, by itself, well before systemd's deadline.
    expect(stops.map((stop) => stop.code)).toEqual([0, 0]);
    for (const stop of stops) expect(stop.ms).toBeLessThan(20_000);
    expect(players.flatMap((player) => player.errors)).toEqual([]);
    // Both processes had clients: each restart moved some of them.
    expect(players.some((player) => player.reconnections > 0)).toBe(true);
    // Every acknowledged move reached the opponent soon, wherever each was connected: told through Redis, or found
    // on reopening the table after a reconnection (the catch-up, a minute here, never had to).
    const late = players.flatMap((player, k) => {
      const opponent = players[k % 2 === 0 ? k + 1 : k - 1]!;
      return player.acknowledged
        .map(({ id, version, at }) => ({ id, ms: opponent.heardAt(version) - at }))
        .filter(({ ms }) => ms > 5000);
    });
    expect(late).toEqual([]);

    // Every acknowledged move is in the stored log, once, with the version its answer gave; the logs replay.
    const db = new pg.Client({ connectionString: platform.databaseUrl() });
    await db.connect();
    try {
      for (const tableId of new Set(players.map((player) => player.tableId))) {
        const { rows } = await db.query<{ seq: number; entry: string; client_id: string | null }>(
          'select seq, entry, client_id from moves where table_id = $1 order by seq',
          [tableId],
        );
        expect(rows.map((row) => row.seq)).toEqual(rows.map((_, k) => k));
        const stored = new Map(rows.map((row) => [row.client_id, row.seq]));
        for (const player of players.filter((each) => each.tableId === tableId))
          for (const { id, version } of player.acknowledged) {
            // A move stored at seq s makes version s + 1 (a chance entry may follow it: the version is then higher).
            expect(stored.get(id), id).toBeDefined();
            expect(version).toBeGreaterThan(stored.get(id)!);
          }
        const replayed = replayRecord(GAMES, {
          format: 'skyline-record/1',
          game: 'nyny',
          players: 2,
          options: {},
          log: rows.map((row) => JSON.parse(row.entry) as LogEntry),
        });
        expect(replayed.ok).toBe(true);
      }
    } finally {
      await db.end();
    }
    const summary = {
      acknowledged: moves(),
      reconnections: players.reduce((sum, player) => sum + player.reconnections, 0),
      resent: players.reduce((sum, player) => sum + player.resent, 0),
      stopMs: stops.map((stop) => stop.ms),
    };
    console.log(`rolling restart: ${JSON.stringify(summary)}`);
    for (const player of players) player.close();
  }, 300_000);

  // The first test passes with the old way of stopping too (see the top of this file): its clients reconnect, reopen
  // their tables and so heal what a stopping process failed to tell. This one leaves nothing to heal: a move is held
  // in the database (a row lock taken by the test) while its process is told to stop, its sender never reconnects and
  // its opponent stays connected to the other process. What `shutdown.ts` does is then all that can tell the opponent:
  // stop listening, keep the connections open until the move is stored and answered, tell it to the other process,
  // and only then close the connections. The old way (stop telling at once, close the sockets under the move) fails
  // here: the sender is cut off before the answer, and the opponent hears nothing until the catch-up, a minute away.
  it('answers and tells the other process a move it was storing when SIGTERM came, before it closes its connections', async () => {
    const live = platform.list.filter(
      (server) => server.child.exitCode === null && server.child.signalCode === null,
    );
    const [victim, survivor] = live as [ServerProcess, ServerProcess];
    expect(survivor).toBeDefined();
    const [a, b] = [
      await guestCookie(victim.url, 'heldMover'),
      await guestCookie(survivor.url, 'heldOpponent'),
    ];
    const tableId = await startTable(victim.url, a, b);
    // Neither reconnects: a reconnection would reopen the table and hide what was not told.
    const socketTo = (url: string, cookie: string) =>
      io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    const mover = socketTo(victim.url, a);
    const opponent = socketTo(survivor.url, b);
    const state = new Map<Socket, { version: number; legal: unknown[] }>();
    for (const socket of [mover, opponent]) {
      socket.on('table:update', (update: TableUpdate) => {
        const known = state.get(socket);
        if (update.tableId === tableId && (!known || update.version > known.version))
          state.set(socket, { version: update.version, legal: update.legalMoves });
      });
      const opened = (await socket.timeout(10_000).emitWithAck('table:open', { tableId })) as {
        snapshot: TableSnapshot;
      };
      state.set(socket, { version: opened.snapshot.version, legal: opened.snapshot.legalMoves });
    }
    const pick = (legal: unknown[]) =>
      legal.find((move) => (move as { type?: string }).type !== 'pass') ?? legal[0];
    // The opponent moves (through the other process) until it is the mover's turn.
    for (let turn = 0; state.get(mover)!.legal.length === 0; turn++) {
      await eventually(() => state.get(opponent)!.legal.length > 0, 10_000, 'the opponent’s turn');
      const { version, legal } = state.get(opponent)!;
      const ack = await opponent
        .timeout(10_000)
        .emitWithAck('table:move', { tableId, version, id: `heldOpponent-${turn}`, move: pick(legal) });
      expect(ack).toMatchObject({ ok: true });
      await eventually(
        () => state.get(mover)!.version >= (ack as { version: number }).version,
        10_000,
        'the mover hears the opponent',
      );
    }

    const lock = new pg.Client({ connectionString: platform.databaseUrl() });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('select id from tables where id = $1 for update', [tableId]);
      const { version, legal } = state.get(mover)!;
      const dropped = new Promise<string>((resolve) => mover.once('disconnect', resolve));
      const answered = new Promise<{ ok: boolean; version?: number } | null>((resolve) => {
        mover.once('disconnect', () => resolve(null));
        mover
          .timeout(30_000)
          .emit(
            'table:move',
            { tableId, version, id: 'heldMover-0', move: pick(legal) },
            (error: Error | null, ack: unknown) =>
              resolve(error ? null : (ack as { ok: boolean; version?: number })),
          );
      });
      // The move waits on the lock; the process is told to stop meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = new Promise<number | null>((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Stopped listening at once: a new connection (a client's reconnection) goes to another process.
      const { port } = new URL(victim.url);
      const refused = await new Promise<boolean>((resolve) => {
        const probe = connect(Number(port), '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
      // The open connections are not closed under the move being stored.
      expect(mover.connected).toBe(true);
      await lock.query('commit');
      const released = Date.now();

      // The move is answered, then told to the opponent on the other process at once (no reconnection to heal it).
      const ack = await answered;
      expect(ack).toMatchObject({ ok: true });
      await eventually(
        () => state.get(opponent)!.version >= ack!.version!,
        5000,
        'the opponent hears the move',
      );
      expect(Date.now() - released).toBeLessThan(5000);
      // Then the connection is handed over: closed as a dropped network is, so that a client reconnects elsewhere.
      expect(await dropped).toBe('transport close');
      expect(await exited).toBe(0);
    } finally {
      await lock.end();
      mover.close();
      opponent.close();
    }
  }, 120_000);
});
