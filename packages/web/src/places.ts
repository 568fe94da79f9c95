/**
 * Place numbers at the end of a game, ties sharing a place and the next place skipped (1, 2, 2, 4). The game's
 * winners come first even where a tie-break (My City's empty grass squares) left an equal score behind them; seats
 * that resigned come after those that did not.
 */
export function places(
  scores: readonly number[],
  winners: readonly number[],
  resigned: readonly number[] = [],
): number[] {
  const key = (seat: number): [number, number, number] => [
    winners.includes(seat) ? 0 : 1,
    resigned.includes(seat) ? 1 : 0,
    -(scores[seat] ?? 0),
  ];
  const better = (a: number, b: number): boolean => {
    const [x, y] = [key(a), key(b)];
    for (let k = 0; k < 3; k++) if (x[k] !== y[k]) return (x[k] as number) < (y[k] as number);
    return false;
  };
  return scores.map((_, seat) => 1 + scores.filter((__, other) => better(other, seat)).length);
}
