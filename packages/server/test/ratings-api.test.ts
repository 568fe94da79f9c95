/**
 * The ratings over HTTP: a player's profile, a game's leaderboard with the asker's own rank, the ratings next to
 * names, a table's rating changes; and the table setting `rated` in the create request. Games are played through the
 * server's own table service (the socket path is tested elsewhere); the requests go over HTTP as a browser sends them.
 */
import type {
  LeaderboardResponse,
  PlayerProfile,
  RatingsLookup,
  TableRatings,
  TableSummary,
} from '@skyline/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, type User } from '../src/auth.js';
import { TestClient, startTestServer, type TestServer } from './harness.js';
import { command, playOpening, playToEnd, startedTable } from './rating-games.js';

let server: TestServer;
let accounts: Accounts;
beforeAll(async () => {
  server = await startTestServer();
  accounts = new Accounts(server.app.db);
});
afterAll(() => server.close());

let names = 0;
/** A registered player with a browser session. */
async function player(): Promise<{ client: TestClient; user: User }> {
  const client = await TestClient.guest(server.url, `rp${++names}`);
  const registered = await client.http('POST', '/api/register', { password: 'a long enough password' });
  expect(registered.status).toBe(200);
  return { client, user: registered.body.user as User };
}

describe('the rating pages’ API', () => {
  let ann: { client: TestClient; user: User };
  let bob: { client: TestClient; user: User };
  let cat: { client: TestClient; user: User };
  let lastTable = '';

  beforeAll(async () => {
    [ann, bob, cat] = [await player(), await player(), await player()];
    const service = server.app.service;
    // Ann beats Bob in three resignations; Cat plays once; one game with Bob still going.
    for (let k = 0; k < 3; k++) {
      lastTable = await startedTable(service, [ann.user, bob.user]);
      await playOpening(service, lastTable, k); // rated once each seat has played its first moves
      await command(service, bob.user, lastTable, { name: 'resign' });
    }
    const played = await startedTable(service, [cat.user, ann.user, bob.user]);
    await playToEnd(service, played, 5);
    await startedTable(service, [bob.user, cat.user]);
    void accounts;
  }, 60_000);

  afterAll(() => [ann, bob, cat].forEach(({ client }) => client.close()));

  it('serves a profile with ratings per game, games played and won, recent and current games', async () => {
    const { status, body } = await ann.client.http('GET', `/api/players/${ann.user.name}`);
    expect(status).toBe(200);
    const profile = body as unknown as PlayerProfile;
    expect(profile.name).toBe(ann.user.name);
    expect(profile.ratings.nyny).toMatchObject({ games: 4, provisional: true });
    expect(profile.ratings.nyny!.rating).toBeGreaterThan(0);
    expect(Object.keys(profile.ratings.nyny!).sort()).toEqual(['games', 'provisional', 'rating', 'sigma']);
    expect(profile.charts.nyny).toHaveLength(4);
    expect(profile.played).toBe(4);
    expect(profile.won).toBeGreaterThanOrEqual(3);
    expect(profile.recent[profile.recent.length - 1]!.tableId).not.toBe(lastTable); // newest first
    expect(profile.recent.find((game) => game.tableId === lastTable)).toMatchObject({
      won: true,
      names: [ann.user.name, bob.user.name],
    });
    expect(profile.recent.find((game) => game.tableId === lastTable)!.change).toBeGreaterThan(0);
    const bobs = (await ann.client.http('GET', `/api/players/${bob.user.name}`))
      .body as unknown as PlayerProfile;
    expect(bobs.current).toHaveLength(1);
    expect(bobs.current[0]).toMatchObject({ status: 'playing', won: null });
  });

  it('a player who conceded 3 games after the opening kept them: 4 of 4, no share yet; a bot has no reliability', async () => {
    // Bob resigned each of the three games once both seats had played the opening, and played the fourth to its end.
    const bobs = (await ann.client.http('GET', `/api/players/${bob.user.name}`))
      .body as unknown as PlayerProfile;
    expect(bobs.reliability).toEqual({ games: 4, kept: 4, share: null });
    // Cat's one game, and her game still going (not counted).
    const cats = (await ann.client.http('GET', `/api/players/${cat.user.name}`))
      .body as unknown as PlayerProfile;
    expect(cats.reliability).toEqual({ games: 1, kept: 1, share: null });
    const bot = (await ann.client.http('GET', '/api/players/greedy-bot')).body as unknown as PlayerProfile;
    expect(bot.reliability).toBeNull();
  });

  it('answers 404 for a name nobody has, and 400 for one that is not a name', async () => {
    const nobody = await ann.client.http('GET', '/api/players/nobody-here');
    // Coded, so that the profile page says it in its player's language.
    expect([nobody.status, nobody.body.code, nobody.body.params]).toEqual([
      404,
      'player.none',
      { name: 'nobody-here' },
    ]);
    expect((await ann.client.http('GET', `/api/players/${'%3Cscript%3E'}`)).status).toBe(400);
  });

  it('pages the leaderboard best first, and gives the asker’s own rank', async () => {
    const first = (await bob.client.http('GET', '/api/leaderboard/nyny?size=1'))
      .body as unknown as LeaderboardResponse;
    expect(first).toMatchObject({ game: 'nyny', page: 1, size: 1, minGames: 3 });
    expect(first.total).toBeGreaterThanOrEqual(2); // Ann and Bob have 4 games; Cat, 1, is not on the board
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({ rank: 1, name: ann.user.name });
    const second = (await bob.client.http('GET', '/api/leaderboard/nyny?size=1&page=2'))
      .body as unknown as LeaderboardResponse;
    expect(second.entries[0]!.rank).toBe(2);
    expect(first.me).toMatchObject({ name: bob.user.name, rank: 2 });
    const cats = (await cat.client.http('GET', '/api/leaderboard/nyny'))
      .body as unknown as LeaderboardResponse;
    expect(cats.me).toBeNull();
    expect(cats.entries.map((entry) => entry.name)).not.toContain(cat.user.name);
  });

  it('refuses a page, a size or a game it does not know', async () => {
    expect((await ann.client.http('GET', '/api/leaderboard/nyny?size=1000')).status).toBe(400);
    expect((await ann.client.http('GET', '/api/leaderboard/nyny?page=0')).status).toBe(400);
    expect((await ann.client.http('GET', '/api/leaderboard/nyny?sort=x')).status).toBe(400);
    const chess = await ann.client.http('GET', '/api/leaderboard/chess');
    expect([chess.status, chess.body.code]).toEqual([404, 'leaderboard.none']);
    expect((await ann.client.http('GET', '/api/leaderboard/..%2Fetc')).status).toBe(400);
  });

  it('gives the ratings next to names, and what a rated game did to each seat', async () => {
    const lookup = (
      await ann.client.http('GET', `/api/ratings/nyny?names=${ann.user.name},${cat.user.name},unknown1`)
    ).body as unknown as RatingsLookup;
    expect(Object.keys(lookup.ratings).sort()).toEqual([ann.user.name, cat.user.name].sort());
    const changes = (await ann.client.http('GET', `/api/tables/${lastTable}/ratings`))
      .body as unknown as TableRatings;
    expect(changes.rated).toBe(true);
    expect(changes.changes.map((change) => [change.seat, change.place])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(changes.changes[0]!.after).toBeGreaterThan(changes.changes[0]!.before);
  });

  it('looks up at most 50 names at once, and only names', async () => {
    const many = Array.from({ length: 51 }, (_, k) => `n${k}`).join(',');
    expect((await ann.client.http('GET', `/api/ratings/nyny?names=${many}`)).status).toBe(400);
    expect((await ann.client.http('GET', '/api/ratings/nyny?names=a%20b')).status).toBe(400);
    expect((await ann.client.http('GET', '/api/ratings/nyny')).status).toBe(400);
  });

  it('takes rated in the create request, and refuses a rated that is not a boolean', async () => {
    const made = await ann.client.http('POST', '/api/tables', { game: 'nyny', players: 2, rated: false });
    expect((made.body.table as TableSummary).rated).toBe(false);
    const plain = await ann.client.http('POST', '/api/tables', { game: 'nyny', players: 2 });
    expect((plain.body.table as TableSummary).rated).toBe(true);
    expect(
      (await ann.client.http('POST', '/api/tables', { game: 'nyny', players: 2, rated: 'yes' })).status,
    ).toBe(400);
  });
});
