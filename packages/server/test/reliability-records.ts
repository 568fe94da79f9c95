/**
 * A player's reliability record made to order, for the tests of reliability floors (tables, tournaments, "play now"):
 * finished games written as the server stores them, checked against the player's profile.
 */
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { TablesTable } from '../src/db/schema.js';
import type { TestClient, TestServer } from './harness.js';

/** A finished New York, New York table's row, as the server stores one; `values` name it and say what differs. */
export function finishedTableRow(
  values: Pick<Insertable<TablesTable>, 'id' | 'host_id'> & Partial<Insertable<TablesTable>>,
): Insertable<TablesTable> {
  return {
    game: 'nyny',
    players: 1,
    options: '{}',
    status: 'over',
    version: 2,
    broken: null,
    result: JSON.stringify({ status: { winners: [0], scores: [1] } }),
    created_at: 0,
    started_at: 1,
    finished_at: 2,
    bot_driver: null,
    bot_lease_until: null,
    ...values,
  };
}

/**
 * `client` finished `kept` games of 5 themselves and let the clock run out in the others (a bot still in their seat
 * at the end), stored as the server stores finished tables: a share of `kept * 20` percent.
 */
export async function recordOf(server: TestServer, client: TestClient, kept: number): Promise<void> {
  const db = server.app.db;
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', client.name)
    .executeTakeFirstOrThrow();
  for (let k = 0; k < 5; k++) {
    const tableId = `${client.name}-${k}`.slice(0, 16);
    await db
      .insertInto('tables')
      .values(finishedTableRow({ id: tableId, host_id: id }))
      .execute();
    await db
      .insertInto('seats')
      .values({ table_id: tableId, seat: 0, user_id: id, own_moves: 2, stand_in: k < kept ? null : 'greedy' })
      .execute();
  }
  const profile = (await client.http('GET', `/api/players/${client.name}`)).body as { reliability: unknown };
  expect(profile.reliability).toEqual({ games: 5, kept, share: kept * 20 });
}
