/**
 * Rated games played straight into the e2e server's database, for the rating pages to show: bots play by their own
 * policies (random, greedy, ismcts on a small budget), a person's seats greedily. Played through a table service of
 * their own on the server's database (the server's bot driver is kept off these tables by a lease), so that a few
 * dozen games take seconds instead of the minutes that bots paced for people would. It runs in the test file's own
 * worker, on a connection of its own to the server's SQLite file (the server runs in the run's main process,
 * servers.ts): the bots' thinking there would hold up the servers of the files running alongside.
 */
import { botFor, type BotLevel } from '@skyline/bots';
import { SeededRng } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { App } from '@skyline/server';
import { Accounts, type User } from '../../../server/src/auth.js';
import { KyselyMoveLog } from '../../../server/src/db/move-log.js';
import { DEFAULT_LIMITS, Limits } from '../../../server/src/limits.js';
import { TablePublisher } from '../../../server/src/tables/publisher.js';
import { TableService } from '../../../server/src/tables/service.js';
import { versionOf } from '../../../server/src/tables/live.js';

/** How far `RatedGames.play` plays, and whether the table is rated. */
export interface PlayOptions {
  /** Rated (the default), or not (a guest's table cannot be). */
  rated?: boolean;
  /**
   * Where to stop: before the first move from a state where this holds. The table is then handed to the server's bot
   * driver, which plays its bots on from there, and to its people, who find the game at that position. Unset: to the
   * end.
   */
  until?: (state: unknown) => boolean;
}

export interface RatedGames {
  /**
   * Plays one game of `game` between these seats (a person, or a bot level) at a table `host` creates (and leaves,
   * when the first seat is not theirs), to its end or to where `options.until` stops it; returns the table's id.
   */
  play(
    game: string,
    host: User,
    seats: (User | BotLevel)[],
    seed: number,
    options?: PlayOptions,
  ): Promise<string>;
}

/** Rated games on `db`: the server's database (a connection of the caller's own). */
export function ratedGames(db: App['db']): RatedGames {
  const service = new TableService({
    db,
    accounts: new Accounts(db),
    moveLog: new KyselyMoveLog(db),
    games: GAMES,
    publisher: new TablePublisher(),
    // One host makes all these tables at once: not what the limits on people are for.
    limits: new Limits({ ...DEFAULT_LIMITS, tablesPerMinute: 1_000_000 }),
    // The host of a table of bots counts as watching it (a table of bots plays only while its host watches).
    connectedTo: async (tableIds) => {
      const rows = await db
        .selectFrom('tables')
        .select(['id', 'host_id'])
        .where('id', 'in', [...tableIds])
        .execute();
      return new Map(rows.map((row) => [row.id, new Set([row.host_id])]));
    },
  });
  service.botSeatsPerPlayer = 10_000;
  const ok = async (outcome: Promise<{ ack: unknown }>) => (await outcome).ack;

  return {
    async play(game, host, seats, seed, { rated = true, until } = {}) {
      const { ack: table } = await service.create(host, { game, players: seats.length, rated });
      const hostSits = seats[0] === host;
      if (!hostSits) await ok(service.command(host, table.id, { name: 'leave' }));
      for (const seat of seats.slice(hostSits ? 1 : 0)) {
        if (typeof seat === 'string') await ok(service.command(host, table.id, { name: 'bot', level: seat }));
        else await ok(service.command(seat, table.id, { name: 'join' }));
      }
      // The server's bot driver leaves a table whose lease another process holds.
      await db
        .updateTable('tables')
        .set({ bot_driver: 'e2e-seeder', bot_lease_until: Date.now() + 3_600_000 })
        .where('id', '=', table.id)
        .execute();
      await ok(service.command(host, table.id, { name: 'start' }));
      const rng = new SeededRng(seed);
      for (let k = 0; k < 5000; k++) {
        const live = await service.get(table.id);
        if (live.status === 'over') return table.id;
        if (until?.(live.state)) {
          // Handed back: the server's bot driver sweeps for free tables every second or less.
          await db
            .updateTable('tables')
            .set({ bot_driver: null, bot_lease_until: null })
            .where('id', '=', table.id)
            .execute();
          return table.id;
        }
        // Chinatown's trading awaits every seat until all are done: its playout policy picks who moves.
        const seat = (
          live.game.randomActor ? live.game.randomActor(live.state, rng) : live.game.active(live.state)[0]
        ) as number;
        const person = live.seats[seat]!;
        const legalMoves = [...live.game.legalMoves(live.state, seat)];
        const level: BotLevel = person.bot ?? 'greedy';
        const move = botFor(level).choose({
          game: live.game,
          view: live.game.view(live.state, seat),
          seat,
          legalMoves,
          rng,
          budget: { iterations: 30 },
        });
        const user = { id: person.id, name: person.name, registered: !person.bot };
        await service.move(user, table.id, versionOf(live), `s${k}`, move);
      }
      throw new Error(`the game at table ${table.id} did not end`);
    },
  };
}
