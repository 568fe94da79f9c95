/**
 * Ratings with several processes on one PostgreSQL database: a game is rated exactly once however many processes
 * receive its last move, and two games that end at once in two processes both count (neither update is lost).
 * The "processes" are table services on their own connection pools, as in shared-copies.test.ts.
 */
import { applyMove } from '@skyline/engine';
import { lacking } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { versionOf } from '../src/tables/live.js';
import { recomputeRatings } from '../src/ratings/recompute.js';
import { postgresForFile } from './pg.js';
import type { RatingRules } from '../src/ratings/ended.js';
import { command, playOpening, registered, serviceOn, startedTable, storedRatings } from './rating-games.js';
import { SeededRng } from '@skyline/engine';

const postgres = postgresForFile();

/** Games here are many between the same players: the daily limit of rated games between two is not what is tested. */
const MANY: RatingRules = { pairGamesPerDay: 1000 };

async function serverProcess(rules = MANY) {
  const store = await postgres.openProcessStore();
  return { store, ...serviceOn(store, rules) };
}

describe.skipIf(lacking('postgres'))('ratings with two processes', () => {
  it('rates a game once when its last move reaches both processes at once', async () => {
    const [a, b] = [await serverProcess(), await serverProcess()];
    const players = [await registered(a.accounts), await registered(a.accounts)];
    const tableId = await startedTable(a.service, players);
    await b.service.get(tableId);
    const rng = new SeededRng(3);
    let sentTwice = false;
    for (let k = 0; k < 5000 && !sentTwice; k++) {
      const table = await a.service.get(tableId);
      const seat = table.game.active(table.state)[0] as number;
      const legal = [...table.game.legalMoves(table.state, seat)];
      const move = legal[rng.int(legal.length)];
      const after = applyMove(table.game, table.state, seat, move);
      const ends = after.ok && table.game.status(after.state).over;
      const version = versionOf(table);
      if (!ends) {
        expect((await a.service.move(players[seat]!, tableId, version, `m${k}`, move)).ack.ok).toBe(true);
        continue;
      }
      // The last move, sent by the player through both processes (two tabs), with two client ids.
      const answers = await Promise.all([
        a.service.move(players[seat]!, tableId, version, `last-a`, move),
        b.service.move(players[seat]!, tableId, version, `last-b`, move),
      ]);
      expect(answers.filter(({ ack }) => ack.ok)).toHaveLength(1);
      sentTwice = true;
    }
    expect(sentTwice).toBe(true);
    const history = await a.store.db
      .selectFrom('rating_history')
      .selectAll()
      .where('table_id', '=', tableId)
      .execute();
    expect(history).toHaveLength(2);
    const ratings = await a.store.db
      .selectFrom('ratings')
      .select(['player_id', 'games'])
      .where(
        'player_id',
        'in',
        players.map((user) => user.id),
      )
      .execute();
    expect(ratings.map((row) => row.games)).toEqual([1, 1]);
  }, 120_000);

  it('counts two games of the same players that end at once in two processes, each from the other’s result', async () => {
    const [a, b] = [await serverProcess(), await serverProcess()];
    const [ann, bob, cat] = [
      await registered(a.accounts),
      await registered(a.accounts),
      await registered(a.accounts),
    ];
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      const first = await startedTable(a.service, [ann, bob, cat]);
      const second = await startedTable(b.service, [bob, cat, ann]);
      // Rated once every seat has played its first moves.
      await playOpening(a.service, first, round);
      await playOpening(b.service, second, round + 100);
      // With three seats the first resignation hands the seat to a bot; the second leaves one seat and ends it.
      await Promise.all([
        command(a.service, ann, first, { name: 'resign' }).then(() =>
          command(a.service, cat, first, { name: 'resign' }),
        ),
        command(b.service, bob, second, { name: 'resign' }).then(() =>
          command(b.service, ann, second, { name: 'resign' }),
        ),
      ]);
    }
    const db = a.store.db;
    const ratings = await db
      .selectFrom('ratings')
      .select(['player_id', 'mu', 'sigma', 'games'])
      .where('player_id', 'in', [ann.id, bob.id, cat.id])
      .execute();
    expect(ratings.map((row) => row.games)).toEqual([2 * rounds, 2 * rounds, 2 * rounds]);
    // Each player's history is a chain: every game starts from the rating the previous one left.
    for (const user of [ann, bob, cat]) {
      const history = await db
        .selectFrom('rating_history')
        .selectAll()
        .where('player_id', '=', user.id)
        .orderBy('seq')
        .execute();
      expect(history).toHaveLength(2 * rounds);
      history.slice(1).forEach((row, k) => {
        expect(row.mu_before).toBe(history[k]!.mu);
        expect(row.sigma_before).toBe(history[k]!.sigma);
      });
      const last = history.at(-1)!;
      expect(ratings.find((row) => row.player_id === user.id)).toMatchObject({
        mu: last.mu,
        sigma: last.sigma,
      });
    }
  }, 60_000);

  it('recomputes on PostgreSQL exactly what was stored', async () => {
    const db = (await postgres.openProcessStore()).db; // the same database the first test stored in
    const snapshot = () => storedRatings(db);
    const stored = await snapshot();
    expect(stored.history.length).toBeGreaterThan(20);
    await db.deleteFrom('ratings').execute();
    await recomputeRatings(db, MANY);
    expect(await snapshot()).toEqual(stored);
  }, 60_000);

  it('two games of the same two people that end at once in two processes cannot both pass the daily limit', async () => {
    // A limit of one rated game a day between two people; each round a new pair ends two games at once, one in each
    // process: the pairs are counted under the row every rated ending locks, so exactly one of the two is rated.
    const limit: RatingRules = { pairGamesPerDay: 1 };
    const [a, b] = [await serverProcess(limit), await serverProcess(limit)];
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const [ann, bob] = [await registered(a.accounts), await registered(a.accounts)];
      const first = await startedTable(a.service, [ann, bob]);
      const second = await startedTable(b.service, [bob, ann]);
      // Their addresses, two, noted by each process (on PostgreSQL the note waits for an end being stored).
      for (const [service, tableId] of [
        [a.service, first],
        [b.service, second],
      ] as const) {
        await service.noteAddress(tableId, ann, '10.3.0.1');
        await service.noteAddress(tableId, bob, '10.3.0.2');
      }
      const noted = await a.store.db
        .selectFrom('table_addresses')
        .select(['user_id', 'address_hash'])
        .where('table_id', '=', first)
        .execute();
      expect(noted.map((row) => row.user_id).sort()).toEqual([ann.id, bob.id].sort());
      expect(noted.every((row) => /^[0-9a-f]{32}$/.test(row.address_hash))).toBe(true);
      await playOpening(a.service, first, round);
      await playOpening(b.service, second, round + 50);
      await Promise.all([
        command(a.service, bob, first, { name: 'resign' }),
        command(b.service, ann, second, { name: 'resign' }),
      ]);
      const rated = await a.store.db
        .selectFrom('tables')
        .select(['id', 'rated_seq', 'rating_notes'])
        .where('id', 'in', [first, second])
        .execute();
      expect(rated.filter((row) => row.rated_seq !== null)).toHaveLength(1);
      const refused = rated.find((row) => row.rated_seq === null)!;
      expect(JSON.parse(refused.rating_notes!)).toMatchObject([{ reason: 'pairLimit', games: 1 }]);
      const pairs = await a.store.db
        .selectFrom('rated_pairs')
        .selectAll()
        .where('table_id', 'in', [first, second])
        .execute();
      expect(pairs).toHaveLength(1);
      // No address outlives its game: only whether two seats shared one (they did not).
      expect(
        await a.store.db
          .selectFrom('table_addresses')
          .selectAll()
          .where('table_id', 'in', [first, second])
          .execute(),
      ).toEqual([]);
      const same = await a.store.db
        .selectFrom('tables')
        .select('same_address')
        .where('id', 'in', [first, second])
        .execute();
      expect(same.map((row) => row.same_address)).toEqual(['[]', '[]']);
    }
  }, 120_000);
});
