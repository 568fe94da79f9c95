import { isIntIn, isPlainObject } from '@skyline/engine';
import { KIND_COUNT, KIND_IDS, dollars, isLot, kindOf } from './data.js';
import { BUNDLE_FIELDS, type BundleInput } from './moves.js';
import { addCard, removeCard, type Bundle, type ChinatownState, type Offer } from './state.js';

/**
 * Trading (the rules page, "A round", step 3): reading bundles, checking that a seat holds what an offer
 * says it gives, and making the exchange.
 */

/** Whether an amount may change hands in a trade: a positive number of whole thousands of dollars. */
export function isTradeMoney(money: unknown): money is number {
  return isIntIn(money, 1000, Number.MAX_SAFE_INTEGER) && money % 1000 === 0;
}

export function emptyBundle(bundle: Bundle): boolean {
  return (
    bundle.lots.length === 0 &&
    bundle.money === 0 &&
    bundle.lotCards.length === 0 &&
    bundle.shops.every((n) => n === 0)
  );
}

function readLotList(value: unknown, what: string): number[] | string {
  if (!Array.isArray(value)) return `${what} must be a list of lot numbers`;
  const seen = new Set<number>();
  for (const lot of value) {
    if (!isLot(lot)) return `${what}: there is no lot ${JSON.stringify(lot)} (lots are 1 to 85)`;
    if (seen.has(lot)) return `${what}: lot ${lot} is listed twice`;
    seen.add(lot);
  }
  return [...seen].sort((a, b) => a - b);
}

/** Reads one side of an offer (`"give"` or `"get"`), or says what is wrong with it. */
export function readBundle(value: unknown, side: string, keepLotCards: boolean): Bundle | string {
  if (value === undefined) value = {}; // a side left out gives (or asks for) nothing
  if (!isPlainObject(value)) return `"${side}" must be an object such as {"lots": [12], "money": 3000}`;
  for (const field of Object.keys(value)) {
    if (!BUNDLE_FIELDS.includes(field)) {
      return `"${side}" has no field "${field}" (a bundle has lots, shops, money and lotCards)`;
    }
  }
  const bundle: Bundle = { lots: [], shops: new Array<number>(KIND_COUNT).fill(0), money: 0, lotCards: [] };
  const input = value;
  if (input.lots !== undefined) {
    const lots = readLotList(input.lots, `${side}.lots`);
    if (typeof lots === 'string') return lots;
    bundle.lots = lots;
  }
  if (input.shops !== undefined) {
    if (!isPlainObject(input.shops))
      return `${side}.shops must map shop kinds to numbers of tiles, as {"radio": 1}`;
    for (const [id, count] of Object.entries(input.shops)) {
      const kind = kindOf(id);
      if (kind === undefined) return `${side}.shops: there is no shop kind "${id}"`;
      if (!isIntIn(count, 1, 9))
        return `${side}.shops: the number of ${id} tiles must be a whole number from 1 to 9`;
      bundle.shops[kind] = count;
    }
  }
  if (input.money !== undefined) {
    const money = input.money;
    if (!isTradeMoney(money)) {
      return `${side}.money must be a positive amount in whole thousands, such as 3000`;
    }
    bundle.money = money;
  }
  if (input.lotCards !== undefined) {
    if (!keepLotCards) return 'lot cards can be traded only with the keepLotCards option';
    const cards = readLotList(input.lotCards, `${side}.lotCards`);
    if (typeof cards === 'string') return cards;
    bundle.lotCards = cards;
  }
  return bundle;
}

function tiles(count: number, kind: string): string {
  return `${count} ${kind} tile${count === 1 ? '' : 's'}`;
}

/**
 * What a seat may be asked to hold for a trade, as the rules read it: the state has all of it, a seat's view (see
 * `draftProblem` in `tradeCheck.ts`) the public part and its own money and lot cards (`null` where it does not know).
 */
export interface Holdings {
  owner: readonly number[];
  /** `tiles[seat][kind]`. */
  tiles: readonly (readonly number[])[];
  money: readonly (number | null)[];
  hands: readonly (readonly number[] | null)[];
}

/**
 * What is wrong with an offer, as data: the server says it in English (`problemText`), a board in its player's
 * language. `you`: said to the seat itself (it lacks what it gives), else of the maker of an offer being accepted.
 */
export type OfferProblem =
  | { code: 'empty' }
  | { code: 'lot'; seat: number; you: boolean; lot: number }
  | { code: 'tiles'; seat: number; you: boolean; kind: string; count: number; have: number }
  | { code: 'money'; seat: number; you: boolean; money: number; have: number }
  | { code: 'lotCard'; seat: number; you: boolean; card: number }
  | { code: 'theirLot'; seat: number; lot: number }
  | { code: 'theirTiles'; seat: number; kind: string; count: number; have: number }
  | { code: 'ownCard'; card: number }
  | { code: 'cardGone'; card: number };

/** A problem in the server's (English) words, as the rules have always said it. */
export function problemText(p: OfferProblem): string {
  switch (p.code) {
    case 'empty':
      return 'an offer must give or ask for something';
    case 'lot':
      return p.you ? `you do not own lot ${p.lot}` : `seat ${p.seat} no longer owns lot ${p.lot}`;
    case 'tiles':
      return `${p.you ? 'you do not hold' : `seat ${p.seat} no longer holds`} ${tiles(p.count, p.kind)} (only ${p.have})`;
    case 'money':
      return p.you
        ? `you do not have ${dollars(p.money)}`
        : `seat ${p.seat} no longer has the ${dollars(p.money)} of the offer`;
    case 'lotCard':
      return `${p.you ? 'you do not hold' : `seat ${p.seat} no longer holds`} lot card ${p.card}`;
    case 'theirLot':
      return `lot ${p.lot} is not seat ${p.seat}'s`;
    case 'theirTiles':
      return `seat ${p.seat} does not hold ${tiles(p.count, p.kind)} (only ${p.have})`;
    case 'ownCard':
      return `lot card ${p.card} is in your own hand`;
    case 'cardGone':
      return `lot card ${p.card} has left the game: lot ${p.card} is settled`;
  }
}

/**
 * What `seat` lacks of `bundle`, or `null` (money or lot cards the holdings do not know of are not checked). `you`:
 * said to the seat itself, else to the seat an offer is made to when the maker no longer holds what it offered.
 */
export function lackingOf(h: Holdings, seat: number, bundle: Bundle, you: boolean): OfferProblem | null {
  for (const lot of bundle.lots) {
    if (h.owner[lot] !== seat) return { code: 'lot', seat, you, lot };
  }
  const held = h.tiles[seat] ?? [];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    const count = bundle.shops[kind] as number;
    const have = held[kind] ?? 0;
    if (count > have) return { code: 'tiles', seat, you, kind: KIND_IDS[kind] as string, count, have };
  }
  const money = h.money[seat];
  if (money !== null && money !== undefined && bundle.money > money) {
    return { code: 'money', seat, you, money: bundle.money, have: money };
  }
  const hand = h.hands[seat];
  if (hand) {
    for (const card of bundle.lotCards) {
      if (!hand.includes(card)) return { code: 'lotCard', seat, you, card };
    }
  }
  return null;
}

/** `lackingOf` in the server's words. */
export function lacking(state: ChinatownState, seat: number, bundle: Bundle, you: boolean): string | null {
  const problem = lackingOf(state, seat, bundle, you);
  return problem && problemText(problem);
}

/**
 * Why `seat` may not offer `give` for `get` to `to`: everything the maker can know is checked (its own side, and
 * the other seat's lots and tiles, which are public). The other seat's money and lot cards are checked on acceptance.
 */
export function offerProblemOf(
  h: Holdings,
  seat: number,
  to: number,
  give: Bundle,
  get: Bundle,
): OfferProblem | null {
  if (emptyBundle(give) && emptyBundle(get)) return { code: 'empty' };
  const mine = lackingOf(h, seat, give, true);
  if (mine !== null) return mine;
  for (const lot of get.lots) {
    if (h.owner[lot] !== to) return { code: 'theirLot', seat: to, lot };
  }
  const theirs = h.tiles[to] ?? [];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    const count = get.shops[kind] as number;
    const have = theirs[kind] ?? 0;
    if (count > have) return { code: 'theirTiles', seat: to, kind: KIND_IDS[kind] as string, count, have };
  }
  const hand = h.hands[seat] ?? [];
  for (const card of get.lotCards) {
    if (hand.includes(card)) return { code: 'ownCard', card };
    if (h.owner[card] !== -1) return { code: 'cardGone', card };
  }
  return null;
}

/** `offerProblemOf` in the server's words. */
export function offerProblem(
  state: ChinatownState,
  seat: number,
  to: number,
  give: Bundle,
  get: Bundle,
): string | null {
  const problem = offerProblemOf(state, seat, to, give, get);
  return problem && problemText(problem);
}

/** Why the recipient may not accept `offer` now (both sides must still hold everything in it), or `null`. */
export function acceptProblem(state: ChinatownState, offer: Offer): string | null {
  return lacking(state, offer.from, offer.give, false) ?? lacking(state, offer.to, offer.get, true);
}

function transfer(state: ChinatownState, from: number, to: number, bundle: Bundle): void {
  for (const lot of bundle.lots) state.owner[lot] = to; // a tile on the lot stays where it is
  const source = state.tiles[from] as number[];
  const target = state.tiles[to] as number[];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    const count = bundle.shops[kind] as number;
    source[kind] = (source[kind] as number) - count;
    target[kind] = (target[kind] as number) + count;
  }
  state.money[from] = (state.money[from] as number) - bundle.money;
  state.money[to] = (state.money[to] as number) + bundle.money;
  for (const card of bundle.lotCards) {
    removeCard(state.hands[from] as number[], card);
    addCard(state.hands[to] as number[], card);
  }
}

/** The items of an accepted offer change hands. */
export function exchange(state: ChinatownState, offer: Offer): void {
  transfer(state, offer.from, offer.to, offer.give);
  transfer(state, offer.to, offer.from, offer.get);
}

/** A bundle as the move JSON writes it (only the fields that are not empty). */
export function bundleJson(bundle: Bundle): BundleInput {
  const out: BundleInput = {};
  if (bundle.lots.length > 0) out.lots = bundle.lots.slice();
  if (bundle.shops.some((n) => n > 0)) {
    const shops: Record<string, number> = {};
    bundle.shops.forEach((n, kind) => {
      if (n > 0) shops[KIND_IDS[kind] as string] = n;
    });
    out.shops = shops;
  }
  if (bundle.money > 0) out.money = bundle.money;
  if (bundle.lotCards.length > 0) out.lotCards = bundle.lotCards.slice();
  return out;
}
