/**
 * What a request or a driver changed is published once, by one dispatcher (`TableDispatcher`), whichever path made
 * the change: a table created over HTTP, a move sent on a socket, a bot's move, a seat handed to a bot when its clock
 * ran out, a table of a tournament (`tournaments.test.ts` plays those through), an abandoned table removed. None of
 * these paths publishes by itself any more: a path that forgot would publish nothing, one that published as well
 * would publish twice.
 */
import { ManualTime } from '../src/clocks/clocks.js';
import type { Outcome, TableChange } from '../src/tables/change.js';
import { TableDispatcher } from '../src/tables/dispatcher.js';
import type { LiveTable } from '../src/tables/live.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  guestMaker,
  known,
  startNynyTable,
  startTestServer,
  type TestClient,
  type TestServer,
} from './harness.js';

const time = new ManualTime(Date.UTC(2026, 5, 1));
let server: TestServer;
const guests = guestMaker('pub', () => server);

/** Every change published, as it was when published (the table's copy changes afterwards). */
const published: { tableId: string | undefined; seating: boolean; advancedFrom?: number; chat: string[] }[] =
  [];

beforeAll(async () => {
  // The keeper never looks by itself here: the clock test moves the time, then asks it to look.
  server = await startTestServer(':memory:', {}, {}, { time, clockCheckMs: 3_600_000 });
  const publisher = server.app.publisher;
  const publish = publisher.publish.bind(publisher);
  publisher.publish = (change) => {
    if (change)
      published.push({
        tableId: change.table?.id,
        seating: Boolean(change.seating),
        advancedFrom: change.advancedFrom,
        chat: (change.chat ?? []).map((line) => line.text),
      });
    publish(change);
  };
});
afterAll(() => server.close());

function publishedAbout(tableId: string) {
  return published.filter((change) => change.tableId === tableId);
}

/** How many published changes told of the move at log entry `index` (each viewer's update starts there). */
function timesTold(tableId: string, index: number): number {
  return publishedAbout(tableId).filter((change) => change.advancedFrom === index).length;
}

/** The log indices of the seats' moves (not chance) at a table. */
async function moveIndices(tableId: string, seat?: number): Promise<number[]> {
  const table = await server.app.service.get(tableId);
  return table.log.flatMap((entry, index) =>
    'seat' in entry && (seat === undefined || entry.seat === seat) ? [index] : [],
  );
}

/** The client whose seat the game awaits makes its first legal move; resolves to the move's log index. */
async function moveOnSocket(clients: TestClient[], tableId: string): Promise<number> {
  await eventually(
    () => clients.some((c) => known(c, tableId).legalMoves.length > 0),
    5000,
    'a seat to move',
  );
  const mover = clients.find((c) => known(c, tableId).legalMoves.length > 0)!;
  const { version, legalMoves } = known(mover, tableId);
  const ack = await mover.request('table:move', { tableId, version, id: `m${version}`, move: legalMoves[0] });
  expect(ack.ok).toBe(true);
  await eventually(() => known(mover, tableId).version > version, 5000, 'the move told');
  return version;
}

describe('a change is published once, whichever path made it', () => {
  it('a table created over HTTP', async () => {
    const [ann] = await guests(1);
    const { status, body } = await ann!.http('POST', '/api/tables', { game: 'nyny', players: 2 });
    expect(status).toBe(200);
    const tableId = (body.table as { id: string }).id;
    expect(publishedAbout(tableId)).toEqual([{ tableId, seating: true, advancedFrom: undefined, chat: [] }]);
  });

  it('a move sent on a socket', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], {});
    const index = await moveOnSocket([ann!, bob!], tableId);
    expect(timesTold(tableId, index)).toBe(1);
  });

  it("a bot's move", async () => {
    const [ann] = await guests(1);
    const tableId = await startNynyTable([ann!], {}, 1);
    // Ann moves when it is her turn; the bot (seat 1) answers by itself (given time: a loaded machine's bot is slow).
    let bots: number[] = [];
    const until = Date.now() + 20_000;
    while (bots.length < 2 && Date.now() < until) {
      if (known(ann!, tableId).legalMoves.length > 0) await moveOnSocket([ann!], tableId);
      else await new Promise((resolve) => setTimeout(resolve, 20));
      bots = await moveIndices(tableId, 1);
    }
    expect(bots.length).toBeGreaterThanOrEqual(2);
    for (const index of await moveIndices(tableId))
      expect(timesTold(tableId, index), `move ${index}`).toBe(1);
  });

  it('a seat handed to a bot when its clock ran out, and the stand-in’s move', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 60 } });
    const version = known(ann!, tableId).version;
    time.advance(60_000);
    await server.app.keeper.check();
    const handedOver = publishedAbout(tableId).filter((change) =>
      change.chat.some((text) => text.includes('ran out of time')),
    );
    expect(handedOver).toHaveLength(1);
    expect(handedOver[0]!.seating).toBe(true);
    await eventually(() => known(ann!, tableId).version > version, 5000, 'the stand-in moving');
    // The hand-over told every viewer its new status (from this version), then the stand-in's move was told once.
    const standInMoves = publishedAbout(tableId).filter(
      (change) => change.advancedFrom === version && !handedOver.includes(change),
    );
    expect(standInMoves).toHaveLength(1);
    for (const client of [ann!, bob!]) client.close();
  });

  it('an abandoned open table removed', async () => {
    const [ann] = await guests(1);
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    const tableId = created.tableId as string;
    ann!.close(); // nobody has it open any more
    const removed = await server.app.expireOpenTables(Date.now() + 365 * 24 * 3_600_000);
    expect(removed).toContain(tableId);
    expect(publishedAbout(tableId).filter((change) => change.seating)).toHaveLength(2); // its creation, its removal
  });
});

describe('the dispatcher', () => {
  const table = { id: 't' } as LiveTable;

  it('answers the sender before it publishes, and resolves to the answer', async () => {
    const publisher = new TablePublisher();
    const order: string[] = [];
    publisher.subscribe({ seatingChanged: () => order.push('published') });
    const dispatcher = new TableDispatcher(publisher);
    const outcome: Outcome<string> = { ack: 'ok', change: { table, seating: true } };
    const answer = await dispatcher.dispatch(Promise.resolve(outcome), (ack) =>
      order.push(`answered ${ack}`),
    );
    expect(answer).toBe('ok');
    expect(order).toEqual(['answered ok', 'published']);
  });

  it('publishes nothing of an operation that failed, and hands a failure to publish to its owner', async () => {
    const publisher = new TablePublisher();
    const failures: unknown[] = [];
    publisher.subscribe({
      seatingChanged: () => {
        throw new Error('a listener broke');
      },
    });
    const dispatcher = new TableDispatcher(publisher, (error: unknown, change: TableChange) =>
      failures.push([(error as Error).message, change.table?.id]),
    );
    await expect(dispatcher.dispatch(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(failures).toEqual([]);
    await expect(
      dispatcher.dispatch(Promise.resolve({ ack: 1, change: { table, seating: true } })),
    ).resolves.toBe(1);
    expect(failures).toEqual([['a listener broke', 't']]);
  });
});
