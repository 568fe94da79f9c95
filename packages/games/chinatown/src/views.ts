import {
  SPECTATOR,
  copyParts,
  type PeriodParts,
  shuffle,
  type Actor,
  type LogEntry,
  type Rng,
  type Viewer,
  viewBasics,
} from '@skyline/engine';
import {
  ECONOMY_COUNT,
  ECONOMY_IDS,
  ECONOMY_PUT_AWAY,
  KIND_COUNT,
  KIND_IDS,
  KIND_TILES,
  LOT_COUNT,
  economyOf,
  kindOf,
} from './data.js';
import type { BundleInput, ChinatownChance, ChinatownMove } from './moves.js';
import type { ChinatownOptions } from './options.js';
import { active } from './rules.js';
import { setup, type Bundle, type ChinatownState, type Offer, type Phase } from './state.js';
import { acceptProblem } from './trading.js';

/**
 * One side of an offer as a seat sees it. For a seat that is not part of the offer, `money` is `null` when money is
 * part of it (how much is secret) and each lot card is `null` (only their number is public).
 */
export interface BundleView {
  lots: number[];
  shops: Record<string, number>;
  money: number | null;
  lotCards: (number | null)[];
}

export interface OfferView {
  id: number;
  from: number;
  to: number;
  give: BundleView;
  get: BundleView;
  /**
   * For the seat the offer is made to: whether accepting it now would succeed (what a refused `accept` would tell it
   * anyway, at no cost); `null` for everyone else.
   */
  acceptable: boolean | null;
}

/**
 * What one seat (or a spectator) may know: its own lot cards, settle choice
 * and money; the others' numbers of lot cards, whether they have chosen, and nothing of their money; the money and
 * lot cards of offers only when it is one of their two seats; every public fact (board, tiles in hand, offers,
 * ready flags, revealed economy cards, each round's income).
 */
export interface ChinatownView {
  game: 'chinatown';
  viewer: Viewer;
  players: number;
  options: ChinatownOptions;
  step: number;
  round: number;
  phase: Phase;
  active: Actor[];
  start: number;
  turn: number;
  /** `owner[lot]` (-1: nobody), `shop[lot]` (a kind id or `null`); index 0 unused. */
  owner: number[];
  shop: (string | null)[];
  /** The viewer's lot cards; `null` for a spectator. */
  hand: number[] | null;
  handSizes: number[];
  toSettle: number[];
  /** The viewer's settle choice not yet revealed, or `null`. */
  settle: number[] | null;
  /** Which seats have chosen their lots (not which). */
  chosen: boolean[];
  settleStart: number;
  /** Shop tiles in hand, per seat (public). */
  tiles: Record<string, number>[];
  /** The viewer's own money; the others' only once the game is over. */
  money: (number | null)[];
  ready: boolean[];
  offers: OfferView[];
  offerCount: number;
  done: boolean[];
  lotDeckSize: number;
  shopDeckSize: number;
  shopsDrawn: number;
  /** The economy cards revealed so far, in order. */
  economy: string[];
  /** Each finished round's income per seat (announced, public). */
  income: number[][];
  /** Each finished round's income by term (announced with it, public). */
  incomeParts: PeriodParts[];
}

function tilesRecord(counts: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  counts.forEach((n, kind) => {
    if (n > 0) out[KIND_IDS[kind] as string] = n;
  });
  return out;
}

function bundleView(bundle: Bundle, party: boolean): BundleView {
  return {
    lots: bundle.lots.slice(),
    shops: tilesRecord(bundle.shops),
    money: party || bundle.money === 0 ? bundle.money : null,
    lotCards: party ? bundle.lotCards.slice() : bundle.lotCards.map(() => null),
  };
}

function offerView(state: ChinatownState, offer: Offer, viewer: Viewer): OfferView {
  const party = viewer === offer.from || viewer === offer.to;
  return {
    id: offer.id,
    from: offer.from,
    to: offer.to,
    give: bundleView(offer.give, party),
    get: bundleView(offer.get, party),
    acceptable: viewer === offer.to ? acceptProblem(state, offer) === null : null,
  };
}

export function view(state: ChinatownState, viewer: Viewer): ChinatownView {
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const over = state.phase === 'over';
  return {
    game: 'chinatown',
    ...viewBasics(state, viewer),
    round: state.round,
    phase: state.phase,
    active: active(state).slice(),
    start: state.start,
    turn: state.turn,
    owner: state.owner.slice(),
    shop: state.shop.map((kind) => (kind < 0 ? null : (KIND_IDS[kind] as string))),
    hand: seat >= 0 ? (state.hands[seat] as number[]).slice() : null,
    handSizes: state.hands.map((hand) => hand.length),
    toSettle: state.toSettle.slice(),
    settle: seat >= 0 ? (state.settles[seat]?.slice() ?? null) : null,
    chosen: state.settles.map((choice) => choice !== null),
    settleStart: state.settleStart,
    tiles: state.tiles.map(tilesRecord),
    money: state.money.map((amount, other) => (over || other === seat ? amount : null)),
    ready: state.ready.slice(),
    offers: state.offers.map((offer) => offerView(state, offer, viewer)),
    offerCount: state.offerCount,
    done: state.done.slice(),
    lotDeckSize: state.lotDeck.length,
    shopDeckSize: state.shopDeck.length,
    shopsDrawn: state.shopsDrawn,
    economy: state.economy
      .slice(ECONOMY_PUT_AWAY, ECONOMY_PUT_AWAY + state.revealed)
      .map((card) => ECONOMY_IDS[card] as string),
    income: state.income.map((round) => round.slice()),
    incomeParts: copyParts(state.incomeParts),
  };
}

function redactBundle(bundle: BundleInput): Record<string, unknown> {
  const out: Record<string, unknown> = { ...bundle };
  if (bundle.money !== undefined) out.money = null;
  if (bundle.lotCards !== undefined) out.lotCards = bundle.lotCards.map(() => null);
  return out;
}

export function redact(
  entry: LogEntry<ChinatownMove, ChinatownChance>,
  index: number,
  viewer: Viewer,
  state: ChinatownState,
): LogEntry {
  if (state.phase === 'over') return entry;
  if ('chance' in entry) {
    const chance = entry.chance;
    if (chance.type === 'shuffleLots') return { chance: { ...chance, order: chance.order.map(() => null) } };
    // The deck orders stay hidden, except the shop tiles already drawn and the economy cards already revealed.
    const setup: Record<string, unknown> = {
      ...chance,
      lots: chance.lots.map(() => null),
      shops: chance.shops.map((id, k) => (k < state.shopsDrawn ? id : null)),
    };
    if (chance.economy !== undefined) {
      setup.economy = chance.economy.map((id, k) =>
        k >= ECONOMY_PUT_AWAY && k < ECONOMY_PUT_AWAY + state.revealed ? id : null,
      );
    }
    return { chance: setup };
  }
  if (entry.seat === viewer) return entry;
  const move = entry.move;
  if (move.type === 'settle' && state.phase === 'settle' && index >= state.settleStart) {
    return { seat: entry.seat, move: { type: 'hidden' } };
  }
  if (move.type === 'offer' && move.to !== viewer) {
    const shown: Record<string, unknown> = { ...move };
    if (move.give !== undefined) shown.give = redactBundle(move.give);
    if (move.get !== undefined) shown.get = redactBundle(move.get);
    return { seat: entry.seat, move: shown };
  }
  return entry;
}

export function secrets(state: ChinatownState, _viewer: Viewer): { strings: string[]; logFrom: number } {
  if (state.phase === 'over') return { strings: [], logFrom: 0 };
  const hidden = [
    ...state.economy.slice(0, ECONOMY_PUT_AWAY),
    ...state.economy.slice(ECONOMY_PUT_AWAY + state.revealed),
  ];
  return { strings: hidden.map((card) => ECONOMY_IDS[card] as string), logFrom: 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Determinization

function bundleOf(view: BundleView, cards: readonly number[]): Bundle {
  const shops = new Array<number>(KIND_COUNT).fill(0);
  for (const [id, n] of Object.entries(view.shops)) shops[kindOf(id) as number] = n;
  const lotCards = view.lotCards.map((card, k) => card ?? (cards[k] as number) ?? k + 1);
  return {
    lots: view.lots.slice(),
    shops,
    money: view.money ?? 1000, // hidden money: some amount (only its presence is known)
    lotCards: [...new Set(lotCards)].sort((a, b) => a - b),
  };
}

/**
 * Swaps cards so that no seat holds a card it must not hold: each such card goes to the deck or another hand, in
 * exchange for a card that may be there and that the seat may hold.
 */
function repairForbidden(
  hands: number[][],
  deck: number[],
  required: readonly Set<number>[],
  forbidden: readonly Set<number>[],
  seat: number,
): void {
  hands.forEach((hand, holder) => {
    if (holder === seat) return;
    const avoid = forbidden[holder] as Set<number>;
    for (let k = 0; k < hand.length; k++) {
      const card = hand[k] as number;
      if (!avoid.has(card)) continue;
      const at = deck.findIndex((other) => !avoid.has(other));
      if (at >= 0) {
        hand[k] = deck[at] as number;
        deck[at] = card;
        continue;
      }
      for (let other = 0; other < hands.length; other++) {
        if (other === seat || other === holder || (forbidden[other] as Set<number>).has(card)) continue;
        const theirs = hands[other] as number[];
        const swap = theirs.findIndex((c) => !avoid.has(c) && !(required[other] as Set<number>).has(c));
        if (swap >= 0) {
          hand[k] = theirs[swap] as number;
          theirs[swap] = card;
          break;
        }
      }
    }
  });
}

/**
 * A full state that `seat` cannot tell from the real one. The unknown lot cards are dealt at random into the other
 * hands and the deck, the shop tiles not yet drawn and the economy cards not yet revealed are shuffled, the others'
 * settle choices are drawn from their sampled hands, and hidden money is filled in. Offers made to `seat` keep the
 * `acceptable` flags of the view: their makers get exactly the money and lot cards those flags require.
 */
export function determinize(v: ChinatownView, seat: number, rng: Rng): ChinatownState {
  const players = v.players;
  if (v.phase === 'setup') return { ...setup(players, v.options), step: v.step }; // nothing dealt yet
  const own = v.hand ?? [];
  // Lot cards the viewer must place in other hands (offered in offers it can accept), and must keep out of them.
  const required: Set<number>[] = Array.from({ length: players }, () => new Set());
  const forbidden: Set<number>[] = Array.from({ length: players }, () => new Set());
  const money = v.money.map((amount) => amount ?? 0);
  for (const offer of v.offers) {
    if (offer.to !== seat) continue;
    const cards = offer.give.lotCards as number[];
    if (offer.acceptable) {
      for (const card of cards) (required[offer.from] as Set<number>).add(card);
      money[offer.from] = Math.max(money[offer.from] as number, offer.give.money ?? 0);
    }
  }
  for (const offer of v.offers) {
    if (offer.to !== seat || offer.acceptable) continue;
    const maker = offer.from;
    for (const card of offer.give.lotCards as number[]) {
      if (!(required[maker] as Set<number>).has(card)) (forbidden[maker] as Set<number>).add(card);
    }
  }
  const placed = new Set<number>([...own, ...required.flatMap((set) => [...set])]);
  const pool: number[] = [];
  for (let lot = 1; lot <= LOT_COUNT; lot++) if (v.owner[lot] === -1 && !placed.has(lot)) pool.push(lot);
  shuffle(pool, rng);
  const hands = v.handSizes.map((_, other) =>
    other === seat ? own.slice() : [...(required[other] as Set<number>)],
  );
  // Seats that must not hold some cards are dealt first, each avoiding its cards while others remain.
  const order = v.handSizes
    .map((_, other) => other)
    .filter((other) => other !== seat)
    .sort((a, b) => (forbidden[b] as Set<number>).size - (forbidden[a] as Set<number>).size);
  for (const other of order) {
    const hand = hands[other] as number[];
    const avoid = forbidden[other] as Set<number>;
    const size = v.handSizes[other] as number;
    for (let k = 0; k < pool.length && hand.length < size;) {
      if (avoid.has(pool[k] as number)) k++;
      else hand.push(...pool.splice(k, 1));
    }
    while (hand.length < size && pool.length > 0) hand.push(pool.pop() as number); // no other way
  }
  repairForbidden(hands, pool, required, forbidden, seat);
  hands.forEach((hand) => hand.sort((a, b) => a - b));
  const lotDeck = pool;

  const settles = v.chosen.map((chosen, other) => {
    if (!chosen) return null;
    if (other === seat) return (v.settle ?? []).slice();
    return shuffle((hands[other] as number[]).slice(), rng)
      .slice(0, v.toSettle[other])
      .sort((a, b) => a - b);
  });

  const tiles = v.tiles.map((record) => {
    const counts = new Array<number>(KIND_COUNT).fill(0);
    for (const [id, n] of Object.entries(record)) counts[kindOf(id) as number] = n;
    return counts;
  });
  const shop = v.shop.map((id) => (id === null ? -1 : (kindOf(id) as number)));
  const left = KIND_TILES.slice();
  for (const counts of tiles) counts.forEach((n, kind) => (left[kind] = (left[kind] as number) - n));
  for (const kind of shop) if (kind >= 0) left[kind] = (left[kind] as number) - 1;
  const shopDeck = shuffle(
    left.flatMap((n, kind) => new Array<number>(Math.max(0, n)).fill(kind)),
    rng,
  );

  let economy: number[] = [];
  if (v.options.economy) {
    const revealed = v.economy.map((id) => economyOf(id) as number);
    const unseen: number[] = [];
    for (let card = 0; card < ECONOMY_COUNT; card++) if (!revealed.includes(card)) unseen.push(card);
    shuffle(unseen, rng);
    economy = [...unseen.slice(0, ECONOMY_PUT_AWAY), ...revealed, ...unseen.slice(ECONOMY_PUT_AWAY)];
  }

  const offers: Offer[] = v.offers.map((offer) => {
    const makerCards = hands[offer.from] as number[];
    const takerCards = hands[offer.to] as number[];
    return {
      id: offer.id,
      from: offer.from,
      to: offer.to,
      give: bundleOf(offer.give, makerCards),
      get: bundleOf(offer.get, takerCards),
    };
  });

  return {
    players,
    options: { ...v.options },
    step: v.step,
    round: v.round,
    phase: v.phase,
    lotDeck,
    shopDeck,
    shopsDrawn: v.shopsDrawn,
    economy,
    revealed: v.economy.length,
    hands,
    toSettle: v.toSettle.slice(),
    settles,
    settleStart: v.settleStart,
    tiles,
    owner: v.owner.slice(),
    shop,
    money,
    ready: v.ready.slice(),
    offers,
    offerCount: v.offerCount,
    done: v.done.slice(),
    start: v.start,
    turn: v.turn,
    income: v.income.map((round) => round.slice()),
    incomeParts: copyParts(v.incomeParts),
  };
}
