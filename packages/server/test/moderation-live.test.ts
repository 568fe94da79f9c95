/**
 * The operator's page's live figures (`GET /api/moderation/live`): refused to anyone who is not staff, with the coded
 * word every moderation route uses, and read-only; a moderator reads counts that match what the test set up.
 */
import type { LiveFigures } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from './harness.js';
import { person, staff } from './moderation-people.js';

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
});
