/**
 * Several server processes sharing PostgreSQL and Redis: clients on different processes play together, moves to
 * one table are ordered by the database, and a process can die while the others go on.
 */
import { replayRecord, type GameRecord, type LogEntry } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { nyny } from '@skyline/nyny';
import type { TableSummary, TableUpdate } from '@skyline/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lacking } from '@skyline/testkit/vitest';
import { TestClient, eventually, killed, playToEnd, startTable, type Known } from './harness.js';
import { platformForFile } from './pg.js';

/**
 * One platform: every process of this file shares the database and the Redis channels. Bots move quickly, and a dead
 * process's claim on a table's bots lapses after 1.5 s.
 */
const platform = platformForFile({ BOT_DELAY_MS: '60', BOT_LEASE_MS: '1500' }, 2);
let names = 0;

/** Two more processes of the platform (killed at the end). */
async function spawnTwo() {
  return [await platform.spawn(), await platform.spawn()] as const;
}

const guest = (process: number) => TestClient.guest(platform.list[process]!.url, `m${++names}`);
const known = (client: TestClient, tableId: string) => client.tables.get(tableId) as Known;

describe.skipIf(lacking('postgres', 'redis'))('several processes on PostgreSQL and Redis', () => {
  it('lets clients on different processes play a whole game, and a spectator on one process see moves made through the other', async () => {
    const ann = await guest(0);
    const bob = await guest(1);
    const watcher = await guest(1);
    const tableId = await startTable([ann, bob], 'nyny', { variant: 'simultaneous' });
    await watcher.open(tableId);
    await playToEnd(nyny, [ann, bob], tableId, 11);
    await eventually(() => known(watcher, tableId).over, 20_000, 'the spectator hearing the end');
    const { body: record } = await bob.http('GET', `/api/games/${tableId}/record`);
    const replayed = replayRecord(GAMES, record);
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    const status = nyny.status(replayed.state as never);
    expect((record as unknown as GameRecord).log.length).toBe(known(watcher, tableId).version);
    expect(known(watcher, tableId).lastUpdate?.status.scores).toEqual(status.scores);
    for (const client of [ann, bob, watcher]) client.close();
  }, 60_000);

  it('shows in a lobby on one process who is connected to tables through the other', async () => {
    const ann = await guest(0);
    const bob = await guest(0);
    const tableId = await startTable([ann, bob], 'nyny');
    bob.close();
    const visitor = await guest(1);
    const seen = async () => {
      const lobby = await visitor.request('lobby:open', {});
      const summary = (lobby.tables as TableSummary[]).find((table) => table.id === tableId);
      return summary?.seats.map((seat) => [seat.name, seat.connected]);
    };
    // Bob's disconnection reaches his process a moment after he left.
    let seats = await seen();
    for (let tries = 0; tries < 100 && seats?.[1]?.[1] !== false; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seats = await seen();
    }
    expect(seats).toEqual([
      [ann.name, true],
      [bob.name, false],
    ]);
    const { body } = await visitor.http('GET', '/api/my/games');
    expect(body.games).toEqual([]);
    const { body: anns } = await ann.http('GET', '/api/my/games');
    expect((anns.games as (TableSummary & { seat: number })[]).map((game) => [game.id, game.seat])).toEqual([
      [tableId, 0],
    ]);
    for (const client of [ann, visitor]) client.close();
  }, 60_000);

  it('accepts exactly one of two conflicting moves sent at the same instant through both processes, every time', async () => {
    const ann = await guest(0);
    const annElsewhere = await TestClient.connect(platform.list[1]!.url, ann.cookie, ann.name);
    const bob = await guest(1);
    const tableId = await startTable([ann, bob], 'nyny');
    await annElsewhere.open(tableId);
    let trials = 0;
    let turn = 0;
    // The version the last accepted move reached: its acknowledgement comes before the updates it causes.
    let reached = 0;
    while (trials < 25) {
      const version = Math.max(known(ann, tableId).version, known(bob, tableId).version, reached);
      await eventually(
        () => [ann, annElsewhere, bob].every((c) => known(c, tableId).version === version),
        20_000,
        `delivery of ${version}: ${[ann, annElsewhere, bob].map((c) => known(c, tableId).version).join(',')}`,
      );
      if (known(ann, tableId).over) break;
      const annMoves = known(ann, tableId).legalMoves;
      if (annMoves.length >= 2) {
        // The same seat, through two processes, two different moves on the same version.
        const [first, second] = await Promise.all([
          ann.request('table:move', { tableId, version, id: `a${turn}`, move: annMoves[0] }),
          annElsewhere.request('table:move', { tableId, version, id: `b${turn}`, move: annMoves[1] }),
        ]);
        expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
        const [winner, loser] = first.ok ? [first, second] : [second, first];
        reached = winner.version as number;
        expect(['move.stale', 'table.changed']).toContain(loser.code);
        expect((loser.stale as { version: number } | undefined)?.version ?? version + 1).toBeGreaterThan(
          version,
        );
        trials++;
      } else {
        const mover = annMoves.length > 0 ? ann : bob;
        const move = known(mover, tableId).legalMoves[0];
        const ack = await mover.request('table:move', { tableId, version, id: `c${turn}`, move });
        expect(ack.ok).toBe(true);
        reached = ack.version as number;
      }
      turn++;
    }
    expect(trials).toBeGreaterThanOrEqual(20);
    // The stored log replays: exactly one move was kept each time, and the log has no gap.
    const db = new pg.Client({ connectionString: platform.databaseUrl() });
    await db.connect();
    const { rows } = await db.query<{ seq: number; entry: string }>(
      'select seq, entry from moves where table_id = $1 order by seq',
      [tableId],
    );
    await db.end();
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, k) => k));
    const log = rows.map((row) => JSON.parse(row.entry) as LogEntry);
    const replayed = replayRecord(GAMES, {
      format: 'skyline-record/1',
      game: 'nyny',
      players: 2,
      options: {},
      log,
    });
    expect(replayed.ok).toBe(true);
    expect(log.length).toBe(known(bob, tableId).version);
    for (const client of [ann, annElsewhere, bob]) client.close();
  }, 120_000);

  it.each([
    ['killed with kill -9', 'SIGKILL'],
    ['stopped (SIGTERM)', 'SIGTERM'],
  ] as const)(
    'goes on when a process is %s: its clients reconnect to another and finish the game',
    async (_, signal) => {
      // Two fresh processes of their own, so that killing one does not disturb the other tests.
      const [survivor, victim] = await spawnTwo();
      const ann = await TestClient.guest(survivor.url, `m${++names}`);
      const bob = await TestClient.guest(victim.url, `m${++names}`);
      const tableId = await startTable([ann, bob], 'nyny');
      let acknowledged = 0;
      for (let k = 0; k < 30; k++) {
        // The updates of the last move may come after its acknowledgement: wait for them.
        const version = Math.max(known(ann, tableId).version, known(bob, tableId).version, acknowledged);
        await eventually(
          () => [ann, bob].every((c) => known(c, tableId).version === version),
          20_000,
          'delivery',
        );
        const mover = known(ann, tableId).legalMoves.length > 0 ? ann : bob;
        const move = known(mover, tableId).legalMoves.find((m) => (m as { type: string }).type !== 'pass');
        const ack = await mover.request('table:move', { tableId, version, id: `k${k}`, move });
        expect(ack.ok).toBe(true);
        acknowledged = ack.version as number;
      }
      const code = await killed(victim, signal);
      // A stopped process ends cleanly (it used to crash on a late Redis publish of its own).
      if (signal === 'SIGTERM') expect(code).toBe(0);
      bob.close();
      const back = await TestClient.connect(survivor.url, bob.cookie, bob.name);
      const snapshot = await back.open(tableId);
      expect(snapshot.version).toBe(acknowledged);
      // The killed process may have acknowledged its last move and died before publishing it to the others: a client
      // that may have missed an event resyncs by opening the table again (the web client does on reconnecting and on
      // a gap in the versions), and finds every acknowledged move there.
      expect((await ann.open(tableId)).version).toBe(acknowledged);
      await playToEnd(nyny, [ann, back], tableId, 12);
      const last = known(back, tableId).lastUpdate as TableUpdate;
      expect(last.status.over).toBe(true);
      ann.close();
      back.close();
    },
    120_000,
  );

  it('lets exactly one process drive the bots of a table, and another take over when it dies', async () => {
    const [hostSide, other] = await spawnTwo();
    const host = await TestClient.guest(hostSide.url, `m${++names}`);
    const { tableId } = (await host.request('table:create', { game: 'nyny', players: 2 })) as unknown as {
      tableId: string;
    };
    await host.open(tableId);
    await host.command(tableId, '/leave');
    // Greedy bots play their tiles (random ones may pass at once and end the game too soon for this test).
    await host.command(tableId, '/bot greedy');
    await host.command(tableId, '/bot greedy');
    const watcher = await TestClient.guest(other.url, `m${++names}`);
    await watcher.open(tableId);
    expect((await host.command(tableId, '/start')).ok).toBe(true);

    const db = new pg.Client({ connectionString: platform.databaseUrl() });
    await db.connect();
    db.on('error', () => undefined); // the database is dropped at the end
    const driverOf = async () =>
      (
        await db.query<{ bot_driver: string | null }>('select bot_driver from tables where id = $1', [
          tableId,
        ])
      ).rows[0]?.bot_driver;
    await eventually(() => known(watcher, tableId)?.version > 6, 20_000, 'the bots to play');
    const first = await driverOf();
    expect(first).toBeTruthy();
    // Whichever live process took the table's bots (every process hears of every move and may claim them), kill it
    // mid-game.
    const holder = await platform.named(first as string);
    await killed(holder);
    // A table of bots plays while the person who started it watches: if its process died, it comes back through the
    // other one, as the web client reconnects.
    let starter = host;
    if (holder === hostSide) {
      starter = await TestClient.connect(other.url, host.cookie, host.name);
      await starter.open(tableId);
    }
    const before = known(watcher, tableId).version;
    await eventually(
      () => known(watcher, tableId)?.over === true,
      30_000,
      'another process to finish the game',
    );
    expect(known(watcher, tableId).version).toBeGreaterThan(before);
    // Another process took over (any live one: they all share the database).
    const second = await driverOf();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await db.end();
    host.close();
    starter.close();
    watcher.close();
  }, 120_000);
});
