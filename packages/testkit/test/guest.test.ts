import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCookie } from '../src/index.js';

/** A stand-in for the server's `POST /api/session`: a session cookie with its attributes, or 400 for the name "bad". */
let server: Server;
let url = '';
const asked: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { name } = JSON.parse(body) as { name: string };
      asked.push({ method: request.method, path: request.url, name });
      if (name === 'bad') {
        response.writeHead(400).end();
        return;
      }
      response.setHeader('set-cookie', `sid=s-${name}; Path=/; HttpOnly; SameSite=Lax`);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('guestCookie', () => {
  it('posts the name to /api/session and keeps only name=value of the cookie, not its attributes', async () => {
    expect(await guestCookie(url, 'ann')).toBe('sid=s-ann');
    expect(asked.at(-1)).toEqual({ method: 'POST', path: '/api/session', name: 'ann' });
  });

  it('throws, naming the guest and the status, when the server refuses', async () => {
    await expect(guestCookie(url, 'bad')).rejects.toThrow('guest bad: 400');
  });
});
