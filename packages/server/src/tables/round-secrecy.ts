import type { PlayerProfile } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import { inRoundStillPlayed } from '../db/round-secrecy.js';
import type { Database } from '../db/schema.js';

/**
 * A duplicate round's secret. Every table of a duplicate tournament round is dealt the same chance moves: while any
 * of them is still played, what happened at a finished one (its moves, its scores, its places, who won) tells the
 * players still playing what is coming, and how well they must do. So, as in duplicate bridge, a round's results are
 * shown once every table of the round has ended: its tables to their own players only (`TableService.
 * requireWatchable`), and its finished tables' results nowhere — not on the tournament's page
 * (`Tournaments.detail`), not on the players' profiles (`profileWithoutRoundsInPlay`).
 */

/** Of these tables, those of a duplicate tournament round of which some table is still being played. */
export async function tablesOfRoundsInPlay(
  db: Kysely<Database>,
  tableIds: readonly string[],
): Promise<Set<string>> {
  if (tableIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('tables')
    .select('tables.id')
    .where('tables.id', 'in', [...tableIds])
    .where((eb) => inRoundStillPlayed(eb))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A profile without the finished games of duplicate rounds still being played: gone from its recent games, its
 * rating charts and its count of games played and won until their round ends. The counts are corrected from the
 * recent games (the ten latest finished), where a game that ended during a round still played is found unless
 * the player finished ten others since.
 */
export async function profileWithoutRoundsInPlay(
  db: Kysely<Database>,
  profile: PlayerProfile,
): Promise<PlayerProfile> {
  const charted = Object.values(profile.charts).flatMap((points) => points.map((point) => point.tableId));
  const secret = await tablesOfRoundsInPlay(db, [
    ...new Set([...profile.recent.map((game) => game.tableId), ...charted]),
  ]);
  if (secret.size === 0) return profile;
  const hidden = profile.recent.filter((game) => secret.has(game.tableId));
  const charts = Object.fromEntries(
    Object.entries(profile.charts).map(([game, points]) => [
      game,
      points.filter((point) => !secret.has(point.tableId)),
    ]),
  );
  return {
    ...profile,
    charts,
    // A stopped game (won: null) was not counted.
    played: profile.played - hidden.filter((game) => game.won !== null).length,
    won: profile.won - hidden.filter((game) => game.won === true).length,
    recent: profile.recent.filter((game) => !secret.has(game.tableId)),
  };
}
