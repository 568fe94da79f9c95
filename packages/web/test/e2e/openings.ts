/**
 * A tournament player's openings played through the server's own table service, for the tournament pages' test
 * (tournaments.test.ts); it runs in the run's main process, beside the server (servers.ts).
 */
import type { App } from '@skyline/server';
import { openingOf } from '../../../server/src/ratings/opening.js';
import { versionOf } from '../../../server/src/tables/live.js';

/**
 * Plays `player`'s opening at each of its tables of the tournament as soon as the game awaits it (a pass where it may:
 * in New York a pass counts for the whole opening; else its first legal move), through the server's own table service
 * as the socket handler does, until the tournament is over; returns how many openings it played. A game is rated only
 * once every seat has played its opening itself, and bots are rated only against people: without these moves, none of
 * this tournament's games would be rated.
 */
export async function playOpenings(
  app: App,
  player: { id: string; name: string; registered: boolean },
  tournamentId: string,
): Promise<number> {
  const done = new Set<string>();
  for (let k = 0; k < 4000; k++) {
    const tournament = await app.db
      .selectFrom('tournaments')
      .select('status')
      .where('id', '=', tournamentId)
      .executeTakeFirst();
    if (tournament?.status === 'finished') return done.size;
    // The player's seats, with how much of its opening each has played, as the server counts it (`seats.own_moves`).
    const seats = await app.db
      .selectFrom('tournament_tables')
      .innerJoin('seats', 'seats.table_id', 'tournament_tables.table_id')
      .select(['tournament_tables.table_id', 'seats.own_moves'])
      .where('tournament_tables.tournament_id', '=', tournamentId)
      .where('seats.user_id', '=', player.id)
      .execute();
    for (const { table_id: tableId, own_moves: played } of seats) {
      if ((played ?? 0) >= openingOf('nyny').least) {
        done.add(tableId);
        continue;
      }
      const table = await app.service.get(tableId);
      const seat = table.seats.findIndex((person) => person?.id === player.id);
      if (table.status !== 'playing' || !table.game.active(table.state).includes(seat)) continue;
      const legal = [...table.game.legalMoves(table.state, seat)];
      const move = legal.find((m) => (m as { type?: string }).type === 'pass') ?? legal[0];
      const { change } = await app.service.move(player, tableId, versionOf(table), `opening-${k}`, move);
      app.publisher.publish(change);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the tournament did not end');
}
