import { CHANCE, randomStep, type AnyGame, type Rng } from '@skyline/engine';
import { KeyedRng } from '@skyline/engine/keyed-rng';

/**
 * Duplicate deals: every table of a round is dealt the same chance moves.
 *
 * A round has a secret key of 256 bits (`KeyedRng.newKey()`, from the operating system's cryptographic source). From
 * it, `roundDeal` plays one reference game (random players and chance, both from the key's ChaCha20 stream) and keeps
 * its chance moves, in order: the round's deal. It is computed once, when the round is paired, and stored with the
 * round, so every process deals the same cards whatever version of the bots it runs. The key is never shown while the
 * round is played (the chance moves it deals are hidden cards); once the round is over it may be, so that anyone can
 * check the deal — and each round's key is drawn on its own, so it tells nothing of the next round's.
 *
 * At a table of the round, the k-th chance move (`DuplicateChances`) is:
 *
 * 1. the deal's k-th chance move, when the game accepts it in this table's state (`game.validate(state, "chance",
 *    move)`: the game's own chance check);
 * 2. else, for a shuffle of cards that play made differ (a chance move with an `order` list, as Manhattan's reshuffled
 *    discard pile or Chinatown's returned lot cards), the same relative order: the table's cards that the deal's
 *    shuffle holds keep the deal's order, the others are inserted at random places (`sameOrder`);
 * 3. else (or when that too is refused, or the deal is shorter) a fresh chance move drawn by the game.
 *
 * Steps 2 and 3 draw from the key's stream labelled (table number, k), so the fall-back is secret as the deal is, and
 * the same in every process and in a check of the round after it ends.
 *
 * What "the same deal" means per game follows from its chance moves (the package README lists them).
 */

/** Where a table's chance moves come from. `index` is the number of chance moves the table has had so far. */
export interface ChanceSource {
  chance(game: AnyGame, state: unknown, index: number): unknown;
}

/**
 * A round's deal: its secret key (64 hex digits) and the chance moves of its reference game. A deal stored before
 * deals had keys has none (its numbered seed is ignored): its fall-backs are then fresh secret draws.
 */
export interface RoundDeal {
  key?: string;
  chances: unknown[];
}

/**
 * The round's deal: the chance moves of a reference game of `players` seats played by random players, at most `most`
 * of them, all drawn from `key`'s stream. Deterministic in (game, players, options, key).
 */
export function roundDeal(
  game: AnyGame,
  players: number,
  options: unknown,
  key: string,
  most = 64,
  maxSteps = 200_000,
): RoundDeal & { key: string } {
  const state = game.setup(players, options);
  const rng = new KeyedRng(key, 'reference game');
  const chances: unknown[] = [];
  for (let steps = 0; steps < maxSteps && chances.length < most; steps++) {
    const entry = randomStep(game, state, rng);
    if (entry === null) break;
    if ('chance' in entry) chances.push(entry.chance);
  }
  return { key, chances };
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
    const label = `table ${this.table} chance ${index}`;
    const rng = this.deal.key === undefined ? KeyedRng.fresh(label) : new KeyedRng(this.deal.key, label);
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
 * of `stored`, each other card of `fresh` is inserted at a random place drawn from `rng`. Cards may repeat (Manhattan's are numbers):
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
