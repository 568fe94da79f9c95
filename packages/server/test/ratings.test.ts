/**
 * Ratings as games end (one SQLite process): which games are rated, who in them, the update stored with the end of the
 * game, and the recompute that rebuilds every rating from the stored games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/auth.js';
import { openStore, type Store } from '../src/db/connect.js';
import { placesFromResult, rateEndedGame, type StoredResult } from '../src/ratings/ended.js';
import { initialRating, rateGame } from '../src/ratings/model.js';
import { recomputeRatings } from '../src/ratings/recompute.js';
import type { TableService } from '../src/tables/service.js';
import type { Accounts } from '../src/auth.js';
import {
  command,
  guest,
  playOpening,
  playToEnd,
  registered,
  seatedUsers,
  serviceOn,
  startedTable,
  storedRatings,
  storedResult,
} from './rating-games.js';

let store: Store;
let service: TableService;
let accounts: Accounts;

beforeAll(async () => {
  store = await openStore({ databasePath: ':memory:', databaseUrl: null });
  ({ service, accounts } = serviceOn(store));
});
afterAll(() => store.db.destroy());

const ratingsOf = (tableId: string) =>
  store.db
    .selectFrom('rating_history')
    .selectAll()
    .where('table_id', '=', tableId)
    .orderBy('player_id')
    .execute();
const ratingOf = (playerId: string, game = 'nyny') =>
  store.db
    .selectFrom('ratings')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('game', '=', game)
    .executeTakeFirst();
const storedResultOf = (tableId: string) => storedResult(store.db, tableId);

describe('a rated game as it ends', () => {
  it('rates a two-seat game of registered players with the last move, as the model says for its places', async () => {
    const [ann, bob] = [await registered(accounts), await registered(accounts)];
    const tableId = await startedTable(service, [ann, bob]);
    expect((await service.summary(await service.get(tableId))).rated).toBe(true);
    await playToEnd(service, tableId, 7);
    const { result, ratedSeq } = await storedResultOf(tableId);
    expect(ratedSeq).not.toBeNull();
    const places = placesFromResult(result)!;
    const expected = rateGame(places.map((place) => ({ rating: initialRating(), place })));
    for (const [seat, user] of [ann, bob].entries()) {
      const rating = await ratingOf(user.id);
      expect(rating).toMatchObject({ games: 1, mu: expected[seat]!.mu, sigma: expected[seat]!.sigma });
    }
    const history = await ratingsOf(tableId);
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.mu_before === 25 && row.seq === ratedSeq)).toBe(true);
  }, 60_000);

  it('places a player who resigned last, and rates the resignation in the write that stores it', async () => {
    const players = [await registered(accounts), await registered(accounts), await registered(accounts)];
    const tableId = await startedTable(service, players);
    await playOpening(service, tableId, 2); // a game is rated once every seat has played its first moves
    // With three seats a resignation hands the seat to a bot, and the game goes on: nothing is rated yet.
    expect((await command(service, players[0]!, tableId, { name: 'resign' })).reply).toBe(
      'you resigned: a bot plays your seat to the end, and you are placed last',
    );
    expect(await ratingsOf(tableId)).toEqual([]);
    // The second resignation leaves one seat: the game ends, and both who resigned are placed after it.
    expect((await command(service, players[2]!, tableId, { name: 'resign' })).reply).toBe('you resigned');
    const history = await ratingsOf(tableId);
    const place = (user: User) => history.find((row) => row.player_id === user.id)!.place;
    expect(place(players[0]!)).toBe(2);
    expect(place(players[2]!)).toBe(2);
    expect(place(players[1]!)).toBe(1);
    expect((await ratingOf(players[0]!.id))!.mu).toBeLessThan(25);
  });

  it('does not rate a guest, and does not rate a game with fewer than two rated players', async () => {
    const ann = await registered(accounts);
    const visitor = await guest(accounts);
    const tableId = await startedTable(service, [ann, visitor]);
    await command(service, visitor, tableId, { name: 'resign' });
    expect(await ratingsOf(tableId)).toEqual([]);
    expect((await storedResultOf(tableId)).ratedSeq).toBeNull();
    expect(await ratingOf(ann.id)).toBeUndefined();
  });

  it('leaves out the guests of a game with two registered players, and rates the others among themselves', async () => {
    const [ann, bob, visitor] = [
      await registered(accounts),
      await registered(accounts),
      await guest(accounts),
    ];
    const tableId = await startedTable(service, [ann, visitor, bob]);
    await playOpening(service, tableId, 3);
    await command(service, ann, tableId, { name: 'resign' });
    await command(service, visitor, tableId, { name: 'resign' }); // one seat left: the game ends
    expect((await ratingsOf(tableId)).map((row) => row.player_id).sort()).toEqual([ann.id, bob.id].sort());
  });

  it('refuses a guest a rated table, at creation or with /option rated on: it would say rated and end unrated', async () => {
    const host = await guest(accounts);
    await expect(service.create(host, { game: 'nyny', players: 2, rated: true })).rejects.toThrow(
      'only a registered player can host a rated game',
    );
    const { ack: table } = await service.create(host, { game: 'nyny', players: 2 });
    expect((await service.summary(table)).rated).toBe(false);
    await expect(
      service.command(host, table.id, { name: 'option', option: 'rated', value: 'on' }),
    ).rejects.toThrow('only a registered player can host a rated game');
    expect(table.rated).toBe(false);
    // Off is no rated game: a guest may say so.
    expect(
      (await command(service, host, table.id, { name: 'option', option: 'rated', value: 'off' })).reply,
    ).toBe('set rated = off');
    // Registered players who join a guest's table play an unrated game.
    const [ann, bob] = [await registered(accounts), await registered(accounts)];
    await command(service, host, table.id, { name: 'leave' });
    await command(service, ann, table.id, { name: 'join' });
    await command(service, bob, table.id, { name: 'join' });
    expect((await service.summary(await service.get(table.id))).rated).toBe(false);
  });

  it('refuses a rated value it does not know, and changes nothing', async () => {
    const host = await registered(accounts);
    const { ack: table } = await service.create(host, { game: 'nyny', players: 2 });
    await expect(
      service.command(host, table.id, { name: 'option', option: 'rated', value: 'maybe' }),
    ).rejects.toThrow('write it this way: /option rated on|off');
    expect(table.rated).toBe(null);
  });

  it('does not rate a game of a registered host against a bot unless the table says so', async () => {
    const ann = await registered(accounts);
    const tableId = await startedTable(service, [ann, await guest(accounts)], 'nyny');
    void tableId;
    const { ack: table } = await service.create(ann, { game: 'nyny', players: 2 });
    await command(service, ann, table.id, { name: 'bot', level: 'random' });
    expect((await service.summary(await service.get(table.id))).rated).toBe(false);
    await command(service, ann, table.id, { name: 'start' });
    await command(service, ann, table.id, { name: 'resign' });
    expect(await ratingsOf(table.id)).toEqual([]);
  });

  it('rates bots per level when the table says so, a level seated twice as one player', async () => {
    const host = await registered(accounts);
    const { ack: table } = await service.create(host, { game: 'nyny', players: 3, rated: true });
    await command(service, host, table.id, { name: 'bot', level: 'greedy' });
    await command(service, host, table.id, { name: 'bot', level: 'greedy' });
    await command(service, host, table.id, { name: 'start' });
    // The host resigned on the way (a bot played the seat on), and the game ended with the two bots tied at 0.
    await endAs(table.id, { status: { scores: [0, 0, 0], winners: [1, 2], resigned: [0] } });
    const history = await ratingsOf(table.id);
    expect(history.map((row) => row.player_id).sort()).toEqual(['bot:greedy', host.id].sort());
    // The host resigned (third); the two bots tie for first: the level plays once, first.
    expect(history.find((row) => row.player_id === 'bot:greedy')!.place).toBe(1);
    expect(history.find((row) => row.player_id === host.id)!.place).toBe(3);
  });

  it('does not rate a stopped game of bots', async () => {
    const host = await registered(accounts);
    const { ack: table } = await service.create(host, { game: 'nyny', players: 3, rated: true });
    await command(service, host, table.id, { name: 'bot', level: 'random' });
    await command(service, host, table.id, { name: 'bot', level: 'greedy' });
    await command(service, host, table.id, { name: 'start' });
    expect((await command(service, host, table.id, { name: 'stop' })).reply).toBe('you stopped the game');
    expect(await ratingsOf(table.id)).toEqual([]);
  });
});

/**
 * Rates a started table as if it had ended with `result` (the ending itself is the engine's business), every seat
 * having played its opening (`seats.own_moves`: a game is rated only then).
 */
async function endAs(tableId: string, result: StoredResult, seats?: string[]) {
  const table = await service.get(tableId);
  const finishedAt = Date.now();
  const changes = await store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tables')
      .set({ status: 'over', finished_at: finishedAt, result: JSON.stringify(result) })
      .where('id', '=', tableId)
      .execute();
    await trx.updateTable('seats').set({ own_moves: 2 }).where('table_id', '=', tableId).execute();
    return rateEndedGame(trx, {
      tableId,
      game: 'nyny',
      rated: table.rated,
      finishedAt,
      seats: seats ?? table.seats.map((person) => person?.id ?? null),
      result,
    });
  });
  await service.get(tableId, 'checked'); // the copy in memory is out of date: this test wrote behind its back
  return changes;
}

describe('ties in games of three and four seats, stored', () => {
  it('moves the two seats tied for second in a three-seat game alike', async () => {
    const players = [await registered(accounts), await registered(accounts), await registered(accounts)];
    const tableId = await startedTable(service, players);
    const changes = (await endAs(tableId, { status: { scores: [12, 20, 12], winners: [1] } }))!;
    const of = (user: User) => changes.find((change) => change.playerId === user.id)!;
    expect(of(players[0]!).place).toBe(2);
    expect(of(players[2]!).place).toBe(2);
    expect(of(players[0]!).after.mu).toBeCloseTo(of(players[2]!).after.mu, 9);
    expect(of(players[1]!).after.mu).toBeGreaterThan(of(players[0]!).after.mu);
    expect((await ratingOf(players[0]!.id))!.mu).toBe(of(players[0]!).after.mu);
  });

  it('rates a four-seat game with a shared victory and a tie for third from the players’ current ratings', async () => {
    const players = [
      await registered(accounts),
      await registered(accounts),
      await registered(accounts),
      await registered(accounts),
    ];
    const first = await startedTable(service, players);
    await endAs(first, { status: { scores: [4, 3, 2, 1], winners: [0] } });
    const before = await Promise.all(players.map(async (user) => (await ratingOf(user.id))!));
    const second = await startedTable(service, players);
    const changes = (await endAs(second, { status: { scores: [9, 9, 5, 5], winners: [2, 3] } }))!;
    expect(changes.map((change) => change.place)).toEqual(
      players
        .map((user) => user.id)
        .sort()
        .map((id) => [3, 3, 1, 1][players.findIndex((user) => user.id === id)]),
    );
    for (const [k, user] of players.entries()) {
      const change = changes.find((c) => c.playerId === user.id)!;
      expect(change.before).toEqual({ mu: before[k]!.mu, sigma: before[k]!.sigma });
      expect((await ratingOf(user.id))!.games).toBe(2);
    }
    // Last time's winner, tied for third now, loses; last time's last, tied first now, gains.
    expect(changes.find((c) => c.playerId === players[0]!.id)!.after.mu).toBeLessThan(before[0]!.mu);
    expect(changes.find((c) => c.playerId === players[3]!.id)!.after.mu).toBeGreaterThan(before[3]!.mu);
  });
});

describe('a bot level seated twice', () => {
  it('plays once, at the average of its places', async () => {
    const host = await registered(accounts);
    const { ack: table } = await service.create(host, { game: 'nyny', players: 3, rated: true });
    await command(service, host, table.id, { name: 'bot', level: 'random' });
    await command(service, host, table.id, { name: 'bot', level: 'random' });
    await command(service, host, table.id, { name: 'start' });
    const [, first, third] = (await service.get(table.id)).seats;
    const bots = [first!.id, third!.id];
    const changes = await endAs(table.id, { status: { scores: [5, 9, 1], winners: [1] } }, [
      host.id,
      ...bots,
    ]);
    expect(changes!.map((change) => [change.playerId, change.place])).toEqual(
      [
        [host.id, 2],
        ['bot:random', 2],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});

describe('skyline ratings recompute', () => {
  it('rebuilds, from the stored games in order, exactly the ratings and history that were stored', async () => {
    // More games between the same players, so that order matters.
    const [ann, bob, cat] = [
      await registered(accounts),
      await registered(accounts),
      await registered(accounts),
    ];
    for (let k = 0; k < 3; k++) {
      const tableId = await startedTable(service, k % 2 ? [ann, bob, cat] : [cat, ann]);
      if (k === 1) {
        await playOpening(service, tableId, 100 + k);
        await command(service, bob, tableId, { name: 'resign' });
      } else await playToEnd(service, tableId, 100 + k);
    }
    const snapshot = async () => ({
      ...(await storedRatings(store.db)),
      order: await store.db.selectFrom('tables').select(['id', 'rated_seq']).orderBy('id').execute(),
    });
    const stored = await snapshot();
    expect(stored.ratings.length).toBeGreaterThan(10);
    // A ratings table gone wrong (lost, or computed by an older model) is rebuilt.
    await store.db.updateTable('ratings').set({ mu: 0, games: 99 }).execute();
    const summary = await recomputeRatings(store.db);
    expect(summary.games).toBe(stored.order.filter((row) => row.rated_seq !== null).length);
    expect(await snapshot()).toEqual(stored);
  }, 60_000);
});

void seatedUsers;
