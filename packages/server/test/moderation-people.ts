/** People for the moderation tests: players from addresses of their own, registered or not, with roles. */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Role } from '@skyline/protocol';
import type { Database } from '../src/db/schema.js';
import { setRole } from '../src/moderation/roles.js';
import { TestClient } from './harness.js';

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
