/**
 * Farming ratings (SECURITY.md, "Ratings"): a person with two accounts, from one address, lets the second resign before
 * any move, game after game, and the first climbs the leaderboard. Each test is named after the attack, or the gap,
 * it reproduces. Over sockets as a browser plays (two accounts from one address or from two, through `TRUST_PROXY`),
 * with a time source the tests move by hand for the daily limit; and on the table service for the rules inside a game
 * (the opening, stand-ins, pairs in a four-seat game, bots), and for the recompute that must decide as the live rating.
 */
import { english, type LeaderboardResponse, type TableRatings } from '@skyline/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, type User } from '../src/auth.js';
import { ManualTime } from '../src/clocks/clocks.js';
import { openStore, type Store } from '../src/db/connect.js';
import { placesFromResult } from '../src/ratings/ended.js';
import { initialRating, rateGame } from '../src/ratings/model.js';
import { recomputeRatings } from '../src/ratings/recompute.js';
import { versionOf } from '../src/tables/live.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { TableService } from '../src/tables/service.js';
import { GAMES } from '@skyline/games';
import { eventually, known, startTestServer, TestClient, type TestServer } from './harness.js';
import { command, playToEnd, registered, storedRatings, storedResult } from './rating-games.js';

const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------------
// Over sockets, as a browser plays

describe('ratings farmed by a second account, over sockets', () => {
  // After the players register (registration is stamped with the system's time, and a game rates only players
  // registered before it ended).
  const time = new ManualTime(Date.now() + 3_600_000);
  let server: TestServer;
  let names = 0;

  beforeAll(async () => {
    server = await startTestServer(
      ':memory:',
      // One player opens many tables in a few seconds here: not what these limits are about.
      { tablesPerMinute: 1_000_000, actionsPerMinute: 1_000_000, openTablesPerPlayer: 1000 },
      {},
      { time, trustProxy: 1, clockCheckMs: 3_600_000 },
    );
  });
  afterAll(() => server.close());

  /** A registered player whose every request comes from `address` (the proxy's `X-Forwarded-For`). */
  async function person(address: string): Promise<{ client: TestClient; user: User }> {
    const headers = { 'x-forwarded-for': address };
    const guest = await TestClient.guest(server.url, `farm${++names}`, headers);
    const answer = await guest.http('POST', '/api/register', { password: 'a long enough password' });
    expect(answer.status).toBe(200);
    // A page opened once registered (its socket knows the player as registered: its tables are rated).
    guest.close();
    const client = await TestClient.connect(server.url, guest.cookie, guest.name, headers);
    return { client, user: answer.body.user as User };
  }

  /**
   * A game of Manhattan for two that `host` opens and `other` joins, both from their own sockets. With `opening`, each
   * seat first makes its 2 moves (its pieces chosen, one building); then `other` resigns.
   */
  async function farmedGame(
    host: TestClient,
    other: TestClient,
    opening: boolean,
    game = 'manhattan',
  ): Promise<string> {
    const created = await host.request('table:create', { game, players: 2 });
    expect(created.ok).toBe(true);
    const tableId = created.tableId as string;
    await host.open(tableId);
    await other.open(tableId);
    expect((await other.command(tableId, '/join')).ok).toBe(true);
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    await eventually(() => [host, other].every((c) => known(c, tableId).version > 0), 5000, 'the start');
    if (opening) {
      const made = new Map([
        [host, 0],
        [other, 0],
      ]);
      for (let k = 0; k < 40 && [...made.values()].some((n) => n < 2); k++) {
        const mover = [host, other].find((c) => known(c, tableId).legalMoves.length > 0);
        if (!mover) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const { version, legalMoves } = known(mover, tableId);
        const ack = await mover.request('table:move', { tableId, version, id: `o${k}`, move: legalMoves[0] });
        if (ack.ok) made.set(mover, (made.get(mover) ?? 0) + 1);
        await eventually(() => known(mover, tableId).version > version, 5000, 'the move told');
      }
      expect([...made.values()].every((n) => n >= 2)).toBe(true);
    }
    expect(await other.command(tableId, '/resign')).toMatchObject({ ok: true, reply: 'you resigned' });
    await eventually(() => known(host, tableId).over, 5000, 'the end');
    return tableId;
  }

  const ratingsOf = async (client: TestClient, tableId: string) =>
    (await client.http('GET', `/api/tables/${tableId}/ratings`)).body as unknown as TableRatings;
  const noteTexts = (ratings: TableRatings) => ratings.notes.map((note) => english(note));

  it('two accounts from one address: the second resigns before any move in 10 Manhattan games, and none is rated', async () => {
    const main = await person('10.0.0.1');
    const second = await person('10.0.0.1');
    for (let k = 0; k < 10; k++) {
      const tableId = await farmedGame(main.client, second.client, false);
      const ratings = await ratingsOf(main.client, tableId);
      expect(ratings.rated).toBe(false);
      expect(ratings.changes).toEqual([]);
      // Said on the end screen: neither had made its 2 moves (the opening comes first: then no pair is looked at).
      expect(noteTexts(ratings)).toEqual(
        [main, second].map(
          ({ user }) =>
            `${user.name} made fewer than 2 moves: ${user.name} is not rated, and nobody is rated against ${user.name}`,
        ),
      );
    }
    // The first account is nowhere on the leaderboard, and has no rating at all.
    const board = (await main.client.http('GET', '/api/leaderboard/manhattan'))
      .body as unknown as LeaderboardResponse;
    expect(board.entries.map((entry) => entry.name)).not.toContain(main.user.name);
    expect(board.me).toBeNull();
    const rows = await server.app.db
      .selectFrom('ratings')
      .selectAll()
      .where('player_id', 'in', [main.user.id, second.user.id])
      .execute();
    expect(rows).toEqual([]);
    main.client.close();
    second.client.close();
  }, 120_000);

  it('a second account from another address that resigns before its moves is not rated, nor anyone against it; after its moves it is', async () => {
    const main = await person('10.0.1.1');
    const second = await person('10.0.1.2');
    const early = await farmedGame(main.client, second.client, false);
    expect(await ratingsOf(main.client, early)).toMatchObject({ rated: false, changes: [] });
    // The same two, each seat's opening played (its pieces chosen, one building), then a resignation: rated.
    const played = await farmedGame(main.client, second.client, true);
    const ratings = await ratingsOf(main.client, played);
    expect(ratings.rated).toBe(true);
    expect(ratings.changes.map((change) => [change.name, change.place])).toEqual([
      [main.user.name, 1],
      [second.user.name, 2],
    ]);
    expect(ratings.notes).toEqual([]);
    main.client.close();
    second.client.close();
  }, 60_000);

  it('two accounts that play their moves from one address are not rated against each other, and only they are told why', async () => {
    const main = await person('10.0.2.1');
    const second = await person('10.0.2.1');
    const tableId = await farmedGame(main.client, second.client, true);
    const ratings = await ratingsOf(main.client, tableId);
    expect(ratings).toMatchObject({ rated: false, changes: [] });
    expect(noteTexts(ratings)).toEqual([
      `${main.user.name} and ${second.user.name} played from the same address: they are not rated against each other`,
    ]);
    // Where two players are is theirs: someone else asking is told nothing of it.
    const stranger = await person('10.0.2.9');
    expect((await ratingsOf(stranger.client, tableId)).notes).toEqual([]);
    expect(
      (await server.app.db.selectFrom('rating_history').selectAll().where('table_id', '=', tableId).execute())
        .length,
    ).toBe(0);
    for (const { client } of [main, second, stranger]) client.close();
  }, 60_000);

  it('an account that changes address during the game is still caught: any address shared at any time counts', async () => {
    const main = await person('10.0.3.1');
    const second = await person('10.0.3.2');
    // The second account joins from its own address, then comes back from the first's (another connection).
    const created = await main.client.request('table:create', { game: 'manhattan', players: 2 });
    const tableId = created.tableId as string;
    await main.client.open(tableId);
    await second.client.open(tableId);
    expect((await second.client.command(tableId, '/join')).ok).toBe(true);
    expect((await main.client.command(tableId, '/start')).ok).toBe(true);
    const moved = await TestClient.connect(server.url, second.client.cookie, second.user.name, {
      'x-forwarded-for': '10.0.3.1',
    });
    await moved.open(tableId);
    // No address is kept once the game is over: only whether two seats shared one.
    await farmedOpeningThenResign(main.client, moved, tableId);
    expect((await ratingsOf(main.client, tableId)).rated).toBe(false);
    expect(noteTexts(await ratingsOf(main.client, tableId))).toEqual([
      `${main.user.name} and ${second.user.name} played from the same address: they are not rated against each other`,
    ]);
    expect(
      await server.app.db.selectFrom('table_addresses').selectAll().where('table_id', '=', tableId).execute(),
    ).toEqual([]);
    const stored = await server.app.db
      .selectFrom('tables')
      .select('same_address')
      .where('id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.same_address!)).toEqual([[0, 1]]);
    for (const client of [main.client, second.client, moved]) client.close();
  }, 60_000);

  /** Each seat's 2 opening moves, then `other` resigns (the game already started). */
  async function farmedOpeningThenResign(host: TestClient, other: TestClient, tableId: string) {
    await eventually(() => [host, other].every((c) => known(c, tableId).version > 0), 5000, 'the start');
    for (let k = 0; k < 4; k++) {
      await eventually(
        () => [host, other].some((c) => known(c, tableId).legalMoves.length > 0),
        5000,
        'a seat awaited',
      );
      const mover = [host, other].find((c) => known(c, tableId).legalMoves.length > 0)!;
      const { version, legalMoves } = known(mover, tableId);
      expect(
        (await mover.request('table:move', { tableId, version, id: `c${k}`, move: legalMoves[0] })).ok,
      ).toBe(true);
      await eventually(() => [host, other].every((c) => known(c, tableId).version > version), 5000, 'told');
    }
    expect((await other.command(tableId, '/resign')).ok).toBe(true);
    await eventually(() => known(host, tableId).over, 5000, 'the end');
  }

  it('the sixth rated game in a day between the same two accounts is not rated against each other, and the end screen says why; a day later they are', async () => {
    const ann = await person('10.0.4.1');
    const bob = await person('10.0.4.2');
    for (let k = 0; k < 5; k++) {
      const tableId = await farmedGame(ann.client, bob.client, true);
      expect((await ratingsOf(ann.client, tableId)).rated).toBe(true);
      time.advance(60_000);
    }
    const sixth = await farmedGame(ann.client, bob.client, true);
    const ratings = await ratingsOf(bob.client, sixth);
    expect(ratings).toMatchObject({ rated: false, changes: [] });
    expect(noteTexts(ratings)).toEqual([
      `${ann.user.name} and ${bob.user.name} had already played 5 rated games together in the last 24 hours: they are not rated against each other`,
    ]);
    // In the player's language too (the French is checked against the English's parameters by server-words.test.ts).
    expect(ratings.notes[0]).toEqual({
      code: 'rating.pairLimit',
      params: { a: ann.user.name, b: bob.user.name, n: 5 },
    });
    const annRating = await server.app.db
      .selectFrom('ratings')
      .select('games')
      .where('player_id', '=', ann.user.id)
      .where('game', '=', 'manhattan')
      .executeTakeFirstOrThrow();
    expect(annRating.games).toBe(5);
    // A day later the five have left the 24 hours: the two are rated against each other again.
    time.advance(DAY);
    const later = await farmedGame(ann.client, bob.client, true);
    expect((await ratingsOf(ann.client, later)).rated).toBe(true);
    ann.client.close();
    bob.client.close();
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------------
// On the table service: the rules inside a game

describe('ratings farmed inside a game, on the table service', () => {
  const time = new ManualTime(Date.now() + 3_600_000);
  let store: Store;
  let service: TableService;
  let accounts: Accounts;

  beforeAll(async () => {
    store = await openStore({ databasePath: ':memory:', databaseUrl: null });
    accounts = new Accounts(store.db);
    service = new TableService({
      db: store.db,
      accounts,
      moveLog: store.moveLog,
      games: GAMES,
      publisher: new TablePublisher(),
      time,
      // Only each table's host has its page open: a table of bots plays, and `/claim` finds the others away at once.
      connectedTo: async (tableIds) => {
        const rows = await store.db
          .selectFrom('tables')
          .select(['id', 'host_id'])
          .where('id', 'in', [...tableIds])
          .execute();
        return new Map(rows.map((row) => [row.id, new Set([row.host_id])]));
      },
      claimAfterMs: 0,
    });
    service.botSeatsPerPlayer = 1000;
  });
  afterAll(() => store.db.destroy());

  const history = (tableId: string) =>
    store.db.selectFrom('rating_history').selectAll().where('table_id', '=', tableId).execute();
  const stored = async (tableId: string) => {
    const { result, ratedSeq } = await storedResult(store.db, tableId);
    return { places: placesFromResult(result)!, ratedSeq };
  };
  /** Why seats or pairs were left out, as stored for the end screen. */
  const notesOf = async (tableId: string) => {
    const row = await store.db
      .selectFrom('tables')
      .select('rating_notes')
      .where('id', '=', tableId)
      .executeTakeFirstOrThrow();
    return row.rating_notes ? (JSON.parse(row.rating_notes) as unknown[]) : [];
  };

  /** A table of `game` with these players (each from its address), started. */
  async function table(players: { user: User; from?: string }[], game = 'nyny', rated?: boolean) {
    const [host, ...others] = players;
    const { ack } = await service.create(host!.user, { game, players: players.length, rated }, host!.from);
    for (const other of others) await service.command(other.user, ack.id, { name: 'join' }, other.from);
    await service.command(host!.user, ack.id, { name: 'start' }, host!.from);
    return ack.id;
  }

  it('in a four-seat game, two accounts from one address are rated against the others but not against each other', async () => {
    const [ann, alt, bob, cat] = await Promise.all([1, 2, 3, 4].map(() => registered(accounts, 'q')));
    const tableId = await table([
      { user: ann!, from: '10.1.0.1' },
      { user: alt!, from: '10.1.0.1' },
      { user: bob!, from: '10.1.0.2' },
      { user: cat!, from: '10.1.0.3' },
    ]);
    await playToEnd(service, tableId, 21);
    const { places } = await stored(tableId);
    const rows = await history(tableId);
    const after = (user: User) => rows.find((row) => row.player_id === user.id)!;
    expect(rows).toHaveLength(4);
    // By hand from the model: each of the two is rated on the game against Bob and Cat only, from the same start.
    const standing = (seat: number) => ({ rating: initialRating(), place: places[seat]! });
    const annGame = rateGame([standing(0), standing(2), standing(3)]);
    const altGame = rateGame([standing(1), standing(2), standing(3)]);
    const whole = rateGame([0, 1, 2, 3].map(standing));
    expect([after(ann!).mu, after(ann!).sigma]).toEqual([annGame[0]!.mu, annGame[0]!.sigma]);
    expect([after(alt!).mu, after(alt!).sigma]).toEqual([altGame[0]!.mu, altGame[0]!.sigma]);
    // Bob and Cat are rated against everyone, as before.
    expect([after(bob!).mu, after(cat!).mu]).toEqual([whole[2]!.mu, whole[3]!.mu]);
    // Not what the whole game would have given Ann (unless her place made no difference, which it does here).
    expect(after(ann!).mu).not.toBe(whole[0]!.mu);
    expect(await notesOf(tableId)).toEqual([{ reason: 'address', seats: [0, 1] }]);
  }, 60_000);

  it('a game of bots only is never rated, even when the table says rated', async () => {
    const host = await registered(accounts, 'h');
    const { ack } = await service.create(host, { game: 'nyny', players: 2, rated: true });
    await command(service, host, ack.id, { name: 'leave' });
    await command(service, host, ack.id, { name: 'bot', level: 'greedy' });
    await command(service, host, ack.id, { name: 'bot', level: 'random' });
    await command(service, host, ack.id, { name: 'start' });
    await playToEnd(service, ack.id, 5);
    expect(await history(ack.id)).toEqual([]);
    expect((await stored(ack.id)).ratedSeq).toBeNull();
    expect(await notesOf(ack.id)).toEqual([{ reason: 'botsOnly' }]);
  }, 60_000);

  it("a bot's rating comes only from its games against people: two bot levels at a person's table are not rated against each other", async () => {
    const ann = await registered(accounts, 'b');
    const { ack } = await service.create(ann, { game: 'nyny', players: 3, rated: true });
    await command(service, ann, ack.id, { name: 'bot', level: 'greedy' });
    await command(service, ann, ack.id, { name: 'bot', level: 'random' });
    await command(service, ann, ack.id, { name: 'start' });
    const before = await store.db
      .selectFrom('ratings')
      .selectAll()
      .where('game', '=', 'nyny')
      .where('player_id', 'in', ['bot:greedy', 'bot:random'])
      .execute();
    await playToEnd(service, ack.id, 8);
    const { places } = await stored(ack.id);
    const rows = await history(ack.id);
    const start = (playerId: string) => {
      const row = before.find((r) => r.player_id === playerId);
      return row ? { mu: row.mu, sigma: row.sigma } : initialRating();
    };
    const greedy = rows.find((row) => row.player_id === 'bot:greedy')!;
    const random = rows.find((row) => row.player_id === 'bot:random')!;
    // By hand: each level rated on the game against Ann alone.
    const greedyGame = rateGame([
      { rating: start('bot:greedy'), place: places[1]! },
      { rating: initialRating(), place: places[0]! },
    ]);
    const randomGame = rateGame([
      { rating: start('bot:random'), place: places[2]! },
      { rating: initialRating(), place: places[0]! },
    ]);
    expect([greedy.mu, greedy.sigma]).toEqual([greedyGame[0]!.mu, greedyGame[0]!.sigma]);
    expect([random.mu, random.sigma]).toEqual([randomGame[0]!.mu, randomGame[0]!.sigma]);
    // Ann is rated against both.
    const annRow = rows.find((row) => row.player_id === ann.id)!;
    const whole = rateGame([
      { rating: initialRating(), place: places[0]! },
      { rating: start('bot:greedy'), place: places[1]! },
      { rating: start('bot:random'), place: places[2]! },
    ]);
    expect(annRow.mu).toBe(whole[0]!.mu);
  }, 60_000);

  it('a seat a bot plays for its absent player from the start does not count as having played: not rated', async () => {
    const [ann, alt] = [await registered(accounts, 'c'), await registered(accounts, 'c')];
    const tableId = await table([
      { user: ann, from: '10.1.1.1' },
      { user: alt, from: '10.1.1.2' },
    ]);
    // Ann claims the seat of her second account, which never comes: a bot plays it, and Ann wins.
    expect((await command(service, ann, tableId, { name: 'claim' })).reply).toMatch(/^bots play for/);
    await playToEnd(service, tableId, 3);
    expect(await history(tableId)).toEqual([]);
    expect(await notesOf(tableId)).toEqual([{ reason: 'moves', seat: 1, least: 2, unit: 'moves' }]);
  }, 60_000);

  it('a game can be aborted while some seat has not made its 2 moves, even after every seat has moved once', async () => {
    const [ann, bob] = [await registered(accounts, 'd'), await registered(accounts, 'd')];
    const tableId = await table([
      { user: ann, from: '10.1.2.1' },
      { user: bob, from: '10.1.2.2' },
    ]);
    const movesOf = async (count: number) => {
      for (let k = 0; k < count; k++) {
        const live = await service.get(tableId);
        const seat = live.game.active(live.state)[0] as number;
        const move = live.game.legalMoves(live.state, seat)[0];
        const user = [ann, bob][seat]!;
        expect((await service.move(user, tableId, versionOf(live), `a${k}-${count}`, move)).ack.ok).toBe(
          true,
        );
      }
    };
    // New York for two: a turn is a tile played and one taken. After Ann's turn and Bob's first move, every seat
    // has moved (the old rule's end), but Bob has made one move of two.
    await movesOf(3);
    const live = await service.get(tableId);
    expect(new Set(live.log.flatMap((entry) => ('seat' in entry ? [entry.seat] : []))).size).toBe(2);
    expect((await service.snapshot(live, 0)).status?.abortable).toBe(true);
    expect((await command(service, bob, tableId, { name: 'abort' })).reply).toBe('you aborted the game');

    // Once every seat has made its 2 moves, it is too late, in the refusal's words; the page no longer offers it.
    const played = await table([
      { user: ann, from: '10.1.2.1' },
      { user: bob, from: '10.1.2.2' },
    ]);
    const opening = async () => {
      for (let k = 0; k < 4; k++) {
        const table2 = await service.get(played);
        const seat = table2.game.active(table2.state)[0] as number;
        const move = table2.game.legalMoves(table2.state, seat)[0];
        await service.move([ann, bob][seat]!, played, versionOf(table2), `b${k}`, move);
      }
    };
    await opening();
    expect((await service.snapshot(await service.get(played), 0)).status?.abortable).toBeUndefined();
    await expect(service.command(ann, played, { name: 'abort' })).rejects.toThrow(
      'every seat has made 2 moves: the game can no longer be aborted (/resign to give up)',
    );
  }, 60_000);

  it('the daily limit and the exclusions are decided again by the recompute exactly as live: same ratings, history, pairs and notes', async () => {
    const rules = { pairGamesPerDay: 2 };
    const limited = new TableService({
      db: store.db,
      accounts,
      moveLog: store.moveLog,
      games: GAMES,
      publisher: new TablePublisher(),
      time,
      ratingRules: rules,
    });
    const [ann, bob, cat] = [
      await registered(accounts, 'e'),
      await registered(accounts, 'e'),
      await registered(accounts, 'e'),
    ];
    // Two games of Ann and Bob, then a third with Cat: over the limit of 2 for Ann and Bob, Cat rated against both.
    for (let k = 0; k < 3; k++) {
      const { ack } = await limited.create(ann, { game: 'nyny', players: k < 2 ? 2 : 3 }, '10.2.0.1');
      await limited.command(bob, ack.id, { name: 'join' }, '10.2.0.2');
      if (k === 2) await limited.command(cat, ack.id, { name: 'join' }, '10.2.0.3');
      await limited.command(ann, ack.id, { name: 'start' }, '10.2.0.1');
      await playToEnd(limited, ack.id, 30 + k);
      time.advance(1000);
      if (k === 2) {
        expect(await history(ack.id)).toHaveLength(3);
        expect(await notesOf(ack.id)).toEqual([{ reason: 'pairLimit', seats: [0, 1], games: 2 }]);
      }
    }
    const snapshot = async () => ({
      ...(await storedRatings(store.db)),
      pairs: await store.db
        .selectFrom('rated_pairs')
        .selectAll()
        .orderBy('table_id')
        .orderBy('player_a')
        .execute(),
      tables: await store.db
        .selectFrom('tables')
        .select(['id', 'rated_seq', 'rating_notes', 'same_address'])
        .orderBy('id')
        .execute(),
    });
    const live = await snapshot();
    expect(live.tables.filter((row) => row.rating_notes !== null).length).toBeGreaterThanOrEqual(4);
    await store.db.updateTable('ratings').set({ mu: 0, games: 99 }).execute();
    await store.db.deleteFrom('rated_pairs').execute();
    await recomputeRatings(store.db, rules);
    expect(await snapshot()).toEqual(live);
  }, 120_000);
});
