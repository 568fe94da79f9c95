/** People for the moderation tests: players from addresses of their own, registered or not, with roles; their moves. */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Role } from '@skyline/protocol';
import type { Database } from '../src/db/schema.js';
import { setRole } from '../src/moderation/roles.js';
import { eventually, TestClient } from './harness.js';

let people = 0;

/** A fresh address per person (the server trusts one proxy: `trustProxy: 1`, `TRUST_PROXY=1`). */
export function freshAddress(): string {
  people++;
  return `10.77.${Math.floor(people / 250)}.${(people % 250) + 1}`;
}

/** A guest (registered when asked) connected from an address of its own, or from `address`. */
export async function person(
  url: string,
  name: string,
  options: { registered?: boolean; address?: string } = {},
): Promise<TestClient> {
  const client = await TestClient.guest(url, name, { 'x-forwarded-for': options.address ?? freshAddress() });
  if (options.registered)
    expect((await client.http('POST', '/api/register', { password: 'a long enough password' })).status).toBe(
      200,
    );
  return client;
}

/** A registered person given `role` (as `skyline admin grant` does, on the server's database). */
export async function staff(
  db: Kysely<Database>,
  url: string,
  name: string,
  role: Role,
): Promise<TestClient> {
  const client = await person(url, name, { registered: true });
  await setRole(db, name, role, null, 'for the test');
  return client;
}

/** Plays `n` moves of a started table, each by the client whose seat may move, everyone hearing each before the next. */
export async function playMoves(
  clients: TestClient[],
  tableId: string,
  n: number,
  prefix: string,
): Promise<void> {
  for (let k = 0; k < n; k++) {
    const version = Math.max(...clients.map((client) => client.tables.get(tableId)!.version));
    await eventually(
      () => clients.every((client) => client.tables.get(tableId)!.version === version),
      5000,
      `everyone at version ${version}`,
    );
    const mover = clients.find((client) => client.tables.get(tableId)!.legalMoves.length > 0)!;
    const legal = mover.tables.get(tableId)!.legalMoves as { type?: string }[];
    const move = legal.find((each) => each.type !== 'pass') ?? legal[0];
    expect(await mover.request('table:move', { tableId, version, id: `${prefix}${k}`, move })).toMatchObject({
      ok: true,
    });
    await eventually(
      () => clients.every((client) => client.tables.get(tableId)!.version > version),
      5000,
      'the update',
    );
  }
}
