import { CHANCE, SeededRng, randomStep, type AnyGame, type Rng } from '@skyline/engine';

/**
 * Duplicate deals: every table of a round is dealt the same chance moves.
 *
 * A round stores a seed. From it, `roundDeal` plays one reference game (seeded random players, seeded chance) and
 * keeps its chance moves, in order: the round's deal. It is computed once, when the round is paired, and stored with
 * the round, so every process deals the same cards whatever version of the bots it runs.
 *
 * At a table of the round, the k-th chance move (`DuplicateChances`) is:
 *
 * 1. the deal's k-th chance move, when the game accepts it in this table's state (`game.validate(state, "chance",
 *    move)`: the game's own chance check);
 * 2. else, for a shuffle of cards that play made differ (a chance move with an `order` list, as Manhattan's reshuffled
 *    discard pile or Chinatown's returned lot cards), the same relative order: the table's cards that the deal's
 *    shuffle holds keep the deal's order, the others are inserted at seeded places (`sameOrder`);
 * 3. else (or when that too is refused, or the deal is shorter) a fresh chance move drawn by the game.
 *
 * Steps 2 and 3 draw from a generator seeded by (round seed, table number, k), so the fall-back too is the same in
 * every process and every replay.
 *
 * What "the same deal" means per game follows from its chance moves (the package README lists them).
 */

/** Where a table's chance moves come from. `index` is the number of chance moves the table has had so far. */
export interface ChanceSource {
  chance(game: AnyGame, state: unknown, index: number): unknown;
}

/** A round's deal: its seed and the chance moves of its reference game. */
export interface RoundDeal {
  seed: number;
  chances: unknown[];
}

/** Mixes integers into a 31-bit seed (a small integer hash: the seed of the fall-back generators). */
export function mixSeed(...parts: number[]): number {
  let h = 0x2545f491;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca77);
    h ^= h >>> 13;
  }
  return h & 0x7fffffff;
}

/**
 * The round's deal: the chance moves of a reference game of `players` seats played by seeded random players, at
 * most `most` of them. Deterministic in (game, players, options, seed).
 */
export function roundDeal(
  game: AnyGame,
  players: number,
  options: unknown,
  seed: number,
  most = 64,
  maxSteps = 200_000,
): RoundDeal {
  const state = game.setup(players, options);
  const rng: Rng = new SeededRng(mixSeed(seed, -1));
  const chances: unknown[] = [];
  for (let steps = 0; steps < maxSteps && chances.length < most; steps++) {
    const entry = randomStep(game, state, rng);
    if (entry === null) break;
    if ('chance' in entry) chances.push(entry.chance);
  }
  return { seed, chances };
}

/** The chance moves of table number `table` of a duplicate round (see the module's comment). */
export class DuplicateChances implements ChanceSource {
  constructor(
    private readonly deal: RoundDeal,
    private readonly table: number,
  ) {}

  chance(game: AnyGame, state: unknown, index: number): unknown {
    const stored = this.deal.chances[index];
    if (stored !== undefined && game.validate(state, CHANCE, stored) === null) return stored;
    const rng = new SeededRng(mixSeed(this.deal.seed, this.table, index));
    const fresh = game.sampleChance(state, rng);
    if (stored === undefined) return fresh;
    const aligned = sameOrder(stored, fresh, rng);
    return aligned !== null && game.validate(state, CHANCE, aligned) === null ? aligned : fresh;
  }
}

interface Ordered {
  type: unknown;
  order: unknown[];
}

function isOrdered(move: unknown): move is Ordered {
  return typeof move === 'object' && move !== null && Array.isArray((move as { order?: unknown }).order);
}

/**
 * `fresh` (a shuffle of this table's cards) put in `stored`'s relative order: the cards both hold come in the order
 * of `stored`, each other card of `fresh` is inserted at a seeded place. Cards may repeat (Manhattan's are numbers):
 * they are matched as a multiset, each copy once. Null when the two are not shuffles of the same kind.
 */
export function sameOrder(stored: unknown, fresh: unknown, rng: Rng): unknown {
  if (!isOrdered(stored) || !isOrdered(fresh) || stored.type !== fresh.type) return null;
  const key = (card: unknown) => JSON.stringify(card);
  const left = new Map<string, number>();
  for (const card of fresh.order) left.set(key(card), (left.get(key(card)) ?? 0) + 1);
  const order: unknown[] = [];
  for (const card of stored.order) {
    const copies = left.get(key(card)) ?? 0;
    if (copies === 0) continue;
    order.push(card);
    left.set(key(card), copies - 1);
  }
  // The table's cards the deal's shuffle did not hold (as many copies as remain), at seeded places.
  for (const card of fresh.order) {
    const copies = left.get(key(card)) ?? 0;
    if (copies === 0) continue;
    left.set(key(card), copies - 1);
    order.splice(rng.int(order.length + 1), 0, card);
  }
  return { ...fresh, order };
}
