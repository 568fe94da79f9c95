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
import { command, registered, serviceOn, startedTable } from './rating-games.js';
import { SeededRng } from '@skyline/engine';

const postgres = postgresForFile();

async function serverProcess() {
  const store = await postgres.openProcessStore();
  return { store, ...serviceOn(store) };
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
    const snapshot = async () => ({
      ratings: await db.selectFrom('ratings').selectAll().orderBy('player_id').orderBy('game').execute(),
      history: await db
        .selectFrom('rating_history')
        .selectAll()
        .orderBy('table_id')
        .orderBy('player_id')
        .execute(),
    });
    const stored = await snapshot();
    expect(stored.history.length).toBeGreaterThan(20);
    await db.deleteFrom('ratings').execute();
    await recomputeRatings(db);
    expect(await snapshot()).toEqual(stored);
  }, 60_000);
});
