import { compareResults, placePoints } from './places.js';
import { roundPoints, type PlayedRound } from './scoring.js';

/**
 * Standings after the rounds played. Players are ranked by, in order:
 *
 * 1. points: the sum of their rounds' points (`scoring.ts`);
 * 2. Buchholz: the sum of the points of every opponent they sat with (once per meeting);
 * 3. game score: the sum of their final scores as the game counts them;
 * 4. head-to-head: among the players still equal, +1 each time one placed above another of them at a table, -1 below;
 * 5. name (then id), so that the order is total.
 *
 * Players equal on 1–4 share the rank.
 */

export interface Entrant {
  id: string;
  name: string;
}

export interface Standing {
  id: string;
  name: string;
  rank: number;
  points: number;
  buchholz: number;
  gameScore: number;
  headToHead: number;
  played: number;
  byes: number;
  /** The points of each round (null when the player had no table nor bye in it). */
  rounds: (number | null)[];
}

export function standings(entrants: readonly Entrant[], rounds: readonly PlayedRound[]): Standing[] {
  const rows = new Map<string, Standing>(
    entrants.map((entrant) => [
      entrant.id,
      {
        id: entrant.id,
        name: entrant.name,
        rank: 0,
        points: 0,
        buchholz: 0,
        gameScore: 0,
        headToHead: 0,
        played: 0,
        byes: 0,
        rounds: [],
      },
    ]),
  );
  const opponents = new Map<string, string[]>();
  rounds.forEach((round, index) => {
    const got = roundPoints(round);
    for (const row of rows.values()) {
      const points = got.get(row.id);
      row.rounds[index] = points ?? null;
      row.points += points ?? 0;
    }
    for (const id of round.byes) {
      const row = rows.get(id);
      if (row) row.byes++;
    }
    for (const table of round.tables)
      table.players.forEach((id, seat) => {
        const row = rows.get(id);
        if (!row) return;
        row.played++;
        row.gameScore += table.scores[seat] ?? 0;
        opponents.set(id, [...(opponents.get(id) ?? []), ...table.players.filter((other) => other !== id)]);
      });
  });
  for (const row of rows.values())
    row.buchholz = (opponents.get(row.id) ?? []).reduce((sum, id) => sum + (rows.get(id)?.points ?? 0), 0);

  const list = [...rows.values()];
  const before = (a: Standing, b: Standing) =>
    b.points - a.points || b.buchholz - a.buchholz || b.gameScore - a.gameScore;
  list.sort(before);
  // Head-to-head within each group equal on the first three criteria.
  for (let start = 0; start < list.length;) {
    let end = start + 1;
    while (end < list.length && before(list[start]!, list[end]!) === 0) end++;
    if (end - start > 1) headToHead(list.slice(start, end), rounds);
    start = end;
  }
  list.sort(
    (a, b) =>
      before(a, b) || b.headToHead - a.headToHead || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1),
  );
  list.forEach((row, index) => {
    const previous = list[index - 1];
    row.rank =
      previous && before(previous, row) === 0 && previous.headToHead === row.headToHead
        ? previous.rank
        : index + 1;
  });
  return list;
}

function headToHead(group: Standing[], rounds: readonly PlayedRound[]): void {
  const inGroup = new Map(group.map((row) => [row.id, row]));
  for (const round of rounds)
    for (const table of round.tables) {
      const points = placePoints(table);
      table.players.forEach((a, i) =>
        table.players.forEach((b, j) => {
          if (i === j || !inGroup.has(a) || !inGroup.has(b)) return;
          const c = compareResults(
            { points: points[i]!, score: table.scores[i] ?? 0 },
            { points: points[j]!, score: table.scores[j] ?? 0 },
          );
          inGroup.get(a)!.headToHead += Math.sign(c);
        }),
      );
    }
}
