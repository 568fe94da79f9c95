/**
 * The simultaneous variant's reveal rule, in one place for the rules (`rules.ts`, which applies it) and the board's
 * log (which says it): every tile whose number was revealed more than once in a turn goes to the box.
 */

/** The numbers revealed more than once among `numbers`, lowest first, with how many times each was revealed. */
export function boxedNumbers(numbers: readonly number[]): { number: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count > 1)
    .sort(([a], [b]) => a - b)
    .map(([number, count]) => ({ number, count }));
}
