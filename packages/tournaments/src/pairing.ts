import { SeededRng, shuffle, type Rng } from '@skyline/engine';

/**
 * Pairing: who sits at which table, in which seat, for the next round. Pure and deterministic given the seed.
 *
 * - Every table has `seatsPerTable` seats; when the number of players does not divide, the remainder sits out with a
 *   bye (see `standings.ts` for what a bye scores). Byes go to the players with the fewest byes so far, then (Swiss)
 *   the lowest standing or (round-robin) the seeded order of the round.
 * - Swiss: players in order of standing; each table is filled from the best unseated player with the next players in
 *   standing order, skipping those already met while someone not met is left (a repeat meeting only when it cannot be
 *   avoided by this greedy fill). Several fills are tried (the first player's partners taken further down) and the
 *   one with the fewest repeat meetings, then the closest standings, is kept.
 * - Round-robin: with 2 seats, the circle method (everyone meets everyone once in n-1 rounds, n even; a bye each
 *   round when odd). With 3 to 5 seats a schedule where every pair meets exactly once rarely exists: the round is the
 *   seeded order with the fewest repeat meetings among many tries (everyone meets as many others as possible).
 * - Seats: at each table the seat order is the permutation that evens out how often each player has had each seat
 *   (the sum of squares of those counts is least), ties broken by the seed. First seats rotate fairly.
 */

export type Format = 'swiss' | 'roundrobin';

export interface PairingInput {
  format: Format;
  seatsPerTable: number;
  /** Every player still in, in order of standing (best first); for round 1, the order of registration. */
  players: readonly string[];
  /** The tables of every earlier round (player ids by seat), and each earlier round's byes. */
  history: readonly { tables: readonly (readonly string[])[]; byes: readonly string[] }[];
  /** The round's seed (stored with the round). */
  seed: number;
}

export interface Pairing {
  /** Player ids by seat, table by table. */
  tables: string[][];
  byes: string[];
}

/** How many times each pair of players has sat at the same table (key `a\u0000b`, a < b). */
export function meetings(history: PairingInput['history']): Map<string, number> {
  const met = new Map<string, number>();
  for (const round of history)
    for (const table of round.tables)
      for (let i = 0; i < table.length; i++)
        for (let j = i + 1; j < table.length; j++) {
          const key = pairKey(table[i]!, table[j]!);
          met.set(key, (met.get(key) ?? 0) + 1);
        }
  return met;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

export function pair(input: PairingInput): Pairing {
  const size = input.seatsPerTable;
  if (!Number.isInteger(size) || size < 2 || size > 5) throw new Error('seatsPerTable must be 2 to 5');
  if (input.players.length < size) throw new Error(`at least ${size} players are needed`);
  const rng = new SeededRng(input.seed);
  const met = meetings(input.history);
  const round = input.history.length;

  let order: string[];
  if (input.format === 'roundrobin') order = shuffle([...input.players].sort(), new SeededRng(input.seed));
  else order = [...input.players];

  if (input.format === 'roundrobin' && size === 2) {
    const { tables, byes } = circle(input.players, round);
    return { tables: tables.map((group) => orderSeats(group, seatCounts(input.history), rng)), byes };
  }
  const byes = chooseByes(order, input.players.length % size, input.history, input.format === 'swiss');
  const seated = order.filter((id) => !byes.includes(id));
  const groups =
    input.format === 'roundrobin' ? bestOf(seated, size, met, rng, 200) : swiss(seated, size, met);

  const seats = seatCounts(input.history);
  return { tables: groups.map((group) => orderSeats(group, seats, rng)), byes };
}

function chooseByes(
  order: readonly string[],
  count: number,
  history: PairingInput['history'],
  lowestFirst: boolean,
): string[] {
  if (count === 0) return [];
  const had = new Map<string, number>();
  for (const round of history) for (const id of round.byes) had.set(id, (had.get(id) ?? 0) + 1);
  const ranked = order.map((id, index) => ({ id, index, byes: had.get(id) ?? 0 }));
  ranked.sort((a, b) => a.byes - b.byes || (lowestFirst ? b.index - a.index : a.index - b.index));
  return ranked.slice(0, count).map((entry) => entry.id);
}

/** The circle method for 2 seats: the first player stays, the others turn one place a round; odd: facing nobody is a bye. */
function circle(players: readonly string[], round: number): Pairing {
  const ring: (string | null)[] = [...players].sort();
  if (ring.length % 2 === 1) ring.push(null);
  const n = ring.length;
  const turn = round % (n - 1);
  const rest = ring.slice(1);
  const rotated = [ring[0]!, ...rest.slice(n - 1 - turn), ...rest.slice(0, n - 1 - turn)];
  const tables: string[][] = [];
  const byes: string[] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = rotated[i];
    const b = rotated[n - 1 - i];
    if (a && b) tables.push([a, b]);
    else byes.push((a ?? b)!);
  }
  return { tables, byes };
}

function repeatsOf(group: readonly string[], candidate: string, met: Map<string, number>): number {
  let repeats = 0;
  for (const other of group) repeats += met.get(pairKey(other, candidate)) ?? 0;
  return repeats;
}

/** Fills tables in `order`: each table takes the first unseated player, then those it has met least, in order. */
function greedyFill(order: readonly string[], size: number, met: Map<string, number>): string[][] {
  const left = [...order];
  const tables: string[][] = [];
  while (left.length >= size) {
    const table = [left.shift()!];
    while (table.length < size) {
      let best = 0;
      let bestRepeats = Infinity;
      for (let i = 0; i < left.length; i++) {
        const repeats = repeatsOf(table, left[i]!, met);
        if (repeats < bestRepeats) [best, bestRepeats] = [i, repeats];
        if (repeats === 0) break;
      }
      table.push(...left.splice(best, 1));
    }
    tables.push(table);
  }
  return tables;
}

function totalRepeats(tables: readonly string[][], met: Map<string, number>): number {
  let total = 0;
  for (const table of tables)
    for (let i = 0; i < table.length; i++) total += repeatsOf(table.slice(0, i), table[i]!, met);
  return total;
}

/** How far apart in standing the players of each table are (sum over tables of last index - first index). */
function spread(tables: readonly string[][], rank: Map<string, number>): number {
  let total = 0;
  for (const table of tables) {
    const ranks = table.map((id) => rank.get(id) ?? 0);
    total += Math.max(...ranks) - Math.min(...ranks);
  }
  return total;
}

/** Swiss: the greedy fill in order of standing, and variants that start a table lower down; the best is kept. */
function swiss(order: readonly string[], size: number, met: Map<string, number>): string[][] {
  const rank = new Map(order.map((id, index) => [id, index]));
  let best = greedyFill(order, size, met);
  let bestKey = [totalRepeats(best, met), spread(best, rank)];
  if (bestKey[0] === 0) return best;
  // Variants: move one player forward by up to a few places (a lower player takes a stronger one's table).
  for (let from = 1; from < order.length; from++)
    for (let to = Math.max(0, from - 2 * size); to < from; to++) {
      const variant = [...order];
      variant.splice(to, 0, ...variant.splice(from, 1));
      const tables = greedyFill(variant, size, met);
      const key = [totalRepeats(tables, met), spread(tables, rank)];
      if (key[0]! < bestKey[0]! || (key[0] === bestKey[0] && key[1]! < bestKey[1]!))
        [best, bestKey] = [tables, key];
    }
  return best;
}

/** Round-robin in tables of 3+: the greedy fill of seeded orders, the one with fewest repeats. */
function bestOf(
  order: readonly string[],
  size: number,
  met: Map<string, number>,
  rng: Rng,
  tries: number,
): string[][] {
  let best = greedyFill(order, size, met);
  let bestRepeats = totalRepeats(best, met);
  for (let k = 0; k < tries && bestRepeats > 0; k++) {
    const tables = greedyFill(shuffle([...order], rng), size, met);
    const repeats = totalRepeats(tables, met);
    if (repeats < bestRepeats) [best, bestRepeats] = [tables, repeats];
  }
  return best;
}

/** How many times each player sat at each seat so far. */
function seatCounts(history: PairingInput['history']): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  for (const round of history)
    for (const table of round.tables)
      table.forEach((id, seat) => {
        const row = counts.get(id) ?? [0, 0, 0, 0, 0];
        row[seat] = (row[seat] ?? 0) + 1;
        counts.set(id, row);
      });
  return counts;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The seat order that evens out the seats each player has had (least sum of squared counts; seeded tie-break). */
function orderSeats(group: readonly string[], counts: Map<string, number[]>, rng: Rng): string[] {
  const candidates = shuffle(permutations(group), rng);
  let best = candidates[0]!;
  let bestCost = Infinity;
  for (const candidate of candidates) {
    let cost = 0;
    candidate.forEach((id, seat) => {
      const had = counts.get(id)?.[seat] ?? 0;
      cost += (had + 1) ** 2;
    });
    if (cost < bestCost) [best, bestCost] = [candidate, cost];
  }
  return best;
}
