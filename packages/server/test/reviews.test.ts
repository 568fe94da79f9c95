/**
 * The bots' reviews of finished games (`reviews/`): asked over HTTP, run in the bot workers, stored once per game and
 * shared, limited per player, refused while a game is played, and taken over when the process running one stopped.
 */
import type { ReviewStatus } from '@skyline/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/auth.js';
import { TestClient, startTestServer, type TestServer } from './harness.js';
import { playToEnd, startedTable } from './rating-games.js';

let server: TestServer;
let names = 0;
beforeAll(async () => {
  server = await startTestServer(
    ':memory:',
    {},
    {},
    {
      reviews: { perDay: 2, msPerDecision: 5, checkMs: 100, staleMs: 1000 },
    },
  );
});
afterAll(() => server.close());

/** A guest with its session cookie, and the user the server knows it as. */
async function person(): Promise<{ cookie: string; user: User; client: TestClient }> {
  const client = await TestClient.guest(server.url, `rv${++names}`);
  const me = (await (await fetch(`${server.url}/api/me`, { headers: { cookie: client.cookie } })).json()) as {
    user: User;
  };
  return { cookie: client.cookie, user: me.user, client };
}

async function review(
  cookie: string | null,
  tableId: string,
  method: 'GET' | 'POST',
): Promise<{ status: number; body: ReviewStatus & { code?: string; params?: Record<string, unknown> } }> {
  const response = await fetch(`${server.url}/api/games/${tableId}/review`, {
    method,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** A two-seat New York game between these players, played to its end; its id. */
async function finishedGame(a: User, b: User, seed: number): Promise<string> {
  const tableId = await startedTable(server.app.service, [a, b], 'nyny');
  await playToEnd(server.app.service, tableId, seed);
  return tableId;
}

async function untilDone(tableId: string): Promise<ReviewStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await review(null, tableId, 'GET');
    if (body.status === 'done') return body;
    if (Date.now() > deadline)
      throw new Error(`the review of ${tableId} did not end: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('reviews of finished games', () => {
  it('reviews every decision once, for everyone who asks, with its progress on the way', async () => {
    const [ann, bob] = [await person(), await person()];
    const tableId = await finishedGame(ann.user, bob.user, 3);
    expect((await review(null, tableId, 'GET')).body).toEqual({ status: 'none', done: 0, total: 0 });

    const asked = await review(ann.cookie, tableId, 'POST');
    expect(asked.status).toBe(200);
    expect(['queued', 'running', 'done']).toContain(asked.body.status);
    const record = (await (await fetch(`${server.url}/api/games/${tableId}/replay`)).json()) as {
      log: Record<string, unknown>[];
    };
    const seatEntries = record.log.flatMap((entry, index) =>
      'seat' in entry && 'move' in entry ? [index] : [],
    );
    expect(asked.body.total).toBe(seatEntries.length);

    const done = await untilDone(tableId);
    expect(done.done).toBe(seatEntries.length);
    expect(done.review!.moves.map((move) => move.index)).toEqual(seatEntries);
    for (const move of done.review!.moves) {
      expect(move.seat).toBe(record.log[move.index]!.seat);
      expect(move.loss).toBeGreaterThanOrEqual(0);
    }
    expect(done.review!.seats.map((seat) => seat.seat)).toEqual([0, 1]);

    // Bob asks too: the same review, not another, and not counted against him.
    const again = await review(bob.cookie, tableId, 'POST');
    expect(again.body).toEqual(done);
    const rows = await server.app.db
      .selectFrom('reviews')
      .selectAll()
      .where('table_id', '=', tableId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.requested_by).toBe(ann.user.id);
    ann.client.close();
    bob.client.close();
  }, 90_000);

  it('refuses the review of a game still played (its hidden tiles are still secret), and a stranger’s ask unsigned', async () => {
    const [ann, bob] = [await person(), await person()];
    const tableId = await startedTable(server.app.service, [ann.user, bob.user], 'nyny');
    const refused = await review(ann.cookie, tableId, 'POST');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('review.notOver');
    expect((await review(null, tableId, 'GET')).body.code).toBe('review.notOver');
    expect(
      await server.app.db.selectFrom('reviews').selectAll().where('table_id', '=', tableId).execute(),
    ).toEqual([]);
    await playToEnd(server.app.service, tableId, 4);
    expect((await review(null, tableId, 'POST')).status).toBe(401);
    ann.client.close();
    bob.client.close();
  }, 60_000);

  it('stops a player who asks for reviews past the day’s limit, and lets them read the others', async () => {
    const [eve, other] = [await person(), await person()];
    const games = [];
    for (const seed of [5, 6, 7]) games.push(await finishedGame(eve.user, other.user, seed));
    expect((await review(eve.cookie, games[0]!, 'POST')).status).toBe(200);
    expect((await review(eve.cookie, games[1]!, 'POST')).status).toBe(200);
    const over = await review(eve.cookie, games[2]!, 'POST');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'review.tooMany', params: { n: 2 } });
    // Nothing stored for the refused one; the other player may still ask for it.
    expect(
      await server.app.db.selectFrom('reviews').selectAll().where('table_id', '=', games[2]!).execute(),
    ).toEqual([]);
    expect((await review(other.cookie, games[2]!, 'POST')).status).toBe(200);
    for (const id of games) await untilDone(id);
    eve.client.close();
    other.client.close();
  }, 120_000);

  it('takes over a review whose process stopped mid-way (its heartbeat stale), and finishes it', async () => {
    const [ann, bob] = [await person(), await person()];
    const tableId = await finishedGame(ann.user, bob.user, 8);
    // As a process killed with kill -9 leaves it: running, 3 decisions in, no word for a while.
    await server.app.db
      .insertInto('reviews')
      .values({
        table_id: tableId,
        status: 'running',
        done: 3,
        total: 40,
        result: null,
        requested_by: ann.user.id,
        created_at: Date.now() - 120_000,
        runner: 'p-killed',
        heartbeat: Date.now() - 60_000,
      })
      .execute();
    const done = await untilDone(tableId);
    expect(done.review!.moves.length).toBe(done.total);
    const row = await server.app.db
      .selectFrom('reviews')
      .select(['runner', 'status'])
      .where('table_id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(row.runner).not.toBe('p-killed');
    ann.client.close();
    bob.client.close();
  }, 90_000);
});
