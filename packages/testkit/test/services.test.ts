import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServices, serviceLocation } from '../src/services.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A TCP server on 127.0.0.1 that answers whatever it is sent with `reply`; resolves with its port. */
async function answering(reply: string): Promise<number> {
  const server = createServer((socket) => socket.on('data', () => socket.end(reply)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function executable(mode: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'skyline-services-')), 'chromium');
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

describe('looking for the services the tests need', () => {
  it('looks in the usual places unless a variable points elsewhere', () => {
    expect(serviceLocation('postgres', {})).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(serviceLocation('redis', {})).toBe('redis://127.0.0.1:6379');
    expect(serviceLocation('chromium', {})).toBe('/usr/bin/chromium');
    expect(serviceLocation('redis', { TEST_REDIS_URL: 'redis://cache:7000' })).toBe('redis://cache:7000');
    expect(serviceLocation('chromium', { CHROMIUM_PATH: '' })).toBe('/usr/bin/chromium');
  });

  it('reports services on closed ports and a missing browser as missing, with the reason and the variable', async () => {
    const port = await closedPort();
    const checks = await checkServices({
      TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${port}/test`,
      TEST_REDIS_URL: `redis://127.0.0.1:${port}`,
      CHROMIUM_PATH: '/nonexistent/chromium',
      NGINX_PATH: '/nonexistent/nginx',
    });
    expect(checks.postgres.missing).toContain('ECONNREFUSED');
    expect(checks.postgres.need).toBe(
      `PostgreSQL at postgres://postgres@127.0.0.1:${port}/test (or TEST_POSTGRES_URL)`,
    );
    expect(checks.redis.missing).toContain('ECONNREFUSED');
    expect(checks.redis.need).toBe(`Redis at redis://127.0.0.1:${port} (or TEST_REDIS_URL)`);
    expect(checks.chromium).toEqual({
      location: '/nonexistent/chromium',
      need: 'Chromium at /nonexistent/chromium (or CHROMIUM_PATH)',
      missing: 'no such file',
    });
    expect(checks.nginx).toEqual({
      location: '/nonexistent/nginx',
      need: 'nginx at /nonexistent/nginx (or NGINX_PATH)',
      missing: 'no such file',
    });
  });

  it('takes a Redis that answers PONG, and refuses one that answers an error, quoting it', async () => {
    const pong = await answering('+PONG\r\n');
    const locked = await answering('-NOAUTH Authentication required.\r\n');
    const [good, bad] = await Promise.all([
      checkServices({ TEST_REDIS_URL: `redis://127.0.0.1:${pong}` }),
      checkServices({ TEST_REDIS_URL: `redis://127.0.0.1:${locked}` }),
    ]);
    expect(good.redis.missing).toBeNull();
    expect(bad.redis.missing).toBe('it answered: NOAUTH Authentication required.');
  });

  it('refuses a PostgreSQL port that speaks something else', async () => {
    const port = await answering('HTTP/1.1 400 Bad Request\r\n\r\n');
    const checks = await checkServices({ TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(checks.postgres.missing).not.toBeNull();
  });

  it('takes an executable browser, and refuses a file that cannot be run', async () => {
    const runnable = await checkServices({ CHROMIUM_PATH: executable(0o755) });
    const notRunnable = await checkServices({ CHROMIUM_PATH: executable(0o644) });
    expect(runnable.chromium.missing).toBeNull();
    expect(notRunnable.chromium.missing).toContain('EACCES');
  });
});
