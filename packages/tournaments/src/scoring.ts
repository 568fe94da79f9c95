import { compareResults, placePoints, type TableResult } from './places.js';

/**
 * What a round gives each player, and the duplicate comparison.
 *
 * Normal rounds: each table's place points (`places.ts`).
 *
 * Duplicate rounds: every table of the round was dealt the same chance moves (`deals.ts`), so a seat's result is
 * compared with the results of everyone who played the same seat on that deal, at the other tables of the round, as
 * bridge matchpoints: 1 for each of them it did better than, 1/2 for each it did as well as (results compared by place
 * points at their own table, then by the game's score). The round gives the player its matchpoints over the most it
 * could have had: `matchpoints / (others)` (a fraction of 0..1, shown as a percentage); a seat played at one table
 * only scores 1/2.
 *
 * A bye gives 1/2 in both modes: the mean of what a table hands out per seat (every table of n seats hands out n/2
 * place points, and a duplicate seat's mean is 50%).
 */

export const BYE_POINTS = 0.5;

export interface PlayedRound {
  tables: TableResult[];
  byes: string[];
  duplicate: boolean;
}

export interface SeatComparison {
  seat: number;
  rows: {
    table: number;
    player: string;
    placePoints: number;
    score: number;
    matchpoints: number;
    /** matchpoints / others, 0..1 (0.5 alone). */
    fraction: number;
  }[];
}

/** The duplicate comparison of a round: for each seat, every table's player and result, and its matchpoints. */
export function duplicateComparison(tables: readonly TableResult[]): SeatComparison[] {
  const seats = Math.max(0, ...tables.map((table) => table.players.length));
  const points = tables.map((table) => placePoints(table));
  const comparisons: SeatComparison[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const entries = tables.flatMap((table, index) =>
      seat < table.players.length
        ? [
            {
              table: index,
              player: table.players[seat]!,
              placePoints: points[index]![seat]!,
              score: table.scores[seat] ?? 0,
            },
          ]
        : [],
    );
    const rows = entries.map((entry) => {
      let matchpoints = 0;
      for (const other of entries) {
        if (other === entry) continue;
        const c = compareResults(
          { points: entry.placePoints, score: entry.score },
          { points: other.placePoints, score: other.score },
        );
        matchpoints += c > 0 ? 1 : c === 0 ? 0.5 : 0;
      }
      const others = entries.length - 1;
      return { ...entry, matchpoints, fraction: others === 0 ? 0.5 : matchpoints / others };
    });
    comparisons.push({ seat, rows });
  }
  return comparisons;
}

/** What the round gives each player who played or had a bye. */
export function roundPoints(round: PlayedRound): Map<string, number> {
  const got = new Map<string, number>();
  for (const id of round.byes) got.set(id, BYE_POINTS);
  if (round.duplicate) {
    for (const comparison of duplicateComparison(round.tables))
      for (const row of comparison.rows) got.set(row.player, row.fraction);
  } else {
    for (const table of round.tables) {
      const points = placePoints(table);
      table.players.forEach((id, seat) => got.set(id, points[seat]!));
    }
  }
  return got;
}
