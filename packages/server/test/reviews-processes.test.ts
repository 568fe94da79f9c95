/**
 * Reviews with two server processes on PostgreSQL and Redis: a player who asks for many reviews at once through both
 * processes gets exactly the day's limit (counted under a lock on the player's row, in the insert's transaction), and
 * a game asked through both at once by two people is reviewed once, by one process, for both.
 */
import type { ReviewStatus } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { lacking } from '@skyline/testkit/vitest';
import type { User } from '../src/auth.js';
import { TestClient } from './harness.js';
import { person } from './moderation-people.js';
import { platformForFile } from './pg.js';
import { guest, playToEnd, serviceOn, startedTable } from './rating-games.js';

const platform = platformForFile(
  { LIMIT_REVIEWS_PER_DAY: '2', REVIEW_MS_PER_DECISION: '10', TRUST_PROXY: '1' },
  2,
);
const url = (process: number) => platform.list[process]!.url;
let names = 0;

/** A guest on process 0, as the server knows it. */
async function player(): Promise<{ client: TestClient; user: User }> {
  const client = await person(url(0), `rp${++names}`);
  const me = await client.http('GET', '/api/me');
  return { client, user: me.body.user as User };
}

/** `count` two-seat New York games of `user` against another guest, played to their end on the shared database. */
async function finishedGames(user: User, count: number): Promise<string[]> {
  const store = await platform.openStore();
  const { service, accounts } = serviceOn(store);
  const other = await guest(accounts, 'opp');
  const ids = [];
  for (let k = 0; k < count; k++) {
    const tableId = await startedTable(service, [user, other], 'nyny');
    await playToEnd(service, tableId, 10 + k);
    ids.push(tableId);
  }
  return ids;
}

describe.skipIf(lacking('postgres', 'redis'))('reviews with several processes', () => {
  it('gives a player who asks for 5 reviews at once through both processes exactly the day’s 2', async () => {
    const { client, user } = await player();
    const there = await TestClient.connect(url(1), client.cookie, client.name, client.headers);
    const games = await finishedGames(user, 5);
    const answers = await Promise.all(
      games.map((id, k) => (k % 2 ? there : client).http('POST', `/api/games/${id}/review`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 429, body: { code: 'review.tooMany', params: { n: 2 } } });
    const store = await platform.openStore();
    const rows = await store.db
      .selectFrom('reviews')
      .select('table_id')
      .where('requested_by', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    client.close();
    there.close();
  }, 90_000);

  it('reviews a game asked through both processes at once once, by one process, for both people', async () => {
    const [ann, bob] = [await player(), await player()];
    const bobThere = await TestClient.connect(url(1), bob.client.cookie, bob.client.name, bob.client.headers);
    const [tableId] = await finishedGames(ann.user, 1);
    const [first, second] = await Promise.all([
      ann.client.http('POST', `/api/games/${tableId}/review`),
      bobThere.http('POST', `/api/games/${tableId}/review`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const deadline = Date.now() + 60_000;
    let status: ReviewStatus;
    for (;;) {
      status = (await bobThere.http('GET', `/api/games/${tableId}/review`)).body as unknown as ReviewStatus;
      if (status.status === 'done' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status.status).toBe('done');
    expect(status.review!.moves).toHaveLength(status.total);
    // The other process reads the same stored review.
    expect((await ann.client.http('GET', `/api/games/${tableId}/review`)).body).toEqual(status);
    const store = await platform.openStore();
    const rows = await store.db.selectFrom('reviews').selectAll().where('table_id', '=', tableId!).execute();
    expect(rows).toHaveLength(1);
    // Exactly one of the two people's asks counted.
    expect([ann.user.id, bob.user.id]).toContain(rows[0]!.requested_by);
    for (const client of [ann.client, bob.client, bobThere]) client.close();
  }, 90_000);
});
