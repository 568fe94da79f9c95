/**
 * Limits that could be stepped around (security review, finding 4), each reproduced as it was found: API reads
 * under another spelling of their path or another method, chat lines from many guests of one address, and a
 * connection refused with words no client could translate.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { guestMaker, startTestServer, type TestServer } from './harness.js';
import type { LimitSettings } from '../src/limits.js';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function strict(limits: Partial<LimitSettings>): Promise<TestServer> {
  const server = await startTestServer(':memory:', limits);
  servers.push(server);
  return server;
}

describe('reads of the API', () => {
  it('counts GET /%61pi/... and HEAD /api/... as reads: 30 of them with LIMIT_READS_PER_MINUTE=20 get 10 refusals', async () => {
    const server = await strict({ readsPerMinute: 20 });
    // The same route under an escaped letter: served, as /api/tournaments is.
    const escaped = await fetch(`${server.url}/%61pi/tournaments`);
    expect(escaped.status).toBe(200);
    expect(await escaped.json()).toHaveProperty('upcoming');
    const statuses = [escaped.status];
    for (let k = 1; k < 30; k++) {
      const response =
        k % 2
          ? await fetch(`${server.url}/api/tables`, { method: 'HEAD' })
          : await fetch(`${server.url}/%61pi/tournaments`);
      statuses.push(response.status);
    }
    // Before: 30 times 200, none of them counted (300 reads in 0.47 s while limited).
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = await fetch(`${server.url}/%61pi/tables`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', params: { kind: 'reads' } });
  });
});

describe('chat from one address', () => {
  it('lets ten guests of one address send only LIMIT_ADDRESS_CHAT_PER_MINUTE lines together, not ten times their own', async () => {
    const server = await strict({ addressChatPerMinute: 30 });
    const guests = await guestMaker('chatty', () => server)(10);
    const answers = await Promise.all(
      guests.flatMap((guest, g) =>
        Array.from({ length: 20 }, (_, k) => guest.request('lobby:chat', { text: `line ${g}.${k}` })),
      ),
    );
    // Before: 200 lines through (20 per player, the only limit).
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    const refused = answers.find((answer) => !answer.ok);
    expect(refused).toMatchObject({
      code: 'rate_limited',
      params: { kind: 'chat_address' },
      error: expect.stringMatching(/^too many chat lines from your address: try again in \d+ s$/) as unknown,
    });
    expect(refused!.retryAfter).toBeGreaterThan(0);
    for (const guest of guests) guest.close();
  });
});

describe('connections from one address', () => {
  it('refuses the connection over LIMIT_CONNECTIONS_PER_ADDRESS with a code and retryAfter, not English words only', async () => {
    const server = await strict({ connectionsPerAddress: 2 });
    const open: Socket[] = [];
    const connect = () => {
      const socket = io(server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
      open.push(socket);
      return new Promise<{ message: string; data?: unknown } | null>((resolve) => {
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', (error: Error & { data?: unknown }) => resolve(error));
      });
    };
    expect(await connect()).toBeNull();
    expect(await connect()).toBeNull();
    const refused = await connect();
    expect(refused?.message).toBe(
      'too many connections from your address (close some pages): try again in 10 s',
    );
    // Before: no data, only the English sentence.
    expect(refused?.data).toEqual({
      ok: false,
      code: 'rate_limited',
      params: { kind: 'connections', seconds: 10, minutes: 0 },
      error: 'too many connections from your address (close some pages): try again in 10 s',
      retryAfter: 10,
    });
    for (const socket of open) socket.disconnect();
  });
});
