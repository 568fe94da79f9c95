/**
 * Taking back a move (issue 30 §4, `table:undo`): the absences reproduced are an undo that reaches past what another
 * player has seen (after their move), one taken by a seat that did not make the move, and two undos from two sockets
 * that would take back two moves where one was meant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  guestMaker,
  known,
  startTable,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const guests = guestMaker('u', () => server);

type Move = { type: string };

/** Two players at a new New York table, the one awaited first. */
async function newYorkTable() {
  const clients = await guests(2);
  const tableId = await startTable(clients, 'nyny');
  await eventually(
    () => clients.some((c) => (known(c, tableId).legalMoves?.length ?? 0) > 0),
    5000,
    'a turn',
  );
  const mover = clients.find((c) => known(c, tableId).legalMoves.length > 0)!;
  const other = clients.find((c) => c !== mover)!;
  return { tableId, mover, other };
}

/** Plays the mover's tile (New York's "play": the same seat then takes a card, and nothing is drawn). */
async function playTile(mover: TestClient, tableId: string, id: string) {
  const { version, legalMoves } = known(mover, tableId);
  const move = (legalMoves as Move[]).find((m) => m.type === 'play');
  expect(move).toBeDefined();
  const ack = await mover.request('table:move', { tableId, version, id, move });
  expect(ack.ok).toBe(true);
  return { version: (ack as unknown as { version: number }).version, move };
}

describe('taking back a move', () => {
  it('takes back a tile played while the same seat moves next, and the table is as before', async () => {
    const { tableId, mover } = await newYorkTable();
    const before = known(mover, tableId).version;
    const { version: after, move } = await playTile(mover, tableId, 'p1');
    expect(after).toBe(before + 1);
    const undone = await mover.request('table:undo', { tableId, version: after });
    expect(undone).toEqual({ ok: true, version: before });
    // The record (what `skyline replay` reads) no longer holds the move taken back.
    const { body } = await mover.http('GET', `/api/games/${tableId}/record`);
    expect((body as { log: unknown[] }).log).toHaveLength(before);
    // The same tile can be played again on the version restored, with the same client id: a new move, not a repeat.
    const again = await mover.request('table:move', { tableId, version: before, id: 'p1', move });
    expect(again).toEqual({ ok: true, version: after });
  });

  it('counts a first move taken back and played again once for the opening, as a rating reads it', async () => {
    const { tableId, mover } = await newYorkTable();
    // The mover's seat, as stored: the one whose player has the mover's name.
    const ownMoves = async () =>
      (
        await server.app.db
          .selectFrom('seats')
          .innerJoin('users', 'users.id', 'seats.user_id')
          .select('seats.own_moves')
          .where('seats.table_id', '=', tableId)
          .where('users.name', '=', mover.name)
          .executeTakeFirstOrThrow()
      ).own_moves;
    expect(await ownMoves()).toBe(0);
    const before = known(mover, tableId).version;
    const { version: after, move } = await playTile(mover, tableId, 'p1');
    expect(await ownMoves()).toBe(1);
    expect(await mover.request('table:undo', { tableId, version: after })).toEqual({
      ok: true,
      version: before,
    });
    // Uncounted with the move: played again, it counts once (before, twice: the opening made up by one tile).
    expect(await ownMoves()).toBe(0);
    expect((await mover.request('table:move', { tableId, version: before, id: 'p2', move })).ok).toBe(true);
    expect(await ownMoves()).toBe(1);
  });

  it('refuses the other seat, which made no move', async () => {
    const { tableId, mover, other } = await newYorkTable();
    const { version: after } = await playTile(mover, tableId, 'p1');
    const refused = await other.request('table:undo', { tableId, version: after });
    expect(refused).toMatchObject({ ok: false, code: 'undo.none' });
  });

  it('takes back one move only when two sockets of the player ask at once', async () => {
    const { tableId, mover } = await newYorkTable();
    const before = known(mover, tableId).version;
    const { version: after } = await playTile(mover, tableId, 'p1');
    const second = await TestClient.connect(mover.url, mover.cookie, mover.name);
    const answers = await Promise.all([
      mover.request('table:undo', { tableId, version: after }),
      second.request('table:undo', { tableId, version: after }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const { body } = await mover.http('GET', `/api/games/${tableId}/record`);
    expect((body as { log: unknown[] }).log).toHaveLength(before);
    second.socket.close();
  });

  it('refuses once the other seat has moved since', async () => {
    const { tableId, mover, other } = await newYorkTable();
    // The mover plays until the turn passes (a tile, then a card: the card may draw, or end the turn).
    for (let k = 0; k < 6 && known(mover, tableId).legalMoves.length > 0; k++) {
      const { version, legalMoves } = known(mover, tableId);
      await mover.request('table:move', { tableId, version, id: `m${k}`, move: legalMoves[0] });
      await eventually(() => known(mover, tableId).version > version, 5000, 'the move');
    }
    await eventually(() => known(other, tableId).legalMoves.length > 0, 5000, "the other's turn");
    const { version, legalMoves } = known(other, tableId);
    expect((await other.request('table:move', { tableId, version, id: 'o1', move: legalMoves[0] })).ok).toBe(
      true,
    );
    await eventually(() => known(mover, tableId).version > version, 5000, "the other's move");
    const refused = await mover.request('table:undo', { tableId, version: known(mover, tableId).version });
    expect(refused).toMatchObject({ ok: false, code: 'undo.none' });
  });
});
