/**
 * Place points: what one table gives each of its seats in a normal (not duplicate) round.
 *
 * At a table of `n` seats the seat placed `p`-th (0 = first) scores `(n - 1 - p) / (n - 1)`: 1 for the winner, 0 for
 * the last, evenly spaced between (2 seats: 1, 0; 3 seats: 1, 0.5, 0; 4 seats: 1, 2/3, 1/3, 0). Seats placed equal
 * share the points of the places they span (two winners of a 3-seat table: 0.75 each). So every table hands out
 * `n / 2` points, whatever its size.
 */

/** A finished table: who sat where, and how the game ended. */
export interface TableResult {
  /** Player ids, by seat. */
  players: string[];
  /** The final score of each seat, as the game counts it. */
  scores: number[];
  /** The seats that won (after the game's own tie-break); empty when nobody won (an aborted game). */
  winners: number[];
  /**
   * Each seat's place (0 = first) when the server knows better than the scores: a seat that resigned or ran out of
   * time is placed last whatever its score. Absent: computed from `winners` and `scores`.
   */
  places?: number[];
}

/**
 * Each seat's place, 0 = first: the winners first, then the others by score, higher first; equal seats share the
 * place (the lowest of the ones they span, as in "joint 2nd").
 */
export function places(result: Pick<TableResult, 'scores' | 'winners' | 'places'>): number[] {
  if (result.places) return result.places;
  const key = (seat: number): [number, number] => [
    result.winners.includes(seat) ? 1 : 0,
    result.scores[seat] ?? 0,
  ];
  const seats = result.scores.map((_, seat) => seat);
  return seats.map(
    (seat) =>
      seats.filter((other) => {
        const [a, b] = [key(other), key(seat)];
        return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
      }).length,
  );
}

/** Each seat's place points (see the module's comment). */
export function placePoints(result: Pick<TableResult, 'scores' | 'winners' | 'places'>): number[] {
  const n = result.scores.length;
  if (n < 2) return result.scores.map(() => 1);
  const place = places(result);
  return place.map((p) => {
    // Seats tied at place p span places p .. p + k - 1: they share those places' points.
    const tied = place.filter((q) => q === p).length;
    let sum = 0;
    for (let q = p; q < p + tied; q++) sum += (n - 1 - q) / (n - 1);
    return sum / tied;
  });
}

/**
 * Compares two seats' results for the duplicate comparison and head-to-head: place points, then the game's score.
 * Positive when `a` did better.
 */
export function compareResults(
  a: { points: number; score: number },
  b: { points: number; score: number },
): number {
  return a.points - b.points || a.score - b.score;
}
