/**
 * Complete New York games between separate clients over a real server: the results and the record are right, and no
 * client ever receives anything its seat may not see.
 */
import { replayRecord, type GameRecord, type LogEntry } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { TILE_IDS, nyny } from '@skyline/nyny';
import type { TableUpdate } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { TestClient, playToEnd, startTable, testServerForFile, statesOf, stringsIn } from './harness.js';

const server = testServerForFile();

/** Checks every message a seat's client received against what that seat may know at the message's version. */
function expectNoLeaks(client: TestClient, seat: number, states: unknown[]): void {
  const checkUpdate = (version: number, from: number, parts: unknown[], log: unknown[]) => {
    const { strings, logFrom } = nyny.secrets(states[version] as never, seat);
    const secret = new Set(strings);
    const visible = [
      ...stringsIn(parts),
      ...log.flatMap((entry, k) => (from + k >= logFrom ? stringsIn(entry) : [])),
    ];
    const leaked = visible.filter((text) => secret.has(text));
    expect(leaked, `seat ${seat} at version ${version}`).toEqual([]);
  };
  const versions = new Set<number>();
  for (const { event, payload } of client.received) {
    if (event === 'table:update') {
      const update = payload as TableUpdate;
      checkUpdate(update.version, update.from, [update.view, update.legalMoves, update.status], update.log);
      versions.add(update.version);
    } else {
      // Chat, seats, lobby: never a tile at all.
      expect(
        stringsIn(payload).filter((text) => TILE_IDS.includes(text)),
        event,
      ).toEqual([]);
    }
  }
  // The check read the updates the seat was sent up to the game's last state (a game of random moves may be short,
  // when its players pass: how long is the deal's, not the test's).
  expect(versions.size).toBeGreaterThan(0);
  expect(Math.max(...versions)).toBe(states.length - 1);
  for (const known of client.tables.values()) {
    const snapshot = known.snapshot;
    if (snapshot)
      checkUpdate(snapshot.version, 0, [snapshot.view, snapshot.legalMoves, snapshot.status], snapshot.log);
  }
}

async function playGame(names: string[], options: Record<string, unknown>, seed: number) {
  const clients = await Promise.all(names.map((name) => TestClient.guest(server.url, name)));
  const tableId = await startTable(clients, 'nyny', options);
  await playToEnd(nyny, clients, tableId, seed);
  const { body: record } = await clients[0]!.http('GET', `/api/games/${tableId}/record`);
  const replayed = replayRecord(GAMES, record);
  expect(replayed.ok).toBe(true);
  if (!replayed.ok) throw new Error(replayed.error.line);
  const status = nyny.status(replayed.state as never);
  expect(status.over).toBe(true);
  // Everyone was told the same final result, and it is the record's.
  for (const client of clients) {
    const last = client.tables.get(tableId)?.lastUpdate as TableUpdate;
    expect(last.status).toEqual({ over: true, active: [], winners: status.winners, scores: status.scores });
  }
  expect((record as unknown as GameRecord).names).toEqual(names);
  const states = statesOf(nyny, names.length, options, (record as unknown as GameRecord).log as LogEntry[]);
  clients.forEach((client, seat) => expectNoLeaks(client, seat, states));
  // The finished game is in each player's games, with its result.
  const { body } = await clients[1]!.http('GET', '/api/my/games');
  const mine = (
    body.games as { id: string; status: string; result: { status: { scores: number[] } } }[]
  ).find((g) => g.id === tableId);
  expect(mine?.status).toBe('over');
  expect(mine?.result.status.scores).toEqual(status.scores);
  for (const client of clients) client.close();
  return { tableId, status };
}

describe('complete games between separate clients', () => {
  it('two players play a classic game to the end', async () => {
    await playGame(['ann', 'bob'], {}, 1);
  });

  it('three players play a simultaneous game to the end', async () => {
    await playGame(['cat', 'dan', 'eve'], { variant: 'simultaneous' }, 2);
  });

  it('four players play a classic match of two rounds to the end', async () => {
    await playGame(['fay', 'gus', 'hal', 'ivy'], { rounds: 2, colours: ['g', 'y', 'b', 'r'] }, 3);
  });
});
