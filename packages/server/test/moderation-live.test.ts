/**
 * The operator's page's live figures (`GET /api/moderation/live`): refused to anyone who is not staff, with the coded
 * word every moderation route uses, and read-only; a moderator reads counts that match what the test set up.
 */
import type { LiveFigures } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { startTable, testServerForFile } from './harness.js';
import { person, playMoves, staff } from './moderation-people.js';

// A limit set here, unlike its default (10), shows that the page reads the settings in force.
const server = testServerForFile(':memory:', { reportsPerDay: 3 }, { workers: 2 }, { trustProxy: 1 });
const notAllowed = {
  error: 'only a moderator of this server can do this',
  code: 'moderation.notAllowed',
  params: { role: 'moderator' },
};

describe('the live figures', { timeout: 30_000 }, () => {
  it('are refused to a registered player and to a guest (moderation.notAllowed), and to no one signed in', async () => {
    const player = await person(server.url, 'livePlayer', { registered: true });
    const guest = await person(server.url, 'liveGuest');
    for (const client of [player, guest])
      expect(await client.http('GET', '/api/moderation/live')).toMatchObject({
        status: 403,
        body: notAllowed,
      });
    const anonymous = await fetch(`${server.url}/api/moderation/live`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'request.signIn' });
    player.close();
    guest.close();
  });

  it('are answered to a moderator: tables by game, people online, reports waiting, the limits in force', async () => {
    const mod = await staff(server.app.db, server.url, 'liveMod', 'moderator');
    const host = await person(server.url, 'liveHost');
    const reporter = await person(server.url, 'liveReporter', { registered: true });
    // One open table of New York; one report about its host.
    expect((await host.request('table:create', { game: 'nyny', players: 2 })).ok).toBe(true);
    expect((await reporter.http('POST', '/api/reports', { player: host.name, reason: 'name' })).status).toBe(
      200,
    );
    // The first test's people closed their sockets (the server hears it a moment later): mod, host and reporter are
    // online, and no one else (one process, so all counted).
    const live = async () => {
      const answer = await mod.http('GET', '/api/moderation/live');
      expect(answer.status).toBe(200);
      return answer.body as unknown as LiveFigures;
    };
    let body = await live();
    for (const start = Date.now(); body.playersOnline !== 3 && Date.now() - start < 10_000;)
      body = await live();
    expect(body).toMatchObject({
      tables: [{ game: 'nyny', open: 1, playing: 0 }],
      playersOnline: 3,
      everyProcess: true,
      bots: { workers: 2, busy: 0, queued: 0 },
      reviews: { running: 0, queued: 0 },
      brokenTables: 0,
      openReports: 1,
    });
    expect(body.processes).toEqual([body.process.id]);
    expect(body.process.memoryBytes).toBeGreaterThan(0);
    expect(body.limits).toMatchObject({
      reportsPerDay: 3,
      botWorkers: 2,
      botSeatsPerPlayer: 8,
      chatPerMinute: 20,
    });
    for (const client of [mod, host, reporter]) client.close();
  });

  it('count the moves played over the last minutes and the time the server took to answer them', async () => {
    const mod = await staff(server.app.db, server.url, 'liveMoveMod', 'moderator');
    const before = (await mod.http('GET', '/api/moderation/live')).body as unknown as LiveFigures;
    const players = [await person(server.url, 'liveMoverA'), await person(server.url, 'liveMoverB')];
    const tableId = await startTable(players, 'nyny');
    await playMoves(players, tableId, 6, 'live');
    // A refused move is answered too, and counted as answered but not as played.
    expect(
      await players[0]!.request('table:move', { tableId, version: 0, id: 'stale', move: { type: 'pass' } }),
    ).toMatchObject({ ok: false });
    const after = (await mod.http('GET', '/api/moderation/live')).body as unknown as LiveFigures;
    expect(after.moves.answered - before.moves.answered).toBe(7);
    expect(after.moves.everyProcess).toBe(true);
    // 6 moves in a window as long as the server has run (under 5 minutes here): at least 6 a minute.
    expect(after.moves.windowSeconds).toBeLessThanOrEqual(300);
    expect(after.moves.perMinute).toBeGreaterThanOrEqual(6);
    // Answered on one machine in well under the histogram's top bucket (1 s); the 95th at or above the median.
    expect(after.moves.medianMs).toBeGreaterThan(0);
    expect(after.moves.medianMs).toBeLessThan(1000);
    expect(after.moves.p95Ms).toBeGreaterThanOrEqual(after.moves.medianMs!);
    for (const client of [mod, ...players]) client.close();
  });
});
