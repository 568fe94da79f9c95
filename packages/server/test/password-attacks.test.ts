/**
 * Attacks on sign-in through the password thread and the limits around it (security review, findings 2 and 4), each
 * reproduced as it was found: one account looping its own right password kept everybody else from signing in, and
 * wrong passwords from twenty addresses locked a name for a day where an hour was promised, its owner included.
 *
 * Every client here comes from its own address (`TRUST_PROXY=1` and `X-Forwarded-For`), as on the Internet.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_PER_KEY, Passwords } from '../src/passwords.js';
import { startTestServer, type TestServer } from './harness.js';
import type { LimitSettings } from '../src/limits.js';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** A server behind one trusted proxy: each request says its address in `X-Forwarded-For`. */
async function serverBehindProxy(
  limits: Partial<LimitSettings> = {},
  passwordCost = 12,
): Promise<TestServer> {
  const server = await startTestServer(':memory:', limits, {}, { trustProxy: 1, passwordCost });
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  ms: number;
  retryAfter: number | null;
  body: Record<string, unknown>;
  /** `name=value` of each cookie set. */
  cookies: Map<string, string>;
}

async function post(
  server: TestServer,
  path: string,
  body: unknown,
  from: { address: string; cookie?: string },
): Promise<Answer> {
  const start = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from.address,
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  const cookies = new Map(
    response.headers.getSetCookie().map((set) => {
      const [pair = ''] = set.split(';');
      return [pair.slice(0, pair.indexOf('=')), pair] as const;
    }),
  );
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    ms: performance.now() - start,
    retryAfter: retryAfter === null ? null : Number(retryAfter),
    body: answer,
    cookies,
  };
}

/** A registered name: a guest from `address` that chose `password`; returns its session cookie. */
async function registered(
  server: TestServer,
  name: string,
  password: string,
  address: string,
): Promise<string> {
  const guest = await post(server, '/api/session', { name }, { address });
  const cookie = guest.cookies.get('skyline_session')!;
  expect((await post(server, '/api/register', { password }, { address, cookie })).status).toBe(200);
  return cookie;
}

/** Runs `loops` copies of `attempt` back to back until `stop` resolves; returns how many attempts there were. */
async function flood(
  loops: number,
  attempt: () => Promise<unknown>,
  stop: Promise<unknown>,
): Promise<number> {
  let done = false;
  void stop.finally(() => (done = true));
  let attempts = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!done) {
        attempts++;
        await attempt();
      }
    }),
  );
  return attempts;
}

describe('one account looping its own right password (finding 2)', () => {
  // Hashes of about 50 ms on an idle machine (PASSWORD_COST 14): the queue of 64 then takes seconds to go through.
  const cost = 14;
  // The limits on right passwords out of the way: what is tested here is the password thread's fair share.
  const unlimited = { signInsPerHour: 1_000_000, addressSignInsPerHour: 1_000_000 };
  /**
   * Once queued, the victim's hash waits behind at most one of the attacker's: the one running, or the one whose turn
   * came before it (the addresses waiting are served in turn). Before, it waited behind the whole queue: up to 64.
   * Counted from the queue itself (hashes started between the victim's being queued and its start), not over the
   * whole request, whose reading and checks before the queue take as long as the loaded machine makes them.
   */
  const MOST_AHEAD = 2;
  /**
   * And in time: measured 0.1–1.3 s on the shared 2-core machine (the attack's loops load it); generous. On a machine
   * loaded by others, a sign-in alone takes longer too: the bound is then 16 times the victim's sign-in before the
   * attack (before the fix it waited behind up to 64 hashes), so that it tells the fault, not the machine's load.
   */
  const BOUND_MS = 5000;
  const boundAfter = (aloneMs: number) => Math.max(BOUND_MS, 16 * aloneMs);
  /**
   * The victim's five sign-ins: their median within the bound, and each within 4 times it. A machine shared with other
   * work stalls a request now and then for seconds (seen: one of five at 7–9 s, with no hash ahead of it); before the
   * fix every one of them waited behind the queue.
   */
  function expectInTime(victim: readonly Answer[], bound: number): void {
    const times = victim.map((answer) => answer.ms).sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(bound);
    for (const ms of times) expect(ms).toBeLessThan(4 * bound);
  }

  async function victimSignsIn(server: TestServer, attack: () => Promise<unknown>, loops: number) {
    await registered(server, 'victim', 'victim password', '10.9.0.1');
    const alone = await post(
      server,
      '/api/login',
      { name: 'victim', password: 'victim password' },
      { address: '10.9.0.2' },
    );
    let finish: () => void = () => undefined;
    const stop = new Promise<void>((resolve) => (finish = resolve));
    const attacking = flood(loops, attack, stop);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the queue is full by now, as it was
    // What the password thread does: hashes queued (by which address) and started (of which password), spied on
    // (calling through); vitest numbers every call to a spy in one order.
    const queue = Passwords.prototype as unknown as { run(job: unknown, requester: unknown): unknown };
    const queuing = vi.spyOn(queue, 'run');
    const starting = vi.spyOn(Worker.prototype, 'postMessage');
    const victim: Answer[] = [];
    try {
      for (let k = 0; k < 5; k++)
        victim.push(
          await post(
            server,
            '/api/login',
            { name: 'victim', password: 'victim password' },
            { address: '10.9.0.2' },
          ),
        );
    } finally {
      finish();
    }
    const events = [
      ...queuing.mock.calls.map(([, requester], k) => ({
        at: queuing.mock.invocationCallOrder[k]!,
        queued: (requester as { address: string } | null)?.address ?? 'the server',
        started: undefined,
      })),
      ...starting.mock.calls.map(([message], k) => ({
        at: starting.mock.invocationCallOrder[k]!,
        queued: undefined,
        started: (message as { password?: string }).password ?? '',
      })),
    ].sort((a, b) => a.at - b.at);
    queuing.mockRestore();
    starting.mockRestore();
    const attempts = await attacking;
    // For each of the victim's hashes: how many others started between its queuing and its start.
    const ahead: number[] = [];
    events.forEach((event, at) => {
      if (event.queued !== '10.9.0.2') return;
      const start = events.findIndex((later, k) => k > at && later.started === 'victim password');
      ahead.push(events.slice(at + 1, start).filter((between) => between.started !== undefined).length);
    });
    console.log(
      `victim sign-ins: ${victim.map((a, k) => `${Math.round(a.ms)} ms (${ahead[k]} ahead)`).join(', ')}; ${attempts} attempts`,
    );
    return { victim, ahead, attempts, bound: boundAfter(alone.ms) };
  }

  it('lets a victim sign in, in bounded time, while another account loops 70 right sign-ins at once', async () => {
    const server = await serverBehindProxy(unlimited, cost);
    await registered(server, 'mallory', 'mallory password', '10.6.6.6');
    const { victim, ahead, attempts, bound } = await victimSignsIn(
      server,
      () =>
        post(
          server,
          '/api/login',
          { name: 'mallory', password: 'mallory password' },
          { address: '10.6.6.6' },
        ),
      70,
    );
    // Before: every one of the victim's sign-ins was refused as busy (503), the queue of 64 full of mallory's.
    expect(victim.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ahead).toHaveLength(5);
    for (const hashes of ahead) expect(hashes).toBeLessThanOrEqual(MOST_AHEAD);
    expectInTime(victim, bound);
    expect(attempts).toBeGreaterThan(70);
  }, 60_000);

  it('lets a victim sign in, in bounded time, while another account loops 60 password changes to itself', async () => {
    const server = await serverBehindProxy(unlimited, cost);
    const mallory = await registered(server, 'mallory', 'mallory password', '10.6.6.6');
    const { victim, ahead, attempts, bound } = await victimSignsIn(
      server,
      () =>
        post(
          server,
          '/api/password',
          { current: 'mallory password', password: 'mallory password' },
          { address: '10.6.6.6', cookie: mallory },
        ),
      60,
    );
    // Before: each of the victim's sign-ins waited behind the whole queue (17–19 s at the default cost).
    expect(victim.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ahead).toHaveLength(5);
    for (const hashes of ahead) expect(hashes).toBeLessThanOrEqual(MOST_AHEAD);
    expectInTime(victim, bound);
    expect(attempts).toBeGreaterThan(60);
  }, 60_000);

  it('serves the addresses waiting in turn: a hash asked after a full lane of another address is made next', async () => {
    // An address's lane as long as an account's (by default an address may have 8 waiting).
    const passwords = new Passwords(12, MAX_PENDING_PER_KEY);
    const order: string[] = [];
    const ask = (address: string, k: number) =>
      passwords.hash(`p${k}`, { address, account: address }).then(() => order.push(address));
    const mallory = Array.from({ length: MAX_PENDING_PER_KEY }, (_, k) => ask('mallory', k));
    // A fifth hash of the same address (or account) is refused at once, as busy.
    await expect(passwords.hash('more', { address: 'mallory', account: 'x' })).rejects.toThrow(/busy/);
    await expect(passwords.hash('more', { address: 'elsewhere', account: 'mallory' })).rejects.toThrow(
      /busy/,
    );
    const victim = ask('victim', 0);
    await Promise.all([...mallory, victim]);
    // The first of mallory's was already running; the victim's came right after it.
    expect(order.indexOf('victim')).toBeLessThanOrEqual(1);
    await passwords.close();
  });
});

describe('right passwords are limited too (finding 2)', () => {
  it('refuses the 4th sign-in of one account in an hour with LIMIT_SIGNINS_PER_HOUR=3, password changes counted', async () => {
    const server = await serverBehindProxy({ signInsPerHour: 3 });
    const cookie = await registered(server, 'looper', 'looper password', '10.1.0.1');
    const login = () =>
      post(server, '/api/login', { name: 'looper', password: 'looper password' }, { address: '10.1.0.2' });
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const change = await post(
      server,
      '/api/password',
      { current: 'looper password', password: 'looper password' },
      { address: '10.1.0.3', cookie },
    );
    expect(change.status).toBe(200);
    const refused = await login();
    // Before: every right password was let through, as fast as the password thread went.
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', params: { kind: 'signin_account' } });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    // Another account is not concerned.
    await registered(server, 'other', 'other password', '10.1.0.4');
    expect(
      (
        await post(
          server,
          '/api/login',
          { name: 'other', password: 'other password' },
          { address: '10.1.0.2' },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses the 4th sign-in from one address in an hour with LIMIT_ADDRESS_SIGNINS_PER_HOUR=3, whatever the account', async () => {
    const server = await serverBehindProxy({ addressSignInsPerHour: 3 });
    for (const name of ['ann', 'bob', 'cat', 'dan'])
      await registered(server, name, `${name} password`, `10.2.0.${name.length}`);
    const statuses = [];
    for (const name of ['ann', 'bob', 'cat', 'dan'])
      statuses.push(
        await post(server, '/api/login', { name, password: `${name} password` }, { address: '10.2.9.9' }),
      );
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(statuses[3]!.body).toMatchObject({ code: 'rate_limited', params: { kind: 'signin_address' } });
  });
});

describe('wrong passwords from many addresses (finding 4)', () => {
  it('locks a name for an hour, not a day, after 100 wrong passwords from 20 addresses; its owner still signs in from a browser or address it used before', async () => {
    const server = await serverBehindProxy();
    await registered(server, 'owner', 'owner password', '10.3.0.1');
    // The owner signs in on a laptop at home: that browser (its device cookie) and that address are now known.
    const laptop = await post(
      server,
      '/api/login',
      { name: 'owner', password: 'owner password' },
      { address: '10.3.0.2' },
    );
    expect(laptop.status).toBe(200);
    const device = laptop.cookies.get('skyline_device')!;
    expect(device).toMatch(/^skyline_device=[\w-]{20,}$/);

    // 5 wrong passwords from each of 20 addresses: every one checked (401), 100 for the name.
    const statuses = new Set<number>();
    for (let address = 1; address <= 20; address++)
      for (let k = 0; k < 5; k++)
        statuses.add(
          (
            await post(
              server,
              '/api/login',
              { name: 'owner', password: `guess ${k}` },
              { address: `10.4.0.${address}` },
            )
          ).status,
        );
    expect([...statuses]).toEqual([401]);

    // A stranger with the right password, from anywhere else: the name is locked — for the hour SECURITY.md says.
    const stranger = await post(
      server,
      '/api/login',
      { name: 'owner', password: 'owner password' },
      { address: '10.5.0.1' },
    );
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ code: 'rate_limited', params: { kind: 'login_account' } });
    // Before: Retry-After 86357, the rest of the day the failures were counted over.
    expect(stranger.retryAfter).toBeGreaterThan(3000);
    expect(stranger.retryAfter).toBeLessThanOrEqual(3600);

    // The owner: from the known browser on a new address (a phone network), and from the known address in a new one.
    const fromLaptop = await post(
      server,
      '/api/login',
      { name: 'owner', password: 'owner password' },
      { address: '10.7.0.1', cookie: device },
    );
    expect(fromLaptop.status).toBe(200);
    const fromHome = await post(
      server,
      '/api/login',
      { name: 'owner', password: 'owner password' },
      { address: '10.3.0.2' },
    );
    expect(fromHome.status).toBe(200);
    // A known browser is still held to the limits per name and address and per address: a guesser who steals
    // nothing gains nothing by it.
    const guessing = [];
    for (let k = 0; k < 6; k++)
      guessing.push(
        (
          await post(
            server,
            '/api/login',
            { name: 'owner', password: `wrong ${k}` },
            { address: '10.7.0.1', cookie: device },
          )
        ).status,
      );
    expect(guessing).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it('forgets the browsers that knew the old password when it changes', async () => {
    const server = await serverBehindProxy();
    const session = await registered(server, 'mover', 'old password', '10.8.0.1');
    const stolen = await post(
      server,
      '/api/login',
      { name: 'mover', password: 'old password' },
      { address: '10.8.0.2' },
    );
    const thief = stolen.cookies.get('skyline_device')!;
    expect(
      (
        await post(
          server,
          '/api/password',
          { current: 'old password', password: 'new password' },
          { address: '10.8.0.1', cookie: session },
        )
      ).status,
    ).toBe(200);
    for (let address = 1; address <= 20; address++)
      for (let k = 0; k < 5; k++)
        await post(
          server,
          '/api/login',
          { name: 'mover', password: `guess ${k}` },
          { address: `10.8.1.${address}` },
        );
    const fromThief = await post(
      server,
      '/api/login',
      { name: 'mover', password: 'new password' },
      { address: '10.8.0.2', cookie: thief },
    );
    expect(fromThief.status).toBe(429);
    const fromOwner = await post(
      server,
      '/api/login',
      { name: 'mover', password: 'new password' },
      { address: '10.8.0.1' },
    );
    expect(fromOwner.status).toBe(200);
  }, 60_000);
});
