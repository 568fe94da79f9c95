/**
 * Thousands of random and hostile socket messages to every event, from a signed-in player and from an anonymous
 * visitor, with and without an acknowledgement callback — against a real `skyline serve` process, so that anything
 * that could end it would. Then, on the same process, two players play a game to the end.
 */
import { GAMES } from '@skyline/games';
import { ClientMessages } from '@skyline/protocol';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, playToEnd, spawnServer, startTable } from './harness.js';
import type { ServerProcess } from '@skyline/testkit';

let server: ServerProcess;
beforeAll(async () => {
  server = await spawnServer({ DATABASE_PATH: ':memory:' });
}, 30_000);
afterAll(() => server.child.kill('SIGKILL'));

const EVENTS = [...Object.keys(ClientMessages), 'no:such:event', 'constructor', '__proto__', 'toString'];

/** Values made to trip code that reads a payload before checking it. */
const hostile = fc.oneof(
  fc.constant({ toString: 1, valueOf: 'x' }),
  fc.constant({ then: 1 }),
  fc.constant({ then: { then: null } }),
  fc.constant(JSON.parse('{"__proto__":{"ok":true,"text":"/start","tableId":"abc"}}') as unknown),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
  fc.constant({ tableId: { toString: 'x' }, text: { toString: 1 }, command: { name: { toString: 1 } } }),
  fc.constant({ tableId: 'abc', text: '/option __proto__ {"variant":"simultaneous"}' }),
  fc.constant({ tableId: 'abc', command: { name: 'option', option: '__proto__', value: { a: 1 } } }),
  fc.constant({
    tableId: 'abc',
    version: Number.MAX_SAFE_INTEGER,
    id: 'x'.repeat(64),
    move: { type: 'play' },
  }),
  fc.constant({ game: '__proto__', players: 2 }),
  fc.constant({ game: 'nyny', players: 2, options: { constructor: 1, toString: 2 } }),
  // Deep values.
  fc.integer({ min: 100, max: 2000 }).map((depth) => {
    let value: unknown = 'bottom';
    for (let k = 0; k < depth; k++) value = k % 2 ? [value] : { next: value };
    return value;
  }),
  // Big strings, up to just under the message limit; and beyond it (the connection is dropped by socket.io).
  fc.integer({ min: 1_000, max: 70_000 }).map((size) => ({ tableId: 'abc', text: 'x'.repeat(size) })),
);

const payload = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ maxDepth: 4, withObjectString: true, withNullPrototype: true }) },
  { weight: 3, arbitrary: hostile },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        tableId: fc.oneof(fc.constant('abc'), fc.string(), fc.anything()),
        text: fc.oneof(
          fc.string(),
          fc.constantFrom('/help', '/start', '/join 9', '/option x', '/kick'),
          fc.anything(),
        ),
        version: fc.oneof(fc.integer(), fc.double(), fc.anything()),
        id: fc.oneof(fc.string(), fc.anything()),
        move: fc.anything({ maxDepth: 3 }),
        game: fc.oneof(fc.constantFrom(...GAMES.keys()), fc.string()),
        players: fc.oneof(fc.integer({ min: -2, max: 9 }), fc.anything()),
        options: fc.anything({ maxDepth: 2 }),
        command: fc.anything({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
);

async function connect(cookie: string | null): Promise<Socket> {
  const socket = io(server.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('fuzzing every socket event', () => {
  it('answers every message it can with {ok:false, error} and never dies, then plays a game to the end', async () => {
    const player = await TestClient.guest(server.url, 'fuzzer');
    const sockets: Record<'player' | 'anonymous', Socket> = {
      player: await connect(player.cookie),
      anonymous: await connect(null),
    };
    let sent = 0;
    let answered = 0;
    const internalErrors: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EVENTS),
        payload,
        fc.boolean(),
        fc.constantFrom<'player' | 'anonymous'>('player', 'anonymous'),
        async (event, value, withAck, who) => {
          // An oversized frame makes socket.io close that connection: open another, as a client would.
          if (!sockets[who].connected) sockets[who] = await connect(who === 'player' ? player.cookie : null);
          const socket = sockets[who];
          sent++;
          // An event nobody handles is never answered: sent without waiting for an answer.
          if (!withAck || !Object.hasOwn(ClientMessages, event)) {
            socket.emit(event, value);
            return;
          }
          const answer = (await socket
            .timeout(5000)
            .emitWithAck(event, value)
            .catch(() => null)) as { ok?: unknown; error?: unknown; code?: unknown } | null;
          if (answer === null) {
            // No answer: only for a frame too big (socket.io closed the connection).
            expect(socket.connected).toBe(false);
            return;
          }
          answered++;
          expect(typeof answer.ok).toBe('boolean');
          if (answer.ok === false) {
            expect(typeof answer.error).toBe('string');
            // A handler that failed (a bug) answers request.failed; anything else is a refusal it meant.
            if (answer.code === 'request.failed')
              internalErrors.push(`${event} ${JSON.stringify(value)?.slice(0, 200)}`);
          }
        },
      ),
      { numRuns: 3000, seed: 1301 },
    );
    expect(internalErrors).toEqual([]);
    expect(sent).toBe(3000);
    expect(answered).toBeGreaterThan(1000);
    for (const socket of Object.values(sockets)) socket.disconnect();
    player.close();

    // The same process, still whole: health, and a game played to its end.
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const [ann, bob] = await Promise.all([
      TestClient.guest(server.url, 'after1'),
      TestClient.guest(server.url, 'after2'),
    ]);
    const tableId = await startTable([ann, bob], 'mycity');
    await playToEnd(GAMES.get('mycity')!, [ann, bob], tableId, 3);
    expect(ann.tables.get(tableId)?.over).toBe(true);
    ann.close();
    bob.close();
  }, 240_000);
});
