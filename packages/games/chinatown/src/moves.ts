import { KIND_COUNT, KIND_IDS, LOT_COUNT } from './data.js';

/**
 * What a seat gives or gets in an offer (the rules page, "Trading"). Every field is optional in a move;
 * `lotCards` only with `keepLotCards`. Money is in dollars (whole thousands).
 */
export interface BundleInput {
  lots?: number[];
  shops?: Record<string, number>;
  money?: number;
  lotCards?: number[];
}

/** A seat's move (the JSON shapes below; the rules page says what each move does). */
export type ChinatownMove =
  | { type: 'settle'; lots: number[] }
  | { type: 'offer'; to: number; give?: BundleInput; get?: BundleInput }
  | { type: 'accept'; offer: number }
  | { type: 'decline'; offer: number }
  | { type: 'withdraw'; offer: number }
  | { type: 'ready' }
  | { type: 'unready' }
  | { type: 'place'; lot: number; shop: string }
  | { type: 'done' };

/** The chance moves: the setup of the game, and each reshuffle of the lot deck. */
export type ChinatownChance =
  | { type: 'setup'; lots: number[]; shops: string[]; economy?: string[]; start: number }
  | { type: 'shuffleLots'; order: number[] };

/** The fields each move type has besides `type` (for `readMove`). */
export const MOVE_SHAPES = {
  settle: { required: ['lots'] },
  offer: { required: ['to'], optional: ['give', 'get'] },
  accept: { required: ['offer'] },
  decline: { required: ['offer'] },
  withdraw: { required: ['offer'] },
  ready: {},
  unready: {},
  place: { required: ['lot', 'shop'] },
  done: {},
} as const;

export const CHANCE_SHAPES = {
  setup: { required: ['lots', 'shops', 'start'], optional: ['economy'] },
  shuffleLots: { required: ['order'] },
} as const;

export const BUNDLE_FIELDS: readonly string[] = ['lots', 'shops', 'money', 'lotCards'];

// Move objects are shared and frozen, so listing legal moves allocates little more than the list.

export const READY_MOVE: ChinatownMove = Object.freeze({ type: 'ready' });
export const UNREADY_MOVE: ChinatownMove = Object.freeze({ type: 'unready' });
export const DONE_MOVE: ChinatownMove = Object.freeze({ type: 'done' });

/** `PLACE_MOVES[lot][kind]`. */
export const PLACE_MOVES: readonly (readonly ChinatownMove[])[] = Array.from(
  { length: LOT_COUNT + 1 },
  (_, lot) =>
    Object.freeze(KIND_IDS.map((shop) => Object.freeze({ type: 'place', lot, shop }) as ChinatownMove)),
);

/** Answers to offers, by offer id, made as needed and kept (ids only grow). */
const answers = {
  accept: [] as ChinatownMove[],
  decline: [] as ChinatownMove[],
  withdraw: [] as ChinatownMove[],
};
export function answerMove(type: 'accept' | 'decline' | 'withdraw', offer: number): ChinatownMove {
  const list = answers[type];
  const known = list[offer];
  if (known !== undefined) return known;
  const move: ChinatownMove = Object.freeze({ type, offer });
  list[offer] = move;
  return move;
}

function frozenOffer(to: number, give: BundleInput, get: BundleInput): ChinatownMove {
  const freeze = (bundle: BundleInput): BundleInput => {
    if (bundle.shops) Object.freeze(bundle.shops);
    if (bundle.lots) Object.freeze(bundle.lots);
    return Object.freeze(bundle);
  };
  return Object.freeze({ type: 'offer', to, give: freeze(give), get: freeze(get) });
}

const MAX_SEATS = 5;
const table = <T>(outer: number, make: (i: number) => T): T[] =>
  Array.from({ length: outer }, (_, i) => make(i));

/** The simple offers of the legal-move sample: one tile for one tile, a tile for $1,000, a lot for $2,000. */
export const SWAP_OFFERS: readonly (readonly (readonly ChinatownMove[])[])[] = table(MAX_SEATS, (to) =>
  table(KIND_COUNT, (give) =>
    table(KIND_COUNT, (get) =>
      frozenOffer(
        to,
        { shops: { [KIND_IDS[give] as string]: 1 } },
        { shops: { [KIND_IDS[get] as string]: 1 } },
      ),
    ),
  ),
);
export const BUY_OFFERS: readonly (readonly ChinatownMove[])[] = table(MAX_SEATS, (to) =>
  table(KIND_COUNT, (get) => frozenOffer(to, { money: 1000 }, { shops: { [KIND_IDS[get] as string]: 1 } })),
);
export const SELL_OFFERS: readonly (readonly ChinatownMove[])[] = table(MAX_SEATS, (to) =>
  table(KIND_COUNT, (give) => frozenOffer(to, { shops: { [KIND_IDS[give] as string]: 1 } }, { money: 1000 })),
);
export const LOT_BUY_OFFERS: readonly (readonly ChinatownMove[])[] = table(MAX_SEATS, (to) =>
  table(LOT_COUNT + 1, (lot) => frozenOffer(to, { money: 2000 }, { lots: [lot] })),
);

/** With `keepLotCards`: one lot card for $1,000 (`LOT_CARD_SELL_OFFERS[to][card]`). */
export const LOT_CARD_SELL_OFFERS: readonly (readonly ChinatownMove[])[] = table(MAX_SEATS, (to) =>
  table(LOT_COUNT + 1, (card) => frozenOffer(to, { lotCards: [card] }, { money: 1000 })),
);
