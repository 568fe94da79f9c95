/**
 * The board and components listed in `chinatown.json` (facts, not code: the rules page's "Components" describes
 * them), turned into the flat arrays the rules use. Lots are numbered 1..85 and index arrays directly (index 0 is
 * unused); shop kinds are indices 0..11 in the data file's order.
 */
import data from './chinatown.json' with { type: 'json' };

interface KindData {
  id: string;
  en: string;
  fr: string;
  size: number;
  tiles: number;
}

interface ChinatownData {
  lots: Record<string, { block: number; row: number; col: number; neighbours: number[] }>;
  shops: KindData[];
  income: { incomplete: Record<string, number>; complete: Record<string, number> };
  startMoney: number;
  economy: { id: string; sizes: number[] }[];
  rounds: number;
  lotCards: Record<string, [number, number][]>;
  shopTiles: Record<string, number[]>;
  noStreetAccess: Record<string, number[]>;
}

const DATA = data as unknown as ChinatownData;

export const LOT_COUNT = 85;
export const ROUNDS = DATA.rounds;
export const START_MONEY = DATA.startMoney;

/** `NEIGHBOURS[lot]`: the lots sharing a side with `lot` inside its block. */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: LOT_COUNT + 1 }, (_, lot) =>
  Object.freeze(lot === 0 ? [] : [...(DATA.lots[String(lot)]?.neighbours ?? [])]),
);

/** `BLOCK[lot]`: the block (1..6) of a lot. */
export const BLOCK: readonly number[] = Array.from({ length: LOT_COUNT + 1 }, (_, lot) =>
  lot === 0 ? 0 : (DATA.lots[String(lot)]?.block ?? 0),
);

/** The 12 kinds of shop, in the data file's order. */
export const KINDS: readonly KindData[] = DATA.shops.map((kind) => Object.freeze({ ...kind }));
export const KIND_COUNT = KINDS.length;
export const KIND_IDS: readonly string[] = KINDS.map((kind) => kind.id);
/** `KIND_SIZE[k]`: how many tiles make a shop of kind `k` complete. */
export const KIND_SIZE: readonly number[] = KINDS.map((kind) => kind.size);
/** `KIND_TILES[k]`: how many tiles of kind `k` the game has. */
export const KIND_TILES: readonly number[] = KINDS.map((kind) => kind.tiles);
export const SHOP_TILE_COUNT = KIND_TILES.reduce((sum, n) => sum + n, 0);

const KIND_INDEX = new Map(KIND_IDS.map((id, k) => [id, k]));
/** The kind index of a shop id, or `undefined`. */
export function kindOf(id: unknown): number | undefined {
  return typeof id === 'string' ? KIND_INDEX.get(id) : undefined;
}

/** `INCOMPLETE[n]`: the income of an incomplete shop of `n` tiles; `COMPLETE[m]`: of a complete shop of size `m`. */
export const INCOMPLETE: readonly number[] = Array.from(
  { length: 7 },
  (_, n) => DATA.income.incomplete[String(n)] ?? 0,
);
export const COMPLETE: readonly number[] = Array.from(
  { length: 7 },
  (_, m) => DATA.income.complete[String(m)] ?? 0,
);

/** The 9 economy cards; `ECONOMY_SIZES[e]` the shop sizes card `e` pays $1,000 a tile for. */
export const ECONOMY_IDS: readonly string[] = DATA.economy.map((card) => card.id);
export const ECONOMY_SIZES: readonly (readonly number[])[] = DATA.economy.map((card) =>
  Object.freeze([...card.sizes]),
);
export const ECONOMY_COUNT = ECONOMY_IDS.length;
/** Economy cards put away unseen at the start. */
export const ECONOMY_PUT_AWAY = 3;
const ECONOMY_INDEX = new Map(ECONOMY_IDS.map((id, e) => [id, e]));
export function economyOf(id: unknown): number | undefined {
  return typeof id === 'string' ? ECONOMY_INDEX.get(id) : undefined;
}

/** Lot cards each seat draws and settles in `round` (1-based); with `drawMax`, it draws as many as in round 1. */
export function lotCardsOf(
  players: number,
  round: number,
  drawMax: boolean,
): { draw: number; settle: number } {
  const table = DATA.lotCards[String(players)] as [number, number][];
  const [draw, settle] = table[round - 1] as [number, number];
  return { draw: drawMax ? (table[0] as [number, number])[0] : draw, settle };
}

/** Shop tiles each seat draws in `round` (1-based). */
export function shopTilesOf(players: number, round: number): number {
  return (DATA.shopTiles[String(players)] as number[])[round - 1] as number;
}

/** `NO_STREET_ACCESS[lot]`: variant A, the lot has no street access (it can only extend a shop). */
export const NO_STREET_ACCESS: readonly boolean[] = (() => {
  const flags = new Array<boolean>(LOT_COUNT + 1).fill(false);
  for (const lots of Object.values(DATA.noStreetAccess)) for (const lot of lots) flags[lot] = true;
  return flags;
})();
export const NO_STREET_ACCESS_LOTS: Readonly<Record<string, readonly number[]>> = DATA.noStreetAccess;

/** Whether `value` is a lot number. */
export function isLot(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LOT_COUNT;
}

/** `$3,000`, as players write amounts. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
