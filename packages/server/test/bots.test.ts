/** Bots at tables: seated with /bot, they play their seats by themselves, in a worker thread. */
import { SeededRng } from '@skyline/engine';
import type { TableSummary } from '@skyline/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, eventually, startTestServer, type Known, type TestServer } from './harness.js';

let server: TestServer;
let names = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const guest = () => TestClient.guest(server.url, `b${++names}`);
const known = (client: TestClient, tableId: string) => client.tables.get(tableId) as Known;

describe('bots at tables', () => {
  it('seats a bot with /bot (host only, before the start) and plays against it to the end', async () => {
    const host = await guest();
    const other = await guest();
    const { tableId } = (await host.request('table:create', { game: 'nyny', players: 2 })) as unknown as {
      tableId: string;
    };
    await host.open(tableId);
    await other.open(tableId);
    expect(await other.command(tableId, '/bot')).toMatchObject({
      ok: false,
      error: `only the host (${host.name}) can seat bots`,
    });
    expect(await host.command(tableId, '/bot wizard')).toMatchObject({
      ok: false,
      error: 'write it this way: /bot [random|novice|greedy|club|ismcts]',
    });
    const seated = await host.command(tableId, '/bot greedy');
    expect(seated.reply).toMatch(/^greedy-bot-[a-z0-9]{4} sits at seat 2$/);
    expect(await host.command(tableId, '/bot')).toMatchObject({ ok: false, error: 'every seat is taken' });
    await eventually(() =>
      host.received.some(
        (m) => m.event === 'table:summary' && (m.payload as TableSummary).seats[1]?.bot === 'greedy',
      ),
    );
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    await eventually(() => (known(host, tableId)?.version ?? 0) > 0);

    // The person plays random legal moves; the bot answers by itself.
    const rng = new SeededRng(4);
    let guard = 0;
    while (!known(host, tableId).over && guard++ < 500) {
      const { version, legalMoves } = known(host, tableId);
      if (legalMoves.length > 0) {
        const move = legalMoves[rng.int(legalMoves.length)];
        const ack = await host.request('table:move', { tableId, version, id: `h${version}`, move });
        expect(ack.ok).toBe(true);
      }
      await eventually(
        () => known(host, tableId).over || known(host, tableId).legalMoves.length > 0,
        10_000,
        'the bot to move',
      );
    }
    expect(known(host, tableId).over).toBe(true);
    host.close();
    other.close();
  }, 60_000);

  it('plays a table of bots only to the end', async () => {
    const host = await guest();
    const { tableId } = (await host.request('table:create', {
      game: 'nyny',
      players: 3,
      options: { variant: 'simultaneous' },
    })) as unknown as {
      tableId: string;
    };
    await host.open(tableId);
    expect(await host.command(tableId, '/leave')).toMatchObject({ ok: true, reply: 'you left seat 1' });
    for (const level of ['random', 'greedy', 'random'])
      expect((await host.command(tableId, `/bot ${level}`)).ok).toBe(true);
    // A bot is marked as one, never as disconnected.
    expect((await host.command(tableId, '/who')).reply).toMatch(/seat 3: random-bot-[a-z0-9]{4} \(bot\)$/m);
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    await eventually(() => known(host, tableId)?.over === true, 30_000, 'the bots to finish');
    const last = known(host, tableId).lastUpdate!;
    expect(last.viewer).toBe('spectator');
    expect(last.status.winners.length).toBeGreaterThan(0);
    host.close();
  }, 60_000);
});
