/**
 * Accounts with two server processes on PostgreSQL and Redis (security review, findings 4 and 6): a guest who
 * registers through one process is registered on its sockets to the other, and a name locked by wrong passwords
 * through both is locked for an hour on both (the counts in Redis), while its owner's browser still signs in
 * through either (the browsers known to an account in PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { lacking } from '@skyline/testkit/vitest';
import { TestClient } from './harness.js';
import { platformForFile } from './pg.js';

const platform = platformForFile({ PASSWORD_COST: '10', TRUST_PROXY: '1' }, 2);

async function post(process: number, path: string, body: unknown, address: string, cookie = '') {
  const response = await fetch(`${platform.list[process]!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, cookie },
    body: JSON.stringify(body),
  });
  const cookies = new Map(
    response.headers.getSetCookie().map((set) => {
      const [pair = ''] = set.split(';');
      return [pair.slice(0, pair.indexOf('=')), pair] as const;
    }),
  );
  return {
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after') ?? 'NaN'),
    body: (await response.json()) as Record<string, unknown>,
    cookies,
  };
}

describe.skipIf(lacking('postgres', 'redis'))('accounts with several processes', () => {
  it('registers a guest on its sockets to the other process too: a table it creates there is rated', async () => {
    const ann = await TestClient.guest(platform.list[0]!.url, 'reg1');
    const there = await TestClient.connect(platform.list[1]!.url, ann.cookie, ann.name);
    expect((await ann.http('POST', '/api/register', { password: 'long enough' })).status).toBe(200);
    // Told through Redis: the socket on the other process holds the registered player within moments.
    let me: unknown;
    for (let tries = 0; tries < 50; tries++) {
      me = (await there.request('lobby:open', {})).me;
      if ((me as { registered: boolean }).registered) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(me).toMatchObject({ name: ann.name, registered: true });
    const created = await there.request('table:create', { game: 'nyny', players: 2 });
    expect((await there.open(created.tableId as string)).table.rated).toBe(true);
    ann.close();
    there.close();
  }, 30_000);

  it('locks a name for an hour on both processes after 100 wrong passwords through both; its owner’s browser still signs in through either', async () => {
    const guest = await post(0, '/api/session', { name: 'locked' }, '10.0.0.1');
    const session = guest.cookies.get('skyline_session')!;
    expect((await post(0, '/api/register', { password: 'right password' }, '10.0.0.1', session)).status).toBe(
      200,
    );
    const laptop = await post(1, '/api/login', { name: 'locked', password: 'right password' }, '10.0.0.2');
    expect(laptop.status).toBe(200);
    const device = laptop.cookies.get('skyline_device')!;
    // A second sign-in from the same browser and address: the account's known browsers are upserted, not doubled.
    expect(
      (await post(0, '/api/login', { name: 'locked', password: 'right password' }, '10.0.0.2', device))
        .status,
    ).toBe(200);
    for (let address = 1; address <= 20; address++)
      for (let k = 0; k < 5; k++)
        expect(
          (
            await post(
              address % 2,
              '/api/login',
              { name: 'locked', password: `guess ${k}` },
              `10.1.0.${address}`,
            )
          ).status,
        ).toBe(401);
    for (const process of [0, 1]) {
      const stranger = await post(
        process,
        '/api/login',
        { name: 'locked', password: 'right password' },
        '10.2.0.1',
      );
      expect(stranger.status).toBe(429);
      expect(stranger.retryAfter).toBeGreaterThan(3000);
      expect(stranger.retryAfter).toBeLessThanOrEqual(3600);
      const owner = await post(
        process,
        '/api/login',
        { name: 'locked', password: 'right password' },
        `10.3.0.${process}`,
        device,
      );
      expect(owner.status).toBe(200);
    }
  }, 60_000);
});
