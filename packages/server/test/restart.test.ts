/**
 * A server killed with `kill -9` in the middle of a game loses no acknowledged move: started again on the same
 * database, it rebuilds the game from the stored log, and the players finish it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nyny } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { TestClient, eventually, killed, playToEnd, serverProcessesForFile, startTable } from './harness.js';

const servers = serverProcessesForFile();
const serve = (databasePath: string) => servers.spawn({ DATABASE_PATH: databasePath });

describe('restart', () => {
  it('loses no acknowledged move when killed with kill -9, and the game finishes after the restart', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'skyline-')), 'skyline.db');
    const first = await serve(databasePath);
    const players = await Promise.all(['kim', 'lou'].map((name) => TestClient.guest(first.url, name)));
    const tableId = await startTable(players, 'nyny');

    // Play about half a game, remembering the last acknowledged version.
    let acknowledged = 0;
    let lastMover = '';
    for (let k = 0; k < 40; k++) {
      const mover = players.find((p) => (p.tables.get(tableId)?.legalMoves.length ?? 0) > 0)!;
      const { version, legalMoves } = mover.tables.get(tableId)!;
      const move = legalMoves.find((m) => (m as { type: string }).type !== 'pass') ?? legalMoves[0];
      const ack = await mover.request('table:move', { tableId, version, id: `k${k}`, move });
      expect(ack.ok).toBe(true);
      acknowledged = ack.version as number;
      lastMover = mover.name;
      await eventually(() => players.every((p) => p.tables.get(tableId)!.version === acknowledged));
    }
    await killed(first);
    players.forEach((p) => p.close());

    const second = await serve(databasePath);
    const back = await Promise.all(players.map((p) => TestClient.connect(second.url, p.cookie, p.name)));
    for (const client of back) {
      const snapshot = await client.open(tableId);
      expect(snapshot.version).toBe(acknowledged);
      expect(snapshot.view).toEqual(players[back.indexOf(client)]!.tables.get(tableId)!.view);
    }
    // A move id sent before the crash is still known: it is not applied twice.
    const resent = await back
      .find((c) => c.name === lastMover)!
      .request('table:move', { tableId, version: 0, id: 'k39', move: { type: 'pass' } });
    expect(resent).toEqual({ ok: true, version: acknowledged, duplicate: true });
    await playToEnd(nyny, back, tableId, 5);
    const { body } = await back[0]!.http('GET', '/api/my/games');
    expect((body.games as { id: string; status: string }[]).find((g) => g.id === tableId)?.status).toBe(
      'over',
    );
    back.forEach((c) => c.close());
    second.child.kill('SIGKILL');
  }, 60_000);
});
