import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function post(path: string, body: unknown, cookie = '') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string,
    setCookie: response.headers.get('set-cookie') ?? '',
  };
}

describe('people: guests, registered names, sessions', () => {
  it('gives a guest an http-only session cookie, and the same identity when it comes back with it', async () => {
    const created = await post('/api/session', { name: 'Zoe' });
    expect(created.status).toBe(200);
    expect(created.setCookie).toMatch(/HttpOnly/i);
    expect(created.setCookie).toMatch(/SameSite=Lax/i);
    const user = created.body.user as { id: string; name: string; registered: boolean };
    expect(user).toMatchObject({ name: 'Zoe', registered: false });
    const again = await fetch(`${server.url}/api/me`, { headers: { cookie: created.cookie } });
    expect(((await again.json()) as { user: { id: string } }).user.id).toBe(user.id);
    const client = await TestClient.connect(server.url, created.cookie, 'Zoe');
    const lobby = await client.request('lobby:open', {});
    expect((lobby.me as { id: string }).id).toBe(user.id);
    client.close();
  });

  it('tells a first visitor that nobody is signed in without an error (no 401 in a new visitor’s console)', async () => {
    const first = await fetch(`${server.url}/api/session`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ user: null });
    const created = await post('/api/session', { name: 'Vera' });
    const back = await fetch(`${server.url}/api/session`, { headers: { cookie: created.cookie } });
    expect(((await back.json()) as { user: { id: string } }).user.id).toBe(
      (created.body.user as { id: string }).id,
    );
    // The API that needs a session still says so.
    expect((await fetch(`${server.url}/api/me`)).status).toBe(401);
  });

  it('keeps names unique whatever their case', async () => {
    expect((await post('/api/session', { name: 'Yann' })).status).toBe(200);
    const taken = await post('/api/session', { name: 'yann' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      error: 'the name yann is taken',
      code: 'name.taken',
      params: { name: 'yann' },
    });
  });

  it.each([
    [{ name: 'x' }, 'a name needs at least 2 characters'],
    [{ name: 'a'.repeat(21) }, 'a name has at most 20 characters'],
    [{ name: 'bad name' }, 'a name is made of letters'],
    [{ name: '<script>' }, 'a name is made of letters'],
    [{}, 'name'],
    [{ name: 'ok', admin: true }, 'admin'],
  ])('refuses a name that is not valid: %j', async (body, error) => {
    const result = await post('/api/session', body);
    expect(result.status).toBe(400);
    expect(String(result.body.error)).toContain(error);
  });

  it("registers a guest's name with a password, stored only as a scrypt hash, and logs in from another browser", async () => {
    const guest = await post('/api/session', { name: 'Walt' });
    const registered = await post('/api/register', { password: 'correct horse' }, guest.cookie);
    expect(registered.body.user).toMatchObject({ name: 'Walt', registered: true });
    const row = await server.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('name_key', '=', 'walt')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('correct horse');
    const elsewhere = await post('/api/login', { name: 'walt', password: 'correct horse' });
    expect(elsewhere.status).toBe(200);
    expect((elsewhere.body.user as { id: string }).id).toBe((guest.body.user as { id: string }).id);
    expect(elsewhere.cookie).not.toBe(guest.cookie);
    const wrong = await post('/api/login', { name: 'walt', password: 'wrong horse' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'wrong name or password' } });
    expect((await post('/api/login', { name: 'nobody', password: 'whatever1' })).body).toEqual({
      error: 'wrong name or password',
      code: 'login.wrong',
    });
    expect((await post('/api/register', { password: 'short' }, guest.cookie)).status).toBe(400);
    expect((await post('/api/register', { password: 'another one' }, guest.cookie)).status).toBe(409);
  });

  it('a guest registering twice at once gets one password, the one it was told: the other registration is refused', async () => {
    const guest = await post('/api/session', { name: 'Twice' });
    const [first, second] = await Promise.all(
      ['the first long password', 'the second long password'].map((password) =>
        post('/api/register', { password }, guest.cookie),
      ),
    );
    const answers = [first!, second!];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('account.registered');
    const kept = answers[0]!.status === 200 ? 'the first long password' : 'the second long password';
    const other = kept === 'the first long password' ? 'the second long password' : 'the first long password';
    expect((await post('/api/login', { name: 'Twice', password: kept })).status).toBe(200);
    expect((await post('/api/login', { name: 'Twice', password: other })).status).toBe(401);
  });

  it('logs out: the old cookie no longer works', async () => {
    const guest = await post('/api/session', { name: 'Vera' });
    await post('/api/logout', {}, guest.cookie);
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: guest.cookie } });
    expect(me.status).toBe(401);
  });
});

describe('HTTP hardening', () => {
  it('answers unknown paths, bad JSON and oversized bodies with a JSON error and no stack trace', async () => {
    const missing = await fetch(`${server.url}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not found' });
    const badJson = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.text()).not.toMatch(/at .*\.js:\d+/);
    const huge = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it('serves health and Prometheus metrics', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
      ok: true,
      process: expect.stringMatching(/^p\w+$/) as unknown,
    });
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer test-metrics-token' } })
    ).text();
    for (const name of [
      'skyline_sockets_connected',
      'skyline_moves_total',
      'skyline_move_duration_seconds',
      'skyline_tables_live',
    ]) {
      expect(metrics).toContain(name);
    }
    expect(metrics).toMatch(/skyline_tables_live\{status="open"\} \d+/);
  });
});
