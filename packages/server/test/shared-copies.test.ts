/**
 * Several processes' copies of a table in memory. Each process keeps its own copy and hears of the others' changes
 * through `table:sync` messages; but the database alone decides what is stored: a process that missed messages
 * (Redis lost them, or it is slow) must still refuse what the stored table refuses and accept what it accepts.
 *
 * Here the "processes" are table services in this test, each on its own connection pool to one fresh PostgreSQL
 * database, and no messages pass between them unless the test hands them over.
 */
import { describe, expect, it } from 'vitest';
import { Accounts, type User } from '../src/auth.js';
import { versionOf } from '../src/tables/live.js';
import type { Command } from '@skyline/protocol';
import type { Outcome } from '../src/tables/change.js';
import { TablePublisher } from '../src/tables/publisher.js';
import type { TableService, MoveResult } from '../src/tables/service.js';
import type { TableSync } from '../src/tables/sync.js';
import { lacking } from '@skyline/testkit/vitest';
import { postgresForFile } from './pg.js';
import { sharedTableService } from './shared-service.js';

const postgres = postgresForFile();

/** One server process's table service, recording what it would tell the others and its own connections. */
async function serverProcess() {
  const store = await postgres.openProcessStore();
  const sent: TableSync[] = [];
  const told: { from: number; version: number }[] = [];
  const counted: string[] = [];
  const publisher = new TablePublisher();
  publisher.subscribe({
    gameAdvanced: (table, from) => told.push({ from, version: versionOf(table) }),
    stored: (sync) => sent.push(sync),
  });
  const service = sharedTableService(store, publisher, { counted: (event) => counted.push(event) });
  /** As the socket handlers do: the request is handled, then what it changed is published. */
  const handled = async <A>(outcome: Promise<Outcome<A>>): Promise<A> => {
    const { ack, change } = await outcome;
    publisher.publish(change);
    return ack;
  };
  return {
    service,
    sent,
    told,
    counted,
    accounts: new Accounts(store.db),
    create: (user: User, request: { game: string; players: number }) =>
      handled(service.create(user, request)),
    command: (user: User, tableId: string, command: Command) =>
      handled(service.command(user, tableId, command)),
    move: (user: User, tableId: string, version: number, clientId: string, move: unknown) =>
      handled(service.move(user, tableId, version, clientId, move)),
  };
}

let guests = 0;
type ServerProcess = Awaited<ReturnType<typeof serverProcess>>;

async function twoPlayerTable(a: ServerProcess, b: ServerProcess, accounts: Accounts) {
  const ann = (await accounts.createGuest(`s${++guests}`)).user;
  const bob = (await accounts.createGuest(`s${++guests}`)).user;
  const table = await a.create(ann, { game: 'nyny', players: 2 });
  await b.command(bob, table.id, { name: 'join' });
  // A's copy still has one seat: the start checks the stored revision first and sees Bob.
  expect((await a.command(ann, table.id, { name: 'start' })).reply).toBe('the game starts');
  return { tableId: table.id, users: [ann, bob] as User[] };
}

/**
 * Processes A and B, and an oracle that always reads the stored table; a two-player game created and started
 * through A, joined through B.
 */
async function gameOnTwoProcesses() {
  const a = await serverProcess();
  const b = await serverProcess();
  const oracle = await serverProcess();
  return { a, b, oracle, ...(await twoPlayerTable(a, b, a.accounts)) };
}

/** The active seat's first legal move, as a third process that always reads the stored table sees it. */
async function nextMove(oracle: TableService, tableId: string) {
  const table = await oracle.get(tableId);
  const seat = table.game.active(table.state)[0] as number;
  const legal = (await oracle.snapshot(table, seat)).legalMoves;
  return { seat, version: versionOf(table), move: legal[0] };
}

describe.skipIf(lacking('postgres'))('copies of a table in several processes', () => {
  it('takes each move through a process whose copy missed the previous ones, and stores every one once', async () => {
    const { a, b, oracle, tableId, users } = await gameOnTwoProcesses();
    let moves = 0;
    for (; moves < 30; moves++) {
      const { seat, version, move } = await nextMove(oracle.service, tableId);
      // Alternate processes: each one's copy is behind by the other's last move.
      const through = moves % 2 === 0 ? b : a;
      const answer = await through.move(users[seat]!, tableId, version, `m${moves}`, move);
      expect(answer).toMatchObject({ ok: true });
      if ((await oracle.service.get(tableId)).status === 'over') break;
    }
    expect(moves).toBeGreaterThan(10);
    const record = await oracle.service.record(users[0]!.id, tableId);
    const seatMoves = record.log.filter((entry) => 'seat' in entry);
    expect(seatMoves.length).toBe(Math.min(moves + 1, 30));
  }, 30_000);

  it('refuses a move on an old version through a process that missed the newer one, with the stored table', async () => {
    const { a, b, oracle, tableId, users } = await gameOnTwoProcesses();
    // B loads the table now; then A stores a move B never hears of.
    await b.service.get(tableId);
    const first = await nextMove(oracle.service, tableId);
    expect(await a.move(users[first.seat]!, tableId, first.version, 'x1', first.move)).toMatchObject({
      ok: true,
    });
    const stored = versionOf(await oracle.service.get(tableId));
    // The other seat, or the same one, answers from the old position through B.
    const answer: MoveResult = await b.move(users[first.seat]!, tableId, first.version, 'x2', first.move);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.code).toBe('move.stale');
    expect(answer.stale?.version).toBe(stored);
    expect(b.counted.filter((event) => event === 'stale_write')).toHaveLength(1);
    expect(versionOf(await oracle.service.get(tableId))).toBe(stored);
    // The same client id sent again through B (its answer from A was lost) is a duplicate, not a second move.
    expect(await b.move(users[first.seat]!, tableId, first.version, 'x1', first.move)).toEqual({
      ok: true,
      version: stored,
      duplicate: true,
    });
  }, 30_000);

  it('refuses moves after a resignation that the moving process did not hear of', async () => {
    const { a, b, oracle, tableId, users } = await gameOnTwoProcesses();
    const next = await nextMove(oracle.service, tableId);
    await b.service.get(tableId); // B's copy: playing, at this version
    const other = users[1 - next.seat]!;
    expect((await a.command(other, tableId, { name: 'resign' })).reply).toBe('you resigned');
    const answer = await b.move(users[next.seat]!, tableId, next.version, 'late', next.move);
    expect(answer).toMatchObject({ ok: false, error: 'the game is over' });
    expect(versionOf(await oracle.service.get(tableId))).toBe(next.version);
  }, 30_000);

  it('brings a copy forward with the messages of another process, and reloads it when one is missing', async () => {
    const { a, b, oracle, tableId, users } = await gameOnTwoProcesses();
    const copy = await b.service.get(tableId);
    a.sent.length = 0;
    for (let k = 0; k < 3; k++) {
      const { seat, version, move } = await nextMove(oracle.service, tableId);
      await a.move(users[seat]!, tableId, version, `f${k}`, move);
    }
    expect(a.sent.map((sync) => sync.reload)).toEqual([false, false, false]);
    // In order: the same copy is brought forward, and B's connections are told from where they were.
    const before = versionOf(copy);
    await b.service.applyRemote(a.sent[0]!);
    expect(b.service.cached(tableId)).toBe(copy);
    expect(b.counted.at(-1)).toBe('synced');
    expect(versionOf(copy)).toBe(a.sent[0]!.from + a.sent[0]!.entries.length);
    expect(b.told.at(-1)).toEqual({ from: before, version: versionOf(copy) });
    // The third without the second: B cannot bring its copy forward, so it reloads it, and tells of both moves.
    const second = versionOf(copy);
    await b.service.applyRemote(a.sent[2]!);
    const reloaded = b.service.cached(tableId)!;
    expect(b.counted.slice(-2)).toEqual(['out_of_step', 'loaded']);
    expect(reloaded).not.toBe(copy);
    expect(reloaded.revision).toBe(a.sent[2]!.revision);
    expect(versionOf(reloaded)).toBe(versionOf(await oracle.service.get(tableId)));
    expect(b.told.at(-1)).toEqual({ from: second, version: versionOf(reloaded) });
    // The late second message changes nothing.
    await b.service.applyRemote(a.sent[1]!);
    expect(b.service.cached(tableId)).toBe(reloaded);
    expect(versionOf(reloaded)).toBe(versionOf(await oracle.service.get(tableId)));
  }, 30_000);

  it('catches up, in its periodic check, with a move it was never told of, and tells its connections', async () => {
    const { a, b, oracle, tableId, users } = await gameOnTwoProcesses();
    const copy = await b.service.get(tableId);
    const before = versionOf(copy);
    expect(await b.service.catchUp([tableId, 'unknown'])).toEqual([]); // nothing changed yet
    const next = await nextMove(oracle.service, tableId);
    await a.move(users[next.seat]!, tableId, next.version, 'lost', next.move); // its message is lost
    b.told.length = 0;
    expect(await b.service.catchUp([tableId])).toEqual([tableId]);
    expect(b.counted.slice(-2)).toEqual(['caught_up', 'loaded']);
    const now = b.service.cached(tableId)!;
    expect(versionOf(now)).toBe(versionOf(await oracle.service.get(tableId)));
    expect(b.told).toEqual([{ from: before, version: versionOf(now) }]);
    expect(await b.service.catchUp([tableId])).toEqual([]);
    // A resignation adds no entry: it is told all the same.
    await a.command(users[0]!, tableId, { name: 'resign' });
    b.told.length = 0;
    expect(await b.service.catchUp([tableId])).toEqual([tableId]);
    expect(b.service.cached(tableId)?.status).toBe('over');
    expect(b.told).toHaveLength(1);
  }, 30_000);
});
