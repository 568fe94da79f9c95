/**
 * Finding 6 of the security review (three of its points), each reproduced as it was found: socket.io's own HTTP
 * answers, a guest who registers while its sockets are open, and values nested deep enough to overflow a recursive
 * walk (JSON.stringify, a game's checks) before anything bounded them.
 */
import { describe, expect, it, vi } from 'vitest';
import { guestMaker, startTable, testServerForFile, type Ack, type TestClient } from './harness.js';

const server = testServerForFile();

const guests = guestMaker('edge', () => server);

/** `[[[…[1]…]]]`, `depth` arrays deep, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

let rawIds = 100_000;
/**
 * Sends `event` with a payload written as JSON text straight into the client's connection, and resolves with the
 * acknowledgement: socket.io-client's own encoder walks a payload recursively and would overflow on these values
 * before sending them, where a hostile client writes its frames itself.
 */
function rawRequest(client: TestClient, event: string, json: string): Promise<Ack> {
  const id = ++rawIds;
  const engine = client.socket.io.engine;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 5000);
    const heard = (data: unknown) => {
      if (typeof data !== 'string' || !data.startsWith(`3${id}[`)) return;
      clearTimeout(timer);
      engine.off('message', heard);
      resolve((JSON.parse(data.slice(`3${id}`.length)) as Ack[])[0]!);
    };
    engine.on('message', heard);
    // A socket.io EVENT packet (2) with an acknowledgement id, on the main namespace.
    engine.write(`2${id}${JSON.stringify([event]).slice(0, -1)},${json}]`);
  });
}

describe('socket.io outside Fastify', () => {
  it('refuses long-polling, which the web client never uses (its answer had none of the security headers)', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    // Before: 200 and an engine.io handshake, without Content-Security-Policy, nosniff or frame options.
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/"sid"/);
    // WebSocket, which the client uses, still connects.
    const [ann] = await guests(1);
    expect(ann!.socket.connected).toBe(true);
    ann!.close();
  });
});

describe('a guest who registers with its sockets open', () => {
  it('is registered on those sockets at once: a table it then creates over one of them is rated by default', async () => {
    const [ann] = await guests(1);
    expect((await ann!.http('POST', '/api/register', { password: 'long enough' })).status).toBe(200);
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    expect(created.ok).toBe(true);
    const snapshot = await ann!.open(created.tableId as string);
    // A guest's table is unrated unless asked; a registered player's is rated (no bot sits at it).
    expect(snapshot.table.rated).toBe(true);
    const lobby = await ann!.request('lobby:open', {});
    expect(lobby.me).toMatchObject({ name: ann!.name, registered: true });
    ann!.close();
  });
});

describe('values nested deep enough to overflow a recursive walk', () => {
  it('refuses a Chinatown settle whose lots are nested 20,000 deep, and an /option nested as deep, with request.unreadable and no "socket handler failed"', async () => {
    const failed = vi.spyOn(server.app.http.log, 'error');
    try {
      const players = await guests(3);
      const tableId = await startTable(players, 'chinatown');
      const [host] = players;
      const known = host!.tables.get(tableId)!;
      const settle = await rawRequest(
        host!,
        'table:move',
        `{"tableId":"${tableId}","version":${known.version},"id":"deep","move":{"type":"settle","lots":${nested(20_000)}}}`,
      );
      expect(settle).toMatchObject({ ok: false, code: 'request.unreadable' });

      const created = await host!.request('table:create', { game: 'nyny', players: 2 });
      const open = created.tableId as string;
      await host!.open(open);
      const option = await rawRequest(
        host!,
        'table:command',
        `{"tableId":"${open}","command":{"name":"option","option":"rounds","value":${nested(20_000)}}}`,
      );
      expect(option).toMatchObject({ ok: false, code: 'request.unreadable' });
      // And at creation, over the socket and over HTTP.
      const deepCreate = `{"game":"nyny","players":2,"options":{"rounds":${nested(20_000)}}}`;
      expect(await rawRequest(host!, 'table:create', deepCreate)).toMatchObject({
        ok: false,
        code: 'request.unreadable',
      });
      const overHttp = await fetch(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { cookie: host!.cookie, 'content-type': 'application/json' },
        body: deepCreate,
      });
      expect(overHttp.status).toBe(400);

      const handlerFailures = failed.mock.calls.filter((call) =>
        call.some((part) => typeof part === 'string' && /failed/.test(part)),
      );
      expect(handlerFailures).toEqual([]);
      // A move as deep as a real one is still read: refused by the game's rules, not as unreadable.
      const shallow = await host!.request('table:move', {
        tableId,
        version: known.version,
        id: 'shallow',
        move: { type: 'settle', lots: [[1]] },
      });
      expect(shallow.code).not.toBe('request.unreadable');
      for (const player of players) player.close();
    } finally {
      failed.mockRestore();
    }
  });
});
