/**
 * The attacks of a hostile or careless client, each reproduced as it was found (issue "Hostile clients cannot hurt
 * the platform"), against a real server: none may end the process, poison a table, flood the others, guess a
 * password or outlive a sign-out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES } from '@skyline/games';
import type { TableSummary } from '@skyline/protocol';
import { sql } from 'kysely';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import {
  TestClient,
  firstLegalMove,
  guestMaker,
  known,
  eventually,
  playToEnd,
  startTable,
  startTestServer,
  testServerForFile,
  type TestServer,
} from './harness.js';

const server = testServerForFile();

const guests = guestMaker('h', () => server);

/** An anonymous socket (no cookie), as any visitor of the site can open. */
async function anonymous(url: string) {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The process still serves: health answers, and two players can still start a game and move. */
async function stillServes(on: TestServer): Promise<void> {
  expect((await fetch(`${on.url}/healthz`)).status).toBe(200);
  const [ann, bob] = await guests(2, on);
  const tableId = await startTable([ann!, bob!], 'nyny');
  expect((await firstLegalMove([ann!, bob!], tableId, 'x')).ok).toBe(true);
  ann!.close();
  bob!.close();
}

describe('1. a payload read before it is parsed', () => {
  it('survives table:chat with a text whose toString is not a function, from a socket nobody signed in', async () => {
    const socket = await anonymous(server.url);
    const answer = (await socket
      .timeout(5000)
      .emitWithAck('table:chat', { tableId: 'abc', text: { toString: 1 } })) as {
      ok: boolean;
      error: string;
    };
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(/^malformed table:chat: text:/);
    // And without an acknowledgement callback (nobody to answer): nothing breaks either.
    socket.emit('table:chat', { tableId: 'abc', text: { toString: 1 } });
    socket.emit('table:move', { tableId: 'abc', version: { valueOf: 1 }, id: [], move: null });
    socket.disconnect();
    await stillServes(server);
  });
});

describe('2. options that reach an object inner workings', () => {
  it('refuses /option __proto__ and constructor, and the table keeps the options everybody sees', async () => {
    const [ann] = await guests(1);
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    const tableId = created.tableId as string;
    await ann!.open(tableId);
    for (const text of [
      '/option __proto__ {"variant":"simultaneous"}',
      '/option constructor {"prototype":{"variant":"simultaneous"}}',
      '/option toString 1',
      '/option speed fast',
    ]) {
      const answer = await ann!.command(tableId, text);
      expect(answer.ok, text).toBe(false);
    }
    const stored = await server.app.db
      .selectFrom('tables')
      .select('options')
      .where('id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.options)).toEqual({});
    // The game, once started, is the one everybody saw: classic, not simultaneous.
    const bob = (await guests(1))[0]!;
    await bob.open(tableId);
    await bob.command(tableId, '/join');
    expect((await ann!.command(tableId, '/start')).ok).toBe(true);
    await eventually(() => (known(ann!, tableId)?.lastUpdate?.version ?? 0) > 0);
    // Classic: one seat plays at a time (a simultaneous game would await both).
    expect(known(ann!, tableId).lastUpdate!.status.active).toHaveLength(1);
    ann!.close();
    bob.close();
  });

  it('refuses a table created with a __proto__ option over HTTP, and drops the key over the socket', async () => {
    const [ann] = await guests(1);
    const body =
      '{"game":"nyny","players":2,"options":{"__proto__":{"variant":"simultaneous"},"bonus":false}}';
    const response = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { cookie: ann!.cookie, 'content-type': 'application/json' },
      body,
    });
    // Fastify's JSON parser refuses a body with a `__proto__` key outright.
    expect(response.status).toBe(400);
    // socket.io's parser keeps it as a plain key; the protocol's schema drops it: it never becomes a prototype.
    const created = await ann!.request('table:create', JSON.parse(body) as Record<string, unknown>);
    expect(created.ok).toBe(true);
    const summary = (await ann!.open(created.tableId as string)).table;
    expect(summary.options).toEqual({ bonus: false });
    expect(Object.getPrototypeOf(summary.options)).toBe(Object.prototype);
    ann!.close();
  });

  it('sets aside a stored table whose log no longer replays: the lobby, my games and every other table still answer', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    // The log is damaged behind the server's back (a bad manual edit, an engine change), then the table is reloaded.
    await server.app.db
      .updateTable('moves')
      .set({ entry: JSON.stringify({ seat: 0, move: { type: 'no such move' } }) })
      .where('table_id', '=', tableId)
      .where('seq', '=', 0)
      .execute();
    await server.app.db
      .updateTable('tables')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', tableId)
      .execute();
    server.app.service.evictIdle(() => false, Date.now() + 3_600_000);

    const lobby = await fetch(`${server.url}/api/tables`);
    expect(lobby.status).toBe(200);
    const listed = ((await lobby.json()) as { tables: TableSummary[] }).tables.map((t) => t.id);
    expect(listed).not.toContain(tableId);
    const mine = await ann!.http('GET', '/api/my/games');
    expect(mine.status).toBe(200);
    const page = await ann!.http('GET', `/api/tables/${tableId}`);
    expect(page.status).toBe(409);
    expect(page.body.error).toMatch(/could not be loaded and has been set aside/);
    expect((await ann!.request('lobby:open', {})).ok).toBe(true);
    const row = await server.app.db
      .selectFrom('tables')
      .select('broken')
      .where('id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(row.broken).toMatch(/does not replay/);
    ann!.close();
    bob!.close();
    await stillServes(server);
  });
});

describe('3. floods', () => {
  it('lets one player host only LIMIT_OPEN_TABLES open tables, and create only LIMIT_TABLES_PER_MINUTE a minute', async () => {
    const [ann] = await guests(1);
    const answers = [];
    for (let k = 0; k < 5; k++)
      answers.push(await ann!.request('table:create', { game: 'nyny', players: 2 }));
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    expect(answers[3]!.error).toMatch(/you already host 3 open tables/);
    // Once those tables are no longer open there is room again, but the per-minute count still holds: 5 in all.
    const host = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', ann!.name)
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('tables')
      .set({ status: 'over' })
      .where('host_id', '=', host.id)
      .execute();
    const more = [];
    for (let k = 0; k < 4; k++) more.push(await ann!.request('table:create', { game: 'nyny', players: 2 }));
    expect(more.filter((a) => a.ok)).toHaveLength(2); // 3 + 2 = 5 in this minute
    expect(more.at(-1)).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(more.at(-1)!.error).toMatch(/^too many tables created: try again in \d+ s$/);
    ann!.close();
  });

  it('lets one address take only LIMIT_GUESTS_PER_HOUR guest names, and says when to come back', async () => {
    const strict = await startTestServer(':memory:', { guestsPerHour: 3 });
    const answers = [];
    for (let k = 0; k < 5; k++) {
      answers.push(
        await fetch(`${strict.url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `flood${k}` }),
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(((await answers[3]!.json()) as { error: string }).error).toMatch(
      /^too many new names from your address: try again in \d+ min$/,
    );
    await strict.close();
  });

  it('lets one address open only LIMIT_CONNECTIONS_PER_ADDRESS sockets at once', async () => {
    const strict = await startTestServer(':memory:', { connectionsPerAddress: 4 });
    const sockets = [];
    for (let k = 0; k < 4; k++) sockets.push(await anonymous(strict.url));
    await expect(anonymous(strict.url)).rejects.toThrow(/too many connections from your address/);
    sockets.pop()!.disconnect();
    await eventually(() => true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    sockets.push(await anonymous(strict.url)); // room again once one closed
    for (const socket of sockets) socket.disconnect();
    await strict.close();
  });

  it('limits what one player with ten sockets can make every lobby client hear', async () => {
    const strict = await startTestServer(':memory:', { actionsPerMinute: 30 });
    const [ann, watcher] = await guests(2, strict);
    await watcher!.request('lobby:open', {});
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    const tableId = created.tableId as string;
    watcher!.received.length = 0;
    const sockets = await Promise.all(
      Array.from({ length: 10 }, () => TestClient.connect(strict.url, ann!.cookie, ann!.name)),
    );
    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: 10 }, (_, k) =>
          socket.request(k % 2 ? 'table:close' : 'table:open', { tableId }),
        ),
      ),
    );
    const opened = answers.filter((a, k) => k % 2 === 0 && a.ok).length;
    expect(opened).toBeLessThanOrEqual(29); // 30 actions a minute, the create included
    await new Promise((resolve) => setTimeout(resolve, 200));
    const heard = watcher!.received.filter((m) => m.event === 'lobby:table').length;
    expect(heard).toBeLessThanOrEqual(opened + 2);
    for (const client of [ann!, watcher!, ...sockets]) client.close();
    await strict.close();
  });

  it('slows down a script reading the public pages in a loop, with a coded 429 and Retry-After', async () => {
    const strict = await startTestServer(':memory:', { readsPerMinute: 20 });
    const paths = ['/api/tables', '/api/leaderboard/nyny', '/api/players/nobody', '/api/games'];
    const statuses: number[] = [];
    for (let k = 0; k < 30; k++)
      statuses.push((await fetch(`${strict.url}${paths[k % paths.length]}`)).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10); // 20 reads a minute, all pages together
    const refused = await fetch(`${strict.url}/api/tables`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', params: { kind: 'reads' } });
    // The web client's files and the health check are not API reads: a page still loads.
    expect((await fetch(`${strict.url}/healthz`)).status).toBe(200);
    await strict.close();
  });

  it('removes an open table nobody has had open for OPEN_TABLE_IDLE_MINUTES, and tells the lobby', async () => {
    const [ann, watcher] = await guests(2);
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    const tableId = created.tableId as string;
    await watcher!.request('lobby:open', {});
    const later = Date.now() + 31 * 60_000;
    // Still open in a page: kept.
    await ann!.open(tableId);
    expect(await server.app.expireOpenTables(later)).not.toContain(tableId);
    await ann!.request('table:close', { tableId });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await server.app.expireOpenTables(later)).toContain(tableId);
    await eventually(() =>
      watcher!.received.some(
        (m) =>
          m.event === 'lobby:table' &&
          (m.payload as TableSummary).id === tableId &&
          (m.payload as TableSummary).status === 'over',
      ),
    );
    const lobby = (await (await fetch(`${server.url}/api/tables`)).json()) as { tables: TableSummary[] };
    expect(lobby.tables.map((t) => t.id)).not.toContain(tableId);
    expect((await ann!.request('table:open', { tableId })).error).toMatch(/there is no table/);
    ann!.close();
    watcher!.close();
  });
});

describe('4. password guessing', () => {
  async function registered(on: TestServer, name: string, password: string): Promise<void> {
    const [client] = [await TestClient.guest(on.url, name)];
    expect((await client.http('POST', '/api/register', { password })).status).toBe(200);
    client.close();
  }
  const login = (on: TestServer, name: string, password: string) =>
    fetch(`${on.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });

  it('refuses the right password after LIMIT_LOGIN_FAILURES wrong ones from one address, with Retry-After', async () => {
    await registered(server, 'victim', 'correct horse');
    const statuses = [];
    for (let k = 0; k < 8; k++) statuses.push((await login(server, 'victim', `guess ${k}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await login(server, 'victim', 'correct horse');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('does the same password work for an unknown name as for a registered one', async () => {
    const accounts = new Accounts(server.app.db);
    const verified: (string | null)[] = [];
    const passwords = (
      accounts as unknown as { passwords: { verify: (p: string, s: string | null) => Promise<boolean> } }
    ).passwords;
    const verify = passwords.verify.bind(passwords);
    passwords.verify = (password, stored) => {
      verified.push(stored);
      return verify(password, stored);
    };
    expect(await accounts.checkPassword('nobody-here', 'whatever')).toBeNull();
    expect(verified).toEqual([null]); // checked against the decoy hash: the same scrypt work
    await accounts.close();
  });
});

describe('5. sessions', () => {
  it('ends the sockets of a session when it signs out: a table:create on them no longer succeeds', async () => {
    const [ann] = await guests(1);
    const other = await TestClient.connect(server.url, ann!.cookie, ann!.name);
    const disconnected = new Promise((resolve) => other.socket.once('disconnect', resolve));
    expect((await ann!.http('POST', '/api/logout')).status).toBe(200);
    await disconnected;
    await expect(
      TestClient.connect(server.url, ann!.cookie, ann!.name).then((c) =>
        c.request('table:create', { game: 'nyny', players: 2 }),
      ),
    ).resolves.toMatchObject({ ok: false, error: 'choose a name first' });
  });

  it('expires a session SESSION_DAYS after its last use, and renews it on use', async () => {
    const accounts = new Accounts(server.app.db, { sessionDays: 30 });
    const [ann] = await guests(1);
    const token = decodeURIComponent(ann!.cookie.split('=')[1]!);
    const day = 24 * 3600_000;
    expect(await accounts.sessionOfToken(token, Date.now() + 20 * day)).not.toBeNull(); // renewed: last seen now+20d
    expect(await accounts.sessionOfToken(token, Date.now() + 45 * day)).not.toBeNull(); // 25 days after that use
    expect(await accounts.sessionOfToken(token, Date.now() + 80 * day)).toBeNull(); // 35 days unused
    expect(await accounts.sessionOfToken(token)).toBeNull(); // and it is gone
    ann!.close();
  });

  it('signs out everywhere, and a password change ends every other session', async () => {
    const [ann] = await guests(1);
    expect((await ann!.http('POST', '/api/register', { password: 'first password' })).status).toBe(200);
    const loginAgain = async () => {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: ann!.name, password: 'first password' }),
      });
      return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    const laptop = await loginAgain();
    const laptopSocket = await TestClient.connect(server.url, laptop, ann!.name);
    const ended = new Promise((resolve) => laptopSocket.socket.once('disconnect', resolve));
    const change = await ann!.http('POST', '/api/password', {
      current: 'first password',
      password: 'second password',
    });
    expect(change).toMatchObject({ status: 200, body: { ok: true, ended: 1 } });
    await ended;
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie: laptop } })).status).toBe(401);
    expect((await ann!.http('GET', '/api/me')).status).toBe(200); // the session that changed it stays

    const phone = await loginAgainWith(ann!.name, 'second password');
    expect((await ann!.http('POST', '/api/logout/everywhere')).body).toMatchObject({ ok: true, ended: 2 });
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie: phone } })).status).toBe(401);
    expect((await ann!.http('GET', '/api/me')).status).toBe(401);
    ann!.close();
  });
});

async function loginAgainWith(name: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('7. headers and origins', () => {
  it('sends a Content-Security-Policy, frame-ancestors none, nosniff and a Referrer-Policy', async () => {
    const response = await fetch(`${server.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('refuses a socket and a POST from a page of another site, and serves /metrics only with the token', async () => {
    const [ann] = await guests(1);
    const foreign = io(server.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { origin: 'https://evil.example', cookie: ann!.cookie },
    });
    await expect(
      new Promise((resolve, reject) => {
        foreign.once('connect', () => resolve('connected'));
        foreign.once('connect_error', reject);
      }),
    ).rejects.toThrow();
    foreign.disconnect();
    const post = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { cookie: ann!.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ game: 'nyny', players: 2 }),
    });
    expect(post.status).toBe(403);
    const same = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { cookie: ann!.cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ game: 'nyny', players: 2 }),
    });
    expect(same.status).toBe(200);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(404);
    ann!.close();
  });
});

describe('8. smaller findings', () => {
  it('scopes move ids to the seat: a seat reusing the other seat id has its own move applied', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny', { variant: 'simultaneous' });
    await eventually(
      () => known(ann!, tableId).legalMoves.length > 0 && known(bob!, tableId).legalMoves.length > 0,
    );
    const version = known(ann!, tableId).version;
    const first = await ann!.request('table:move', {
      tableId,
      version,
      id: 'same',
      move: known(ann!, tableId).legalMoves[0],
    });
    expect(first.ok).toBe(true);
    await eventually(() => known(bob!, tableId).version > version);
    const second = await bob!.request('table:move', {
      tableId,
      version: known(bob!, tableId).version,
      id: 'same',
      move: known(bob!, tableId).legalMoves[0],
    });
    expect(second).toMatchObject({ ok: true });
    expect(second.duplicate).toBeUndefined();
    ann!.close();
    bob!.close();
  });

  it.each([
    ['Аnn', 'Cyrillic А'],
    ['ＡＮＮ', 'fullwidth letters'],
    ['ann', 'another case'],
  ])('refuses %s (%s) beside Ann', async (name) => {
    const fresh = await startTestServer();
    await TestClient.guest(fresh.url, 'Ann').then((c) => c.close());
    const response = await fetch(`${fresh.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/taken/);
    await fresh.close();
  });

  it.each(['system', 'Table', 'greedy-bot-x', 'ismcts', 'Admin', 'sуstem'])(
    'refuses the reserved name %s',
    async (name) => {
      const response = await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toMatch(/is reserved$/);
    },
  );

  it('answers a guest sign-in on a full disk as a storage error, not as "the name is taken"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skyline-full-'));
    const full = await startTestServer(join(dir, 'full.db'));
    // SQLite's page limit set to the pages in use: the next write finds the disk full.
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(full.app.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(full.app.db);
    const answers: { status: number; body: { error?: string } }[] = [];
    for (let k = 0; k < 400 && answers.every((a) => a.status === 200); k++) {
      const response = await fetch(`${full.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `disk${k}${'x'.repeat(12)}` }),
      });
      answers.push({ status: response.status, body: (await response.json()) as { error?: string } });
    }
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body.error).toBe('the server could not store that just now: try again later');
    }
    await full.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('after all of this', () => {
  it('plays a whole game to the end on the same process', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    await playToEnd(GAMES.get('nyny')!, [ann!, bob!], tableId, 7);
    expect(known(ann!, tableId).over).toBe(true);
    ann!.close();
    bob!.close();
  });
});
