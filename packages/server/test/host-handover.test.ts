/**
 * A host who leaves an open table hands it to the next seated person — but only to one who may host it. Handing it
 * to whoever sat next let a second account take over tables and bots beyond its own limits: sit at your other
 * account's tables, have it leave, and each table becomes yours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestMaker, startTestServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(':memory:', { openTablesPerPlayer: 2 }, { seatsPerPlayer: 2 });
});
afterAll(() => server.close());
const guests = guestMaker('handover', () => server);

async function table(client: TestClient, players = 3): Promise<string> {
  const created = await client.request('table:create', { game: 'nyny', players });
  expect(created.ok).toBe(true);
  return created.tableId as string;
}

async function hostOf(tableId: string): Promise<string> {
  const row = await server.app.db
    .selectFrom('tables')
    .innerJoin('users', 'users.id', 'tables.host_id')
    .select('users.name')
    .where('tables.id', '=', tableId)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('a host who leaves an open table', () => {
  it('a second account at its open-table limit is not handed a table beyond it: the next one who may host is', async () => {
    const [ann, bob, cid] = await guests(3);
    // Bob hosts as many open tables as he may.
    await table(bob!);
    await table(bob!);
    const tableId = await table(ann!);
    for (const client of [bob!, cid!]) {
      await client.open(tableId);
      expect((await client.command(tableId, '/join')).ok).toBe(true);
    }
    await ann!.open(tableId);
    expect((await ann!.command(tableId, '/leave')).ok).toBe(true);
    // Bob sits first, but hosts 2 open tables already: Cid, seated after him, takes the table.
    expect(await hostOf(tableId)).toBe(cid!.name);
    for (const client of [ann!, bob!, cid!]) client.close();
  });

  it('a second account is not handed the host’s bots beyond its own bot seats; with nobody who may, the host stays host', async () => {
    const [ann, bob] = await guests(2);
    // Bob hosts a table with 2 bots: all the bot seats he may have.
    const bobs = await table(bob!);
    await bob!.open(bobs);
    for (let k = 0; k < 2; k++) expect((await bob!.command(bobs, '/bot random')).ok).toBe(true);
    const tableId = await table(ann!);
    await ann!.open(tableId);
    expect((await ann!.command(tableId, '/bot random')).ok).toBe(true);
    await bob!.open(tableId);
    expect((await bob!.command(tableId, '/join')).ok).toBe(true);
    expect((await ann!.command(tableId, '/leave')).ok).toBe(true);
    // Taking Ann's table would give Bob a third bot seat.
    expect(await hostOf(tableId)).toBe(ann!.name);
    // A table without bots is his to take (one open table more, no bot seat more).
    const other = await table(ann!);
    await bob!.open(other);
    expect((await bob!.command(other, '/join')).ok).toBe(true);
    await ann!.open(other);
    expect((await ann!.command(other, '/leave')).ok).toBe(true);
    expect(await hostOf(other)).toBe(bob!.name);
    for (const client of [ann!, bob!]) client.close();
  });
});
