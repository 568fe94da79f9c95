/**
 * Undo offered only when it will work (issue 30 §4), and taking back at tables with a clock. The absences reproduced:
 * an Undo offered to a seat whose move was made by the bot standing in for it (the player never chose it), an Undo
 * offered to the seat that did not move or after something new was seen, and at a clocked table a move taken back that
 * gives its player time back (the increment, or the time spent since) or that is taken back after that time ran out.
 * The clocks read a time source the test moves by hand (`ManualTime`).
 */
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { ManualTime } from '../src/clocks/clocks.js';
import {
  eventually,
  guestMaker,
  known,
  startNynyTable,
  testServerForFile,
  type TestClient,
} from './harness.js';

const T0 = Date.UTC(2026, 5, 1);
const time = new ManualTime(T0);
// The bots wait 2 s before each move, so that a player can take the seat back between two moves of the stand-in.
const server = testServerForFile(
  ':memory:',
  {},
  { delayMs: 2_000 },
  { time, clockCheckMs: 3_600_000, claimAfterMs: 60_000 },
);
const guests = guestMaker('uo', () => server);

type Move = { type: string };

/** What the client was last told of the table: the last update, or the snapshot when that is newer. */
function lastTold(client: TestClient, tableId: string): TableSnapshot | TableUpdate {
  const k = known(client, tableId);
  if (k.lastUpdate && (!k.snapshot || k.lastUpdate.version >= k.snapshot.version)) return k.lastUpdate;
  return k.snapshot as TableSnapshot;
}

const offered = (client: TestClient, tableId: string): boolean => lastTold(client, tableId).undoable === true;

/** Two players at a New York table (`body`: clock, options), the one awaited first as `mover`. */
async function newYorkTable(body: Record<string, unknown> = {}) {
  const clients = await guests(2);
  const tableId = await startNynyTable(clients, body);
  await eventually(() => clients.some((c) => known(c, tableId).legalMoves.length > 0), 5000, 'a turn');
  const mover = clients.find((c) => known(c, tableId).legalMoves.length > 0)!;
  const other = clients.find((c) => c !== mover)!;
  const seat = clients.indexOf(mover);
  return { tableId, mover, other, seat };
}

/** Plays the mover's tile (the same seat then takes a card, and nothing is drawn: a move that can be taken back). */
async function playTile(mover: TestClient, tableId: string, id: string): Promise<number> {
  const { version, legalMoves } = known(mover, tableId);
  const move = (legalMoves as Move[]).find((m) => m.type === 'play');
  expect(move).toBeDefined();
  const ack = await mover.request('table:move', { tableId, version, id, move });
  expect(ack.ok).toBe(true);
  await eventually(() => known(mover, tableId).version > version, 5000, 'the move told');
  return version + 1;
}

/** The table's stored clocks column, as written. */
async function storedClocks(tableId: string): Promise<unknown> {
  const row = await server.app.db
    .selectFrom('tables')
    .select(['clocks', 'deadline'])
    .where('id', '=', tableId)
    .executeTakeFirstOrThrow();
  return { clocks: JSON.parse(row.clocks as string) as unknown, deadline: row.deadline };
}

describe('Undo offered only when the server will take the move back', () => {
  it('tells the mover, and only the mover, that its tile can be taken back; not once the turn has passed', async () => {
    const { tableId, mover, other } = await newYorkTable();
    expect(offered(mover, tableId)).toBe(false);
    await playTile(mover, tableId, 'p1');
    expect(offered(mover, tableId)).toBe(true);
    await eventually(() => known(other, tableId).version === known(mover, tableId).version, 5000, 'delivery');
    expect(offered(other, tableId)).toBe(false);
    // The mover plays on until the turn passes: something new (a card drawn, the other's turn) has been seen.
    for (let k = 0; k < 6 && known(mover, tableId).legalMoves.length > 0; k++) {
      const { version, legalMoves } = known(mover, tableId);
      await mover.request('table:move', { tableId, version, id: `m${k}`, move: legalMoves[0] });
      await eventually(() => known(mover, tableId).version > version, 5000, 'the move');
    }
    await eventually(() => known(other, tableId).legalMoves.length > 0, 5000, "the other's turn");
    expect(offered(mover, tableId)).toBe(false);
    const refused = await mover.request('table:undo', { tableId, version: known(mover, tableId).version });
    expect(refused.ok).toBe(false);
  });

  it('does not offer nor take back a move the stand-in bot made, after the player took the seat back', async () => {
    const { tableId, mover, seat } = await newYorkTable({ clock: { kind: 'turn', perMove: 60 } });
    const version = known(mover, tableId).version;
    // Out of time: a bot plays for the mover (its tile first; it waits 2 s before each move).
    time.advance(60_000);
    await server.app.keeper.check();
    await eventually(() => known(mover, tableId).version > version, 10_000, "the stand-in's first move");
    expect(await mover.command(tableId, '/back')).toMatchObject({ ok: true });
    const table = await server.app.service.get(tableId);
    // The bot's move is the last, and the seat moves next: only who made it stops the take-back.
    expect(table.log.at(-1)).toMatchObject({ seat });
    expect(table.game.active(table.state)).toEqual([seat]);
    await eventually(() => lastTold(mover, tableId).version === table.log.length, 5000, 'the seat told');
    expect(offered(mover, tableId)).toBe(false);
    const refused = await mover.request('table:undo', { tableId, version: table.log.length });
    expect(refused).toMatchObject({ ok: false, code: 'undo.standIn' });
    expect((await server.app.service.get(tableId)).log).toHaveLength(table.log.length);
  });
});

describe('taking back a move at a table with a clock', () => {
  const live = { kind: 'live', initial: 300, increment: 5 } as const;

  it('restores the clocks as they were before the move: the increment is given back and the time spent counts', async () => {
    const { tableId, mover, seat } = await newYorkTable({ clock: live });
    const start = time.now();
    expect(await storedClocks(tableId)).toMatchObject({ deadline: start + 300_000 });
    time.advance(40_000);
    const after = await playTile(mover, tableId, 'p1');
    // 260 s left + 5 s, running again (the same seat moves next): the deadline moved 5 s later.
    expect(await storedClocks(tableId)).toMatchObject({ deadline: start + 305_000 });
    expect(offered(mover, tableId)).toBe(true);
    time.advance(10_000);
    expect(await mover.request('table:undo', { tableId, version: after })).toEqual({
      ok: true,
      version: after - 1,
    });
    // As before the move: the deadline of then, so 50 s spent in all and 250 s left, not 255 s (the increment kept)
    // nor 300 s (the time spent given back). The other seat's clock stands with its full time.
    const stored = (await storedClocks(tableId)) as { clocks: { left: number; deadline: number | null }[] };
    expect(stored).toMatchObject({ deadline: start + 300_000 });
    expect(stored.clocks[seat]).toEqual({ left: 300_000, deadline: start + 300_000 });
    expect(stored.clocks[1 - seat]).toEqual({ left: 300_000, deadline: null });
    const snapshot = await mover.open(tableId);
    expect(snapshot.clocks?.[seat]).toEqual({ left: 250_000, running: true });
    // Only the last move: the move taken back kept nothing more to take back with it.
    expect(snapshot.undoable).toBeUndefined();
  });

  it('refuses with undo.clock once the time the player had before the move has run out', async () => {
    const { tableId, mover } = await newYorkTable({ clock: live });
    const start = time.now();
    time.advance(40_000);
    const after = await playTile(mover, tableId, 'p1');
    expect(offered(mover, tableId)).toBe(true);
    // 301 s after the start: the move gave 5 s more (the clock runs until start + 305 s), but before it the time
    // ran out at start + 300 s; taken back now, the player would play on with time that was gone.
    time.advance(start + 301_000 - time.now());
    const refused = await mover.request('table:undo', { tableId, version: after });
    expect(refused).toMatchObject({ ok: false, code: 'undo.clock' });
    expect((await mover.open(tableId)).undoable).toBeUndefined();
    expect(await storedClocks(tableId)).toMatchObject({ deadline: start + 305_000 });
  });
});
