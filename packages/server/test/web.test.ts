/**
 * The server serves the built web client: its files, and index.html for every page path of the single-page app —
 * while the API, health and metrics answer as before.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { configFromEnv } from '../src/config.js';

let app: App;
let url: string;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'skyline-web-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Skyline</title><div id="root"></div>');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  app = await buildApp({
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    databasePath: ':memory:',
    logLevel: 'silent',
    cookieSecure: false,
    webRoot: root,
    metricsToken: 'secret-token',
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the web client', () => {
  it('is served at / and its assets by path', async () => {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    const script = await fetch(`${url}/assets/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers every page path of the app with index.html', async () => {
    for (const path of ['/t/abc123', '/games', '/rules/nyny']) {
      const page = await fetch(`${url}${path}`);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
  });

  it('leaves the API, health and metrics as they are', async () => {
    const missing = await fetch(`${url}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not found' });
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({
      ok: true,
      process: expect.stringMatching(/^p\w+$/) as unknown,
    });
    const withToken = { headers: { authorization: 'Bearer secret-token' } };
    expect((await fetch(`${url}/metrics`, withToken)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/api/me`)).status).toBe(401);
    expect((await fetch(`${url}/api/tables`, { method: 'POST' })).status).toBe(401);
    const missingAsset = await fetch(`${url}/socket.io/nothing`);
    expect(missingAsset.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
  });
});
