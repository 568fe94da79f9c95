/**
 * A table's or a tournament's reliability floor (docs/platform.md, "Reliability"), on one process (SQLite). Each test
 * is named after the player it keeps out or lets in: the player who lets their clock run out, the guest, the newcomer
 * without a record yet; "Play again" asks the same; a floor the protocol does not offer is refused as bad input.
 */
import type { TableSummary, TournamentSummary } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { testServerForFile, type TestClient } from './harness.js';
import { commanded, newTable } from './friends-tables.js';
import { person } from './moderation-people.js';
import { recordOf } from './reliability-records.js';

const server = testServerForFile(
  ':memory:',
  { actionsPerMinute: 100_000, tablesPerMinute: 1000 },
  {},
  { trustProxy: 1 },
);
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;
const registered = (prefix: string) => person(server.url, name(prefix), { registered: true });
const guest = (prefix: string) => person(server.url, name(prefix));

/** `client` with a share of `kept * 20` percent (`reliability-records.ts`). */
const withRecord = (client: TestClient, kept: number) => recordOf(server, client, kept);

const summaryOf = async (client: TestClient, tableId: string) =>
  ((await client.http('GET', `/api/tables/${tableId}`)).body.snapshot as { table: TableSummary }).table;

describe('a table’s reliability floor', { timeout: 30_000 }, () => {
  it('a player who let the clock run out (60%) is refused at an 80% table, in the words of the floor, and not seated', async () => {
    const host = await registered('fh');
    const late = await registered('fl');
    await withRecord(late, 3);
    const tableId = await newTable(host, { reliability: 80 });
    expect(await late.request('table:command', { tableId, command: { name: 'join' } })).toEqual({
      ok: false,
      code: 'reliability.below',
      params: { least: 80, share: 60 },
      error:
        'this asks for a reliability of at least 80% and yours is 60%: finish the games you start to raise it',
    });
    expect((await summaryOf(host, tableId)).seats.map((seat) => seat.name)).toEqual([host.name, null]);
    // At a 60% table, the same player sits down: the floor is a least share, reached.
    const easier = await newTable(host, { reliability: 60 });
    await commanded(late, easier, 'join');
  });

  it('a guest is refused where a floor is set, a newcomer with no record yet is let in, and the lobby shows the floor', async () => {
    const host = await registered('gh');
    const visitor = await guest('gv');
    const newcomer = await registered('gn');
    const tableId = await newTable(host, { reliability: 50 });
    expect(await visitor.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: false,
      code: 'reliability.guest',
      params: { least: 50 },
    });
    await commanded(newcomer, tableId, 'join');
    const listed = ((await visitor.http('GET', '/api/tables')).body.tables as TableSummary[]).find(
      (table) => table.id === tableId,
    );
    expect(listed?.reliability).toBe(50);
    // A table without a floor says nothing of one, and seats the guest.
    const open = await newTable(host);
    expect((await summaryOf(host, open)).reliability).toBeUndefined();
    await commanded(visitor, open, 'join');
  });

  it('a floor the protocol does not offer (55) is refused as bad input, and no table is made', async () => {
    const host = await registered('bh');
    const answer = await host.request('table:create', { game: 'nyny', players: 2, reliability: 55 });
    expect(answer).toMatchObject({ ok: false });
    expect(answer.error).toContain('a reliability floor is one of 0, 50, 60, 70, 80, 90');
  });

  it('"Play again" keeps the floor: the new table asks the same least share', async () => {
    const host = await registered('ph');
    const other = await registered('po');
    const tableId = await newTable(host, { reliability: 70 });
    await commanded(other, tableId, 'join');
    await commanded(host, tableId, 'start');
    await commanded(other, tableId, 'resign');
    const again = await host.http('POST', `/api/tables/${tableId}/again`, {});
    expect(again.status).toBe(200);
    expect((await summaryOf(host, again.body.tableId as string)).reliability).toBe(70);
  });
});

describe('a tournament’s reliability floor', { timeout: 30_000 }, () => {
  const body = {
    name: 'Reliable night',
    game: 'nyny',
    seatsPerTable: 2,
    rounds: 1,
    format: 'swiss',
    duplicate: false,
    maxPlayers: 8,
  };

  it('a player below the floor cannot register, a newcomer can, and the list shows the floor', async () => {
    const organiser = await registered('to');
    const late = await registered('tl');
    const newcomer = await registered('tn');
    const visitor = await guest('tg');
    await withRecord(late, 1);
    const created = await organiser.http('POST', '/api/tournaments', { ...body, reliability: 90 });
    expect(created.status).toBe(200);
    const tournament = created.body.tournament as TournamentSummary;
    expect(tournament.reliability).toBe(90);
    const id = tournament.id;
    expect(await late.http('POST', `/api/tournaments/${id}/register`, {})).toMatchObject({
      body: { code: 'reliability.below', params: { least: 90, share: 20 } },
    });
    expect(await visitor.http('POST', `/api/tournaments/${id}/register`, {})).toMatchObject({
      body: { code: 'reliability.guest', params: { least: 90 } },
    });
    expect((await newcomer.http('POST', `/api/tournaments/${id}/register`, {})).status).toBe(200);
    const listed = (await late.http('GET', '/api/tournaments')).body.upcoming as TournamentSummary[];
    expect(listed.find((t) => t.id === id)).toMatchObject({ reliability: 90, players: 1 });
  });
});
