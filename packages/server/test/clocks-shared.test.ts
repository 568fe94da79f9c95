/**
 * Clocks with several processes on one PostgreSQL database: the deadlines are in the database, every process's keeper
 * looks for them, and one seat out of time is handed over exactly once, even when two keepers find it together or the
 * process that held the table in memory is gone. The "processes" are table services in this test, each with its own
 * connection pool and keeper, and one time source moved by hand.
 */
import { lacking } from '@skyline/testkit/vitest';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import { ManualTime } from '../src/clocks/clocks.js';
import { ClockKeeper } from '../src/clocks/keeper.js';
import type { TableChange } from '../src/tables/change.js';
import { versionOf } from '../src/tables/live.js';
import { TableDispatcher } from '../src/tables/dispatcher.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { postgresForFile } from './pg.js';
import { sharedTableService } from './shared-service.js';

const postgres = postgresForFile();
const time = new ManualTime(Date.UTC(2026, 8, 1));
const silent = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

async function serverProcess() {
  const store = await postgres.openProcessStore();
  const publisher = new TablePublisher();
  const changes: TableChange[] = [];
  const publish = publisher.publish.bind(publisher);
  publisher.publish = (change) => {
    if (change) changes.push(change);
    publish(change);
  };
  const service = sharedTableService(store, publisher, { time });
  const tables = new TableDispatcher(publisher);
  const keeper = new ClockKeeper(
    store.db,
    (tableId) => tables.dispatch(service.timeOut(tableId)),
    time,
    silent,
  );
  return { db: store.db, service, keeper, changes, accounts: new Accounts(store.db) };
}

let guests = 0;

describe.skipIf(lacking('postgres'))('clocks in several processes', () => {
  it('two keepers that find the same passed deadline hand the seat over once; a process that never held the table acts when the one that did is gone', async () => {
    const a = await serverProcess();
    const b = await serverProcess();
    const c = await serverProcess();
    const ann = (await a.accounts.createGuest(`k${++guests}`)).user;
    const bob = (await a.accounts.createGuest(`k${++guests}`)).user;
    const { ack: table } = await a.service.create(ann, {
      game: 'nyny',
      players: 2,
      clock: { kind: 'turn', perMove: 3600 },
    });
    await a.service.command(bob, table.id, { name: 'join' });
    await a.service.command(ann, table.id, { name: 'start' });
    const started = await a.service.get(table.id);
    const first = started.game.active(started.state)[0] as number;
    const stored = await a.db
      .selectFrom('tables')
      .select(['deadline', 'clocks'])
      .where('id', '=', table.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.deadline)).toBe(time.now() + 3_600_000);

    // A move through the PostgreSQL statement stores the clocks with it: the other seat's hour starts.
    time.advance(60_000);
    const mover = first === 0 ? ann : bob;
    const legal = (await a.service.snapshot(started, first)).legalMoves;
    const moved = await a.service.move(mover, table.id, versionOf(started), 'm1', legal[0]);
    expect(moved.ack).toMatchObject({ ok: true });
    const afterMove = await a.service.get(table.id);
    const awaited = afterMove.game.active(afterMove.state) as number[];
    const row = await a.db
      .selectFrom('tables')
      .select(['deadline'])
      .where('id', '=', table.id)
      .executeTakeFirstOrThrow();
    // Whoever is awaited now (the same seat taking its tiles, or the other) has an hour from the move.
    expect(Number(row.deadline)).toBe(time.now() + 3_600_000);

    // Process A goes away (its copy is simply never used again). An hour later, B and C look at once.
    time.advance(3_600_000);
    await Promise.all([b.keeper.check(), c.keeper.check()]);
    const handedOver = [...b.changes, ...c.changes].filter((change) => change.seating);
    expect(handedOver).toHaveLength(1);
    const lines = await b.db.selectFrom('chat').select('text').where('table_id', '=', table.id).execute();
    expect(lines.filter((line) => line.text.includes('ran out of time'))).toHaveLength(awaited.length);
    const seats = await b.db
      .selectFrom('seats')
      .select(['seat', 'stand_in'])
      .where('table_id', '=', table.id)
      .orderBy('seat')
      .execute();
    expect(seats.map((seat) => seat.stand_in)).toEqual(
      [0, 1].map((seat) => (awaited.includes(seat) ? 'greedy' : null)),
    );
    // Looking again changes nothing: the seat is no longer timed.
    await Promise.all([b.keeper.check(), c.keeper.check()]);
    expect([...b.changes, ...c.changes].filter((change) => change.seating)).toHaveLength(1);
    for (const process of [a, b, c]) await process.keeper.close();
  }, 30_000);
});
